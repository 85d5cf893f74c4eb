import { appOutboxCopyFile, appUrl, expect, test } from './support/test';
import { artifact, signInAs } from './support/session';
import fs from 'node:fs';
import { tokenOf } from './support/api';
import { expectAccessible } from './support/a11y';

test.describe('phone sized', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a caregiver is kept inside /app and /chat', async ({ page }) => {
    await signInAs(page, 'caregiver', '/');
    await expect(page).toHaveURL('/app');
    await expect(page.getByRole('heading', { name: 'Schedule', level: 3 })).toBeVisible();
    const bar = page.getByRole('navigation', { name: 'Caregiver menu' });
    for (const name of ['Schedule', 'Missed', 'Pickup', 'Chat']) await expect(bar.getByRole('link', { name })).toBeVisible();
    await page.screenshot({ path: artifact('caregiver-app-390.png') });

    await bar.getByRole('link', { name: 'Missed' }).click();
    await expect(page).toHaveURL('/app?status=missing');
    await expect(page.getByRole('heading', { name: 'Missed visits', level: 3 })).toBeVisible();
    await bar.getByRole('link', { name: 'Chat' }).click();
    await expect(page).toHaveURL('/chat');
    await expect(page.getByRole('heading', { name: 'Chat', level: 2 })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Write to the/ }).first()).toBeVisible();
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
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Client app' })).toBeVisible();
    await expectAccessible(page, '/client-mobile-app');
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

test('a one-time link the office sent is refused to a caregiver with no second factor yet, and used up', async ({
  page,
  browser,
}) => {
  const headers = { authorization: `Bearer ${await tokenOf(page.request, 'companyadmin')}` };
  const query = (path: string, input: unknown) => `/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`;
  const view = await page.request.get(
    query('queryView', { view: 'caregivers', filters: [{ column: 'status', operator: 'equals', value: 'active' }], pageSize: 1 }),
    { headers },
  );
  const caregiverId = (await view.json()).result.data.rows[0].id as number;
  const sent = await page.request.post('/api/trpc/sendCaregiverLoginLink', { data: { caregiverId }, headers });
  expect(sent.status(), await sent.text()).toBe(200);
  // The outbox read through the API hides the token; the link itself reaches only the recipient's "mailbox".
  const outbox = await page.request.get(query('getOutbox', { page: 1, pageSize: 1 }), { headers });
  expect((await outbox.json()).result.data.rows[0].link).toBe('/login?token=[hidden]');
  const lines = fs.readFileSync(appOutboxCopyFile(), 'utf8').trim().split('\n');
  const link = (JSON.parse(lines.at(-1)!) as { link: string }).link;

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: appUrl() });
  const caregiverPage = await phone.newPage();
  await caregiverPage.goto(link);
  // A link skips the second factor: a caregiver who must have one and has none signs in with the password first.
  await expect(caregiverPage.getByRole('alert')).toHaveText(
    'This sign-in link cannot be used until two-step verification is set up: sign in with your password and set it up first',
  );

  const stranger = await (await browser.newContext({ baseURL: appUrl() })).newPage();
  await stranger.goto(link);
  await expect(stranger.getByRole('alert')).toHaveText('This sign-in link is invalid, used or expired');
  await phone.close();
});
