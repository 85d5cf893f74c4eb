import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { artifact, signInAs } from './support/session';
import { expectAccessible } from './support/a11y';

/** The users table of /admin/users. */
function usersTable(page: Page) {
  return page.getByRole('table', { name: 'Users' });
}

/** The total the footer shows ("1–6 of 6 users"). */
async function shownTotal(page: Page): Promise<number> {
  const footer = page.getByText(/^(\d+–\d+ of \d+|0) users$/);
  await expect(footer).toBeVisible();
  const match = /of (\d+) users$/.exec(await footer.innerText());
  return match ? Number(match[1]) : 0;
}

/** The texts of one column, top to bottom, once the table is not loading. */
async function columnTexts(page: Page, label: string): Promise<string[]> {
  const table = usersTable(page);
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const headers = await table.locator('thead th').allInnerTexts();
  const index = headers.findIndex((text) => text.trim() === label);
  expect(index, `column ${label} among ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return table.locator(`tbody tr td:nth-child(${index + 1})`).allInnerTexts();
}

function header(page: Page, label: string) {
  return usersTable(page).getByRole('columnheader', { name: label, exact: true });
}

/** Adds a "Role is any of ..." filter through the filter editor. */
async function filterRoles(page: Page, roles: string[]): Promise<void> {
  await page.getByRole('button', { name: 'Filters' }).click();
  const editor = page.getByRole('dialog');
  await editor.getByLabel('Filter 1 column').selectOption({ label: 'Role' });
  await expect(editor.getByLabel('Filter 1 operator')).toHaveValue('in');
  for (const role of roles) {
    await editor.getByRole('textbox', { name: 'Role value' }).click();
    await page.getByRole('option', { name: role, exact: true }).click();
  }
  // Escape closes the list of options, not the editor.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('option', { name: roles[0]!, exact: true })).toBeHidden();
  await expect(editor).toBeVisible();
  await editor.getByRole('button', { name: 'Apply' }).click();
  await expect(editor).toBeHidden();
}

test('sorting by a header cycles ascending, descending and none, with aria-sort', async ({ page }) => {
  await signInAs(page, 'companyadmin', '/admin/users');
  await expect(header(page, 'Last name')).toHaveAttribute('aria-sort', 'ascending');
  const username = header(page, 'Username');
  await expect(username).toHaveAttribute('aria-sort', 'none');

  await username.getByRole('button').click();
  await expect(username).toHaveAttribute('aria-sort', 'ascending');
  await expect(header(page, 'Last name')).toHaveAttribute('aria-sort', 'none');
  await expect(page).toHaveURL(/sort=username(&|$)/);
  const ascending = await columnTexts(page, 'Username');
  expect(ascending.length).toBeGreaterThan(2);
  expect(ascending).toEqual([...ascending].sort((a, b) => a.localeCompare(b)));

  // Keyboard: the header is a button.
  await username.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(username).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/sort=-username/);
  await expect.poll(() => columnTexts(page, 'Username')).toEqual([...ascending].reverse());

  await username.getByRole('button').click();
  await expect(username).toHaveAttribute('aria-sort', 'none');
  await expect(page).toHaveURL(/sort=(&|$)/);

  // The page size is remembered for the next visit.
  await page.getByLabel('Rows per page').selectOption('25');
  await expect(page).toHaveURL(/pageSize=25/);
  await expect(page.getByText(/^1–\d+ of \d+ users$/)).toBeVisible();
  await page.goto('/admin/users');
  await expect(page.getByLabel('Rows per page')).toHaveValue('25');
  await page.getByLabel('Rows per page').selectOption('50');
  await expect(page).toHaveURL(/pageSize=50/);
});

test('filters and search narrow the rows, and a reload of the URL keeps them', async ({ page }) => {
  await signInAs(page, 'companyadmin', '/admin/users');
  const everyone = await shownTotal(page);

  await filterRoles(page, ['Nurse']);
  await expect(page.getByRole('group', { name: 'Active filters' })).toContainText('Role is any of Nurse');
  await expect.poll(() => columnTexts(page, 'Role')).toEqual(['Nurse']);
  expect(await shownTotal(page)).toBe(1);

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect.poll(() => shownTotal(page)).toBe(everyone);

  await page.getByLabel('Search users').fill('branchman');
  await expect(page).toHaveURL(/search=branchman/);
  await expect.poll(() => columnTexts(page, 'Username')).toEqual(['branchmanager']);

  // Nothing matches: the empty state offers to clear.
  await page.getByLabel('Search users').fill('no such person at all');
  await expect(page.getByText('No rows match these filters')).toBeVisible();
  await usersTable(page).getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByLabel('Search users')).toHaveValue('');
  await expect.poll(() => shownTotal(page)).toBe(everyone);

  await filterRoles(page, ['Nurse', 'PRN']);
  await page.getByLabel('Search users').fill('demo.hearth');
  await expect(page).toHaveURL(/search=demo\.hearth/);
  await expect.poll(async () => (await columnTexts(page, 'Role')).sort()).toEqual(['Nurse', 'PRN']);

  await page.reload();
  await expect(page.getByLabel('Search users')).toHaveValue('demo.hearth');
  await expect(page.getByRole('group', { name: 'Active filters' })).toContainText('Role is any of Nurse, PRN');
  await expect.poll(async () => (await columnTexts(page, 'Role')).sort()).toEqual(['Nurse', 'PRN']);

  // Enter on a focused row opens it.
  await usersTable(page).locator('tbody tr').first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
});

test('a saved view keeps columns, filters and sort; it survives a reload and is picked from the menu', async ({ page }) => {
  await signInAs(page, 'companyadmin', '/admin/users');
  const name = `Clinical ${Date.now() % 100000}`;

  await filterRoles(page, ['Nurse', 'PRN']);
  await header(page, 'Username').getByRole('button').click();
  await header(page, 'Username').getByRole('button').click();
  await expect(header(page, 'Username')).toHaveAttribute('aria-sort', 'descending');
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('list', { name: 'Shown columns' }).getByRole('checkbox', { name: 'Email' }).click();
  await expect(page.getByRole('list', { name: 'Hidden columns' }).getByRole('checkbox', { name: 'Email' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Move Role up' }).click();
  await page.keyboard.press('Escape');
  await expect(header(page, 'Email')).toHaveCount(0);
  // Role now comes before Phone (read the headers only once the table shows the move).
  await expect(usersTable(page).locator('thead th').nth(3)).toHaveText('Role');
  const headersBefore = await usersTable(page).locator('thead th').allInnerTexts();
  const usernames = await columnTexts(page, 'Username');
  expect(usernames).toEqual(['prn', 'nurse']);

  await page.getByRole('button', { name: 'Saved views' }).click();
  await page.getByRole('menuitem', { name: 'Save as new view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Everyone in the company').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const viewButton = page.getByRole('button', { name: `View: ${name}` });
  await expect(viewButton).toBeVisible();
  await expect(page).toHaveURL(/viewId=\d+/);

  await page.reload();
  await expect(viewButton).toBeVisible();
  await expect(header(page, 'Username')).toHaveAttribute('aria-sort', 'descending');
  expect(await usersTable(page).locator('thead th').allInnerTexts()).toEqual(headersBefore);
  expect(await columnTexts(page, 'Username')).toEqual(usernames);

  // Back to the default view, then pick the saved one from the menu.
  await viewButton.click();
  await page.getByRole('menuitem', { name: 'Default view' }).click();
  await expect(page.getByRole('button', { name: 'Saved views' })).toBeVisible();
  await expect(header(page, 'Email')).toHaveCount(1);
  await expect(page.getByRole('group', { name: 'Active filters' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Saved views' }).click();
  await page.getByRole('menuitem', { name }).click();
  await expect(viewButton).toBeVisible();
  await expect.poll(() => columnTexts(page, 'Username')).toEqual(usernames);
  expect(await usersTable(page).locator('thead th').allInnerTexts()).toEqual(headersBefore);

  // The last view is remembered: the bare page opens it again.
  await page.goto('/admin/users');
  await expect(viewButton).toBeVisible();
  await expect(page).toHaveURL(/viewId=\d+/);
  expect(await columnTexts(page, 'Username')).toEqual(usernames);

  // A change marks the view as changed; the owner may save it or delete it.
  await header(page, 'Username').getByRole('button').click();
  await expect(page.getByRole('button', { name: `View: ${name} (changed)` })).toBeVisible();
  await page.getByRole('button', { name: `View: ${name} (changed)` }).click();
  await page.getByRole('menuitem', { name: `Delete "${name}"…` }).click();
  await page.getByRole('dialog', { name: 'Delete view' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('button', { name: 'Saved views' })).toBeVisible();
  await expect(page).not.toHaveURL(/viewId=/);
  await page.getByRole('button', { name: 'Saved views' }).click();
  await expect(page.getByRole('menuitem', { name })).toHaveCount(0);
  await page.keyboard.press('Escape');
});

test('export downloads the current state as CSV and XLSX', async ({ page }) => {
  await signInAs(page, 'companyadmin', '/admin/users?sort=username&columns=username,lastName,roleName,isActive');
  const total = await shownTotal(page);
  expect(total).toBeGreaterThan(1);
  const usernames = await columnTexts(page, 'Username');

  await page.getByRole('button', { name: 'Export' }).click();
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await readFile(await csv.path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/).filter((line) => line !== '');
  expect(lines[0]).toBe('Username,Last name,Role,Active');
  expect(lines.length - 1).toBe(total);
  expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(usernames);
  expect(lines.slice(1).every((line) => /,(Yes|No)$/.test(line))).toBe(true);

  await page.getByRole('button', { name: 'Export' }).click();
  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const bytes = await readFile(await xlsx.path());
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
});

test('the users table in light and dark', async ({ page }) => {
  await signInAs(page, 'companyadmin', '/admin/users');
  await expect(usersTable(page).locator('tbody tr').first()).toBeVisible();
  await expect(usersTable(page)).toHaveAttribute('aria-busy', 'false');
  await filterRoles(page, ['Nurse', 'Branch Manager', 'Company Admin', 'RVP', 'PRN']);
  await expect(usersTable(page)).toHaveAttribute('aria-busy', 'false');
  await page.screenshot({ path: artifact('data-table-users.png') });
  await expectAccessible(page, '/admin/users');

  await page.getByRole('button', { name: 'Toggle color scheme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  // Away from the toggle, so its tooltip is not in the picture.
  await page.mouse.move(700, 700);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.screenshot({ path: artifact('data-table-users-dark.png') });
  await page.getByRole('button', { name: 'Toggle color scheme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});
