import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { appOutboxCopyFile, expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { totpNow } from './support/mfa';
import { appOrigin, artifact, DEMO_PASSWORD } from './support/session';

/** The demo user whose password the flow resets (and sets back at its end, so other flows still sign in). */
const USERNAME = 'prn';
const EMAIL = `${USERNAME}@demo.hearth.care`;
const NEW_PASSWORD = 'Forgot-and-reset-4!';

/** The link of the newest password-reset email to `email`, from the server's copy of the outbox (the mailbox). */
function lastResetLink(email: string): string {
  const lines = fs.readFileSync(appOutboxCopyFile(), 'utf8').trim().split('\n');
  const messages = lines.map((line) => JSON.parse(line) as { kind: string; recipient: string; link: string });
  const found = messages.findLast((m) => m.kind === 'password_reset' && m.recipient === email);
  expect(found, `a password reset email to ${email}`).toBeTruthy();
  return found!.link;
}

async function signInWith(page: Page, identifier: string, password: string): Promise<void> {
  await page.getByLabel('Username or email').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('sign-in problems never say whether an account exists', async ({ page }) => {
  await page.goto('/login');
  await signInWith(page, 'no-such-user', 'Whatever-1!');
  await expect(page.getByRole('alert')).toHaveText('Incorrect username or password.');
  await signInWith(page, USERNAME, 'Not-the-password-1!');
  await expect(page.getByRole('alert')).toHaveText('Incorrect username or password.');
  await page.screenshot({ path: artifact('sign-in-incorrect.png') });
});

test('the Authentication Failed and Authentication Error screens lead back to sign-in', async ({ page }) => {
  await page.goto('/login?token=not-a-real-login-link-token-0123456789');
  await expect(page.getByRole('heading', { name: 'Authentication Failed' })).toBeVisible();
  await expect(page.getByText('Failed to authenticate you with your device.')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('This sign-in link is invalid, used or expired');
  await page.screenshot({ path: artifact('sign-in-authentication-failed.png') });
  await expectAccessible(page, 'Authentication Failed');
  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  await page.goto('/login?error=INVALID_TOKEN');
  await expect(page.getByRole('heading', { name: 'Authentication Error' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('This password reset link is invalid, used or expired. Ask for a new one.');
  await page.screenshot({ path: artifact('sign-in-authentication-error.png') });
  await expectAccessible(page, 'Authentication Error');
});

test('forgot password: the emailed link sets a new password under the policy, then sign-in asks for the code', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await expect(page.getByText('Reset your password')).toBeVisible();
  await expectAccessible(page, '/forgot-password');

  // An unknown address is answered exactly as a known one.
  await page.getByLabel('Email').fill('nobody@demo.hearth.care');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const unknownAnswer = await page.getByRole('status').textContent();
  expect(unknownAnswer).toContain('If nobody@demo.hearth.care belongs to a Hearth account');

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(unknownAnswer!.replace('nobody@demo.hearth.care', EMAIL));
  await page.screenshot({ path: artifact('forgot-password-sent.png') });

  const link = lastResetLink(EMAIL);
  expect(link).toMatch(/^\/reset-password\?token=/);
  await page.goto(link);
  await expect(page.getByText('Choose a new password')).toBeVisible();
  await expect(page.getByText('Use at least 8 characters, with a number')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('alllowercase1!');
  await page.getByLabel('Confirm new password').fill('alllowercase1!');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password must contain an uppercase letter')).toBeVisible();
  await page.screenshot({ path: artifact('reset-password-policy.png') });
  await expectAccessible(page, '/reset-password');

  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL('/login?reset=done');
  await expect(page.getByRole('status')).toHaveText('Your password was changed. Sign in with your new password.');
  await page.screenshot({ path: artifact('sign-in-after-reset.png') });

  await signInWith(page, USERNAME, NEW_PASSWORD);
  // The reset leaves the second factor in place.
  await page.getByLabel('Verification code').fill(totpNow());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/');

  // The link worked once.
  const reused = await (
    await page
      .context()
      .browser()!
      .newContext({ baseURL: new URL(page.url()).origin })
  ).newPage();
  await reused.goto(link);
  await reused.getByLabel('New password', { exact: true }).fill('Second-time-9!');
  await reused.getByLabel('Confirm new password').fill('Second-time-9!');
  await reused.getByRole('button', { name: 'Set new password' }).click();
  await expect(reused.getByRole('alert')).toHaveText('This password reset link is invalid, used or expired. Ask for a new one.');
  await expect(reused.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  await reused.screenshot({ path: artifact('reset-password-used-link.png') });

  // The demo password back, for the flows that sign in as this user after this one.
  const origin = appOrigin();
  const again = await page.request.post('/api/auth/request-password-reset', { data: { email: EMAIL }, headers: { origin } });
  expect(again.status()).toBe(200);
  const token = new URL(lastResetLink(EMAIL), origin).searchParams.get('token');
  const restored = await page.request.post('/api/auth/reset-password', {
    data: { token, newPassword: DEMO_PASSWORD },
    headers: { origin },
  });
  expect(restored.status()).toBe(200);
});
