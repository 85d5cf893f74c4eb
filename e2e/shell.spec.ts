import { expect, test } from './support/test';
import { artifact, mainMenu, signInAs } from './support/session';
import { expectAccessible } from './support/a11y';

/** Opens the Admin submenu (collapsed unless an admin page is open) and returns its link names. */
async function adminLinks(page: import('@playwright/test').Page): Promise<string[]> {
  const menu = mainMenu(page);
  await menu.getByRole('button', { name: 'Admin' }).click();
  await expect(menu.getByRole('link', { name: 'Branches' })).toBeVisible();
  return menu.getByRole('link').allInnerTexts();
}

test('company admin sees Admin without the system-level entries', async ({ page }) => {
  await signInAs(page, 'companyadmin');
  const links = await adminLinks(page);
  for (const name of ['Branches', 'Users', 'Roles', 'Payer Sources', 'Pay Period Lock Times', 'Care Form Types', 'Case Types']) {
    expect(links).toContain(name);
  }
  for (const name of ['File Import Types', 'File Export Types', 'Logging']) expect(links).not.toContain(name);
  await expect(page.getByText('v3.13.55')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop impersonating' })).toHaveCount(0);
});

test('a nurse sees no Admin menu', async ({ page }) => {
  await signInAs(page, 'nurse');
  const menu = mainMenu(page);
  await expect(menu.getByRole('link', { name: 'Home' })).toBeVisible();
  for (const name of ['Map', 'Clients', 'Caregivers', 'Reports', 'Cases', 'Care Forms']) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  }
  // Chat's name also carries the unread count, when other flows left the nurse's office a message.
  await expect(menu.getByRole('link', { name: /^Chat/ })).toBeVisible();
  // Its name also says when there are notifications not yet seen (the red dot).
  await expect(menu.getByRole('link', { name: /^Notifications/ })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Files' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Admin' })).toHaveCount(0);
});

test('a developer sees the system-level Admin entries', async ({ page }) => {
  await signInAs(page, 'developer');
  const links = await adminLinks(page);
  for (const name of ['File Export Types', 'File Import Types', 'Logging']) expect(links).toContain(name);
  await mainMenu(page).getByRole('link', { name: 'Logging' }).click();
  await expect(page).toHaveURL('/admin/logging');
  await expect(page.getByRole('heading', { name: 'Access log' })).toBeVisible();
});

test('/admin opens Branches, and the shell looks right in light and dark', async ({ page }) => {
  await signInAs(page, 'companyadmin', '/admin');
  await expect(page).toHaveURL('/admin/branches');
  await expect(page.getByRole('heading', { name: 'Branches' })).toBeVisible();
  // The Admin group opens by itself so the active entry can be seen.
  await expect(mainMenu(page).getByRole('link', { name: 'Branches' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: 'Boston' })).toBeVisible();
  await page.screenshot({ path: artifact('shell-light-1280.png') });
  await expectAccessible(page, 'staff shell /admin/branches');

  await page.getByRole('button', { name: 'Toggle color scheme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.screenshot({ path: artifact('shell-dark-1280.png') });
  await page.getByRole('button', { name: 'Toggle color scheme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('below the tablet breakpoint the menu moves into a drawer titled Menu', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await signInAs(page, 'companyadmin');
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  await expect(mainMenu(page)).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Caregivers' })).toBeVisible();
  await page.waitForTimeout(400); // let the slide-in finish before the picture
  await page.screenshot({ path: artifact('shell-800-drawer.png'), animations: 'disabled' });
  await expectAccessible(page, 'menu drawer');

  await drawer.getByRole('link', { name: 'Caregivers' }).click();
  await expect(page).toHaveURL('/caregivers');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Caregivers', level: 2 })).toBeVisible();
});
