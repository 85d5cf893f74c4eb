import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { artifact, signInAs } from './support/session';
import { expectAccessible } from './support/a11y';

/** Finds a user through the list's search box and opens their edit page. */
async function openUser(page: Page, search: string): Promise<void> {
  await page.goto('/admin/users');
  await page.getByLabel('Search users').fill(search);
  // Clicked only once the search is applied and its rows shown: the unfiltered page may list the same user lower
  // down, and a click aimed there as the filtered rows replace it lands below the shorter table.
  await expect(page).toHaveURL(new RegExp(`search=${search}$`));
  await expect(page.getByRole('table', { name: 'Users' })).toHaveAttribute('aria-busy', 'false');
  const row = page.getByRole('row').filter({ hasText: `${search}@demo.hearth.care` });
  await expect(row).toHaveCount(1);
  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
  await expect(page.getByLabel('First name')).toBeVisible();
}

test('the user form offers only what the caller may change', async ({ page }) => {
  await signInAs(page, 'companyadmin');
  // The Developer's access reaches further than a company admin's: the form says so and has no Save.
  await openUser(page, 'developer');
  await expect(page.getByText(/whose access reaches further than yours/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Impersonate' })).toHaveCount(0);

  // A nurse's role may change, but not to Developer; the email is changed only by a system-level admin.
  await openUser(page, 'nurse');
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly');
  await page.getByRole('textbox', { name: 'Role' }).click();
  await expect(page.getByRole('option', { name: 'Developer' })).toHaveAttribute('data-combobox-disabled');
  await expect(page.getByRole('option', { name: 'PRN' })).not.toHaveAttribute('data-combobox-disabled');
});

test('a saved edit shows up in the user history', async ({ page }) => {
  // Another user's phone is changed only by a system-level admin (issue 28 "Who may manage whom").
  await signInAs(page, 'developer');
  await openUser(page, 'nurse');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Invalid email')).toBeVisible();
  await page.getByRole('button', { name: 'Reset', exact: true }).click();

  const phone = `(555) 01${String(Date.now()).slice(-1)}-${String(Date.now()).slice(-4)}`;
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset', exact: true })).toBeDisabled();

  const history = page.getByRole('table', { name: 'User history' });
  const entry = history.getByRole('row').filter({ hasText: `→ ${phone}` });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('UPDATE');
  await expect(entry).toContainText(/\d{2}\/\d{2}\/\d{2} \d{1,2}:\d{2} (AM|PM)/);

  // The SSN comes back masked; saving the form again keeps it instead of failing on the mask.
  await page.getByLabel('SSN', { exact: true }).fill('123-45-6789');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('SSN', { exact: true })).toHaveValue('***-**-6789');
  await expect(history.getByRole('row').filter({ hasText: 'ssn changed' })).toHaveCount(1);
  await page.getByLabel('ADP file number').fill('ADP-0042');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(history.getByRole('row').filter({ hasText: 'adpFileNumber: — → ADP-0042' })).toHaveCount(1);
  await expect(page.getByLabel('SSN', { exact: true })).toHaveValue('***-**-6789');

  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.screenshot({ path: artifact('admin-user-edit.png') });
  await expectAccessible(page, 'user edit');
});

test('impersonating a user and stopping from the footer', async ({ page }) => {
  await signInAs(page, 'companyadmin');
  await openUser(page, 'nurse');
  const nurseName = (await page.getByRole('heading', { level: 2 }).innerText()).split(' ')[0]!;
  await page.getByRole('button', { name: 'Impersonate' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: `Welcome, ${nurseName}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Admin' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Stop impersonating' }).click();
  await expect(page.getByRole('button', { name: 'Stop impersonating' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Admin' })).toBeVisible();
});

test('roles: a developer edits permissions, a company admin only reads them', async ({ page }) => {
  await signInAs(page, 'developer', '/admin/roles');
  await page.getByRole('textbox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Nurse' }).click();
  await expect(page.getByRole('tab', { name: 'Actions' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Filter actions').fill('Branch');
  const getBranches = page.getByRole('checkbox', { name: 'getBranches' });
  const wasChecked = await getBranches.isChecked();
  await getBranches.setChecked(!wasChecked);
  await page.getByRole('button', { name: 'Save actions' }).click();
  await expect(page.getByText('Nurse: actions permissions saved')).toBeVisible();
  await page.screenshot({ path: artifact('roles-editor.png') });
  await expectAccessible(page, '/admin/roles');
  // Put it back, so the demo data stays as seeded.
  await getBranches.setChecked(wasChecked);
  await page.getByRole('button', { name: 'Save actions' }).click();
  await expect(page.getByRole('button', { name: 'Save actions' })).toBeDisabled();

  await page.getByRole('tab', { name: 'Tables' }).click();
  await expect(page.getByRole('checkbox', { name: 'users', exact: true })).toBeVisible();

  // The chat flags: the Nurse role may broadcast to a branch once saved, and the page shows it after a reload.
  const openNurseChat = async () => {
    await page.getByRole('textbox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Nurse' }).click();
    await page.getByRole('tab', { name: 'Chat' }).click();
  };
  await openNurseChat();
  const broadcast = page.getByRole('switch', { name: 'Broadcast to a branch' });
  await expect(broadcast).not.toBeChecked();
  await broadcast.setChecked(true);
  await page.getByRole('button', { name: 'Save chat' }).click();
  await expect(page.getByText('Nurse: chat settings saved')).toBeVisible();
  await page.reload();
  await openNurseChat();
  await expect(broadcast).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Chat', exact: true })).toBeChecked();
  await page.screenshot({ path: artifact('admin-roles-chat.png') });
  await expectAccessible(page, '/admin/roles chat');
  // Put it back, so the demo data stays as seeded.
  await broadcast.setChecked(false);
  await page.getByRole('button', { name: 'Save chat' }).click();
  await expect(page.getByRole('button', { name: 'Save chat' })).toBeDisabled();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await signInAs(page, 'companyadmin', '/admin/roles');
  await expect(page.getByText(/Read only/)).toBeVisible();
  await expect(page.getByRole('checkbox').first()).toBeDisabled();
  await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Chat' }).click();
  await expect(page.getByRole('switch', { name: 'Chat', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);
});

test('a branch edit is checked by the shared rules and saved', async ({ page }) => {
  await signInAs(page, 'companyadmin', '/admin/branches');
  await page.getByRole('link', { name: 'Springfield' }).click();
  await expect(page).toHaveURL(/\/admin\/branches\/\d+$/);
  await expectAccessible(page, 'branch edit');
  const radius = page.getByLabel('Geofence radius (metres)');
  await expect(radius).toHaveValue('150');
  await radius.fill('5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Geofence radius must be at least 10 m')).toBeVisible();

  await radius.fill('200');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Branch saved')).toBeVisible();
  await page.reload();
  await expect(radius).toHaveValue('200');
  await radius.fill('150');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Reset', exact: true })).toBeDisabled();
});
