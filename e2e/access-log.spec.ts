import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { artifact, signInAs } from './support/session';
import { mutation, tokenOf } from './support/api';

const MINUTE = 60_000;

test('a session idle for more than 30 minutes ends and the page reloads to sign-in (spec section 4)', async ({ page }) => {
  await page.clock.install();
  await signInAs(page, 'companyadmin', '/clients');
  await expect(page.getByRole('heading', { name: 'Clients' })).toBeVisible();

  // 29 quiet minutes: still signed in; then a click counts as activity and restarts the count.
  await page.clock.fastForward(29 * MINUTE);
  await expect(page).toHaveURL(/\/clients$/);
  await page.getByRole('heading', { name: 'Clients' }).click();
  await page.clock.fastForward(29 * MINUTE);
  await expect(page).toHaveURL(/\/clients$/);
  expect(await page.evaluate(() => window.localStorage.getItem('hearth.token'))).toBeTruthy();

  // Past 30 minutes without activity: the session ends, the page reloads and asks to sign in again.
  await page.clock.fastForward(31 * MINUTE);
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('hearth.token'))).toBeNull();
});

test("a company's shorter inactivity limit logs the browser off after it, not after 30 minutes", async ({ page, request }) => {
  const admin = await tokenOf(request, 'companyadmin');
  await mutation(request, admin, 'updateSecuritySettings', { idleTimeoutMinutes: 10 });
  try {
    await page.clock.install();
    await signInAs(page, 'branchmanager', '/clients');
    await expect(page.getByRole('heading', { name: 'Clients' })).toBeVisible();
    await page.clock.fastForward(9 * MINUTE);
    await expect(page).toHaveURL(/\/clients$/);
    await page.clock.fastForward(2 * MINUTE);
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => window.localStorage.getItem('hearth.token'))).toBeNull();
  } finally {
    // The demo company's other flows keep the spec's limit.
    await mutation(request, admin, 'updateSecuritySettings', { idleTimeoutMinutes: 30 });
  }
});

test('the access log at /admin/logging lists sign-ins and record reads, filterable, for system-level access', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // A profile read first, so the log has one to show.
  await signInAs(page, 'companyadmin', '/clients');
  await page.getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/clients\/\d+\/(profile|schedule)/);

  await signInAs(page, 'developer', '/admin/logging');
  await expect(page.getByRole('heading', { name: 'Access log' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Signed in' }).first()).toBeVisible();
  await page.screenshot({ path: artifact('access-log.png') });
  await expectAccessible(page, '/admin/logging');
});
