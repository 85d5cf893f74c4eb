import { expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { totpNow } from './support/mfa';
import { artifact, mainMenu, signInAs, signInWithForm } from './support/session';

test('a signed-out visitor is sent to sign in and comes back to the page and query they asked for', async ({ page }) => {
  await page.goto('/clients?x=1');
  await expect(page).toHaveURL('/login?redirect=%2Fclients%3Fx%3D1');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.screenshot({ path: artifact('login.png') });
  await expectAccessible(page, 'sign-in');

  await signInWithForm(page, 'companyadmin');
  await expect(page).toHaveURL('/clients?x=1');
  await expect(page.getByRole('heading', { name: 'Clients', level: 2 })).toBeVisible();
  await expect(mainMenu(page).getByRole('link', { name: 'Clients' })).toHaveAttribute('aria-current', 'page');
});

test('sign-in by email works, and a refused sign-in says the username or password is incorrect', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username or email').fill('nurse@demo.hearth.care');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect username or password.');

  await page.getByLabel('Password').fill('Hearth-demo-1!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The second factor (issue 20): the demo users' authenticator code.
  await page.getByLabel('Verification code').fill(totpNow());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
});

test('a redirect to another site is ignored after sign-in', async ({ page }) => {
  await page.goto('/login?redirect=%2F%2Fexample.com%2Fx');
  await signInWithForm(page, 'nurse');
  await expect(page).toHaveURL('/');
});

test('a signed-in user visiting /login is sent home', async ({ page }) => {
  await signInAs(page, 'nurse', '/login');
  await expect(page).toHaveURL('/');
});

test('sign-out lands on /login and protected pages ask to sign in again', async ({ page }) => {
  await signInAs(page, 'companyadmin', '/admin/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/login');
  expect(await page.evaluate(() => window.localStorage.getItem('hearth.token'))).toBeNull();

  await page.goto('/admin/users');
  await expect(page).toHaveURL('/login?redirect=%2Fadmin%2Fusers');
});

test('a rejected token sends the user to sign in, keeping where they were', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => window.localStorage.setItem('hearth.token', 'not-a-real-token'));
  await page.goto('/admin/branches');
  await expect(page).toHaveURL('/login?redirect=%2Fadmin%2Fbranches');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('an unknown path shows Page Not Found with a way home', async ({ page }) => {
  await signInAs(page, 'nurse', '/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
});
