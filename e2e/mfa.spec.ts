import fs from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { appOutboxCopyFile, expect, test } from './support/test';
import { artifact, DEMO_PASSWORD, signInAs } from './support/session';
import { expectAccessible } from './support/a11y';
import { mutation, query, tokenOf } from './support/api';
import { totpNow } from './support/mfa';

// Both flows enrol the RVP demo user afresh (no other flow signs in as them), one after the other.
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 800 } });

/**
 * As the company admin, removes the RVP's second factors (resetUserMfa): through the user page's reset button in a
 * browser of their own when `browser` is given, else through the API. Then signs the RVP in with the password.
 */
async function signInUnenrolledRvp(page: Page, request: APIRequestContext, browser?: Browser): Promise<void> {
  const admin = await tokenOf(request, 'companyadmin');
  const rows = await query<{ rows: { id: number; username: string }[] }>(request, admin, 'getUsers', {
    search: 'rvp',
    page: 1,
    pageSize: 10,
  });
  const rvp = rows.rows.find((u) => u.username === 'rvp')!;
  if (browser) await resetFromUserPage(browser, rvp.id);
  else await mutation(request, admin, 'resetUserMfa', { userId: rvp.id });
  await page.goto('/login');
  await page.getByLabel('Username or email').fill('rvp');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The company admin resets the RVP's two-step verification from /admin/users/{id}, confirming in its popover. */
async function resetFromUserPage(browser: Browser, rvpId: number): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await context.newPage();
  await signInAs(admin, 'companyadmin', `/admin/users/${rvpId}`);
  await admin.getByRole('button', { name: 'Reset two-step verification' }).click();
  await expect(admin.getByText(/Reset the two-step verification of .+\? Their authenticator/)).toBeVisible();
  await expectAccessible(admin, 'user MFA reset');
  await admin.screenshot({ path: artifact('mfa-admin-reset.png') });
  await admin.getByRole('dialog', { name: 'Reset two-step verification' }).getByRole('button', { name: 'Reset' }).click();
  await expect(admin.getByText(/Two-step verification of .+ reset/)).toBeVisible();
  await context.close();
}

/** Sets up the authenticator app in the open dialog: password, the QR code's secret, its code, success. */
async function setUpAuthenticator(page: Page, shot: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await dialog.locator('code').first().textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
  await page.screenshot({ path: artifact(`${shot}-qr.png`) });
  const verify = dialog.getByRole('button', { name: 'Verify' });
  await dialog.getByLabel('Verification code').fill('12345');
  await expect(verify).toBeDisabled();
  await dialog.getByLabel('Verification code').fill(totpNow(secret) === '000000' ? '000001' : '000000');
  await verify.click();
  await expect(dialog.getByText('Invalid verification code')).toBeVisible();
  await dialog.getByLabel('Verification code').fill(totpNow(secret));
  await verify.click();
  await expect(dialog.getByText('Authenticator app set up')).toBeVisible();
  await page.screenshot({ path: artifact(`${shot}-complete.png`) });
}

test('the mandatory dialog cannot be escaped; enrolling an authenticator opens the app', async ({ page, request, browser }) => {
  await signInUnenrolledRvp(page, request, browser);
  const dialog = page.getByRole('dialog', { name: 'Set up two-step verification' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Step 1 of 2')).toBeVisible();
  await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
  await page.screenshot({ path: artifact('mfa-mandatory-step1.png') });
  await page.keyboard.press('Escape');
  await page.mouse.click(10, 10);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: /close/i })).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Authenticator app' }).click();
  await expect(dialog.getByText('Step 2 of 2')).toBeVisible();
  await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: artifact('mfa-mandatory-step2.png') });
  await setUpAuthenticator(page, 'mfa-mandatory');
  // The dialog closes 2 seconds after success and the app is there.
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
});

test('a phone verified by a texted code, then an authenticator enrolled from the footer', async ({ page, request }) => {
  await signInUnenrolledRvp(page, request);
  const dialog = page.getByRole('dialog', { name: 'Set up two-step verification' });
  await dialog.getByRole('button', { name: 'Text message (SMS)' }).click();
  await dialog.getByLabel('Mobile phone number').fill('+1 555 201 4455');
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByLabel('Verification code')).toBeVisible();
  const lines = fs.readFileSync(appOutboxCopyFile(), 'utf8').trim().split('\n');
  const sms = JSON.parse(lines.at(-1)!) as { channel: string; body: string };
  expect(sms.channel).toBe('sms');
  await page.screenshot({ path: artifact('mfa-sms-code.png') });
  await dialog.getByLabel('Verification code').fill(/\d{6}/.exec(sms.body)![0]);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Authenticator' }).click();
  const settings = page.getByRole('dialog', { name: 'Two-step verification' });
  await expect(settings.getByText('Text message (SMS)')).toBeVisible();
  await page.screenshot({ path: artifact('mfa-footer-settings.png') });
  await settings.getByRole('button', { name: 'Set up authenticator app' }).click();
  await setUpAuthenticator(page, 'mfa-footer');
  await expect(settings.getByText('Authenticator app', { exact: true })).toBeVisible();
  await expect(settings.getByRole('radio', { name: 'Both disabled' })).toBeDisabled();
  await page.screenshot({ path: artifact('mfa-footer-enrolled.png') });
});
