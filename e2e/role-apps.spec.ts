import { expect, test } from '@playwright/test';
import { artifact, signInAs } from './support/session';

test.describe('phone sized', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a caregiver is kept inside /app and /chat', async ({ page }) => {
    await signInAs(page, 'caregiver', '/');
    await expect(page).toHaveURL('/app');
    await expect(page.getByText('Your schedule is coming soon.')).toBeVisible();
    const bar = page.getByRole('navigation', { name: 'Caregiver menu' });
    for (const name of ['Schedule', 'Missed', 'Pickup', 'Chat']) await expect(bar.getByRole('link', { name })).toBeVisible();
    await page.screenshot({ path: artifact('caregiver-app-390.png') });

    await bar.getByRole('link', { name: 'Missed' }).click();
    await expect(page).toHaveURL('/app?status=missing');
    await expect(page.getByText('Your missed visits are coming soon.')).toBeVisible();
    await bar.getByRole('link', { name: 'Chat' }).click();
    await expect(page).toHaveURL('/chat');
    await expect(page.getByText('Chat — coming soon.')).toBeVisible();
    await expect(bar).toBeVisible();

    for (const path of ['/admin/users', '/clients', '/client-mobile-app', '/no/such/page']) {
      await page.goto(path);
      await expect(page).toHaveURL('/app');
    }
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/login');
  });

  test('a client is kept inside /client-mobile-app', async ({ page }) => {
    await signInAs(page, 'client', '/');
    await expect(page).toHaveURL('/client-mobile-app');
    await expect(page.getByText('The client app is coming soon.')).toBeVisible();
    await page.goto('/app');
    await expect(page).toHaveURL('/client-mobile-app');
  });
});

test('staff are sent home from the caregiver and client apps', async ({ page }) => {
  await signInAs(page, 'nurse', '/app');
  await expect(page).toHaveURL('/');
  await page.goto('/client-mobile-app');
  await expect(page).toHaveURL('/');
});
