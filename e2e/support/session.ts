import path from 'node:path';
import { test, type Page } from '@playwright/test';
import { appUrl } from './test';
import { asksForCode, secretOf, tokenAfterSecondFactor, totpNow } from './mfa';

/** Password of every seeded demo user. */
export const DEMO_PASSWORD = 'Hearth-demo-1!';

/** Path of a screenshot the flows leave for people to look at, in e2e/artifacts (not committed). */
export function artifact(name: string): string {
  const configFile = test.info().config.configFile ?? 'e2e/playwright.config.ts';
  return path.join(path.dirname(configFile), 'artifacts', name);
}

/**
 * The origin of the app under test for this test (its worker's server, or its project's: support/test.ts), which
 * better-auth wants as the Origin of a sign-in POST, as a browser would send it.
 */
export function appOrigin(): string {
  return new URL(appUrl()).origin;
}

/** Signs in through the login form, which must be on screen, with the authenticator code when one is asked. */
export async function signInWithForm(page: Page, username: string): Promise<void> {
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (!asksForCode(username)) return;
  // The demo users are enrolled with the README's authenticator secret (support/mfa.ts).
  await page.getByLabel('Verification code').fill(totpNow(secretOf(username)));
  await page.getByRole('button', { name: 'Verify' }).click();
}

/**
 * Signs in through the API and hands the token to the app the way the login page stores it, then opens `path`.
 * Faster than the form for tests about what comes after sign-in.
 */
export async function signInAs(page: Page, username: string, path = '/'): Promise<void> {
  const response = await page.request.post('/api/auth/sign-in/username', {
    data: { username, password: DEMO_PASSWORD },
    // better-auth refuses a POST without a trusted Origin, as a browser would send.
    headers: { origin: appOrigin() },
  });
  const token = await tokenAfterSecondFactor(page.request, response, appOrigin(), { username, password: DEMO_PASSWORD });
  await page.goto('/login');
  await page.evaluate((value) => window.localStorage.setItem('hearth.token', value), token!);
  await page.goto(path);
}

/** The staff side menu (the navbar on wide screens). */
export function mainMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Main menu' });
}
