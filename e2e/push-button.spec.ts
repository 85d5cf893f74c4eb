import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { artifact, signInAs } from './support/session';
import { expectAccessible } from './support/a11y';
import { standInPushService } from './support/push-service';

/**
 * The push-notification button (spec "Navigation chrome": shown only when permission can be asked; "Push-permission
 * prompt": shown once unless declined, declining stores a flag). Chromium's permission is driven with Playwright's
 * permission control: untouched it is 'default', grantPermissions makes it 'granted', and a prompt nobody answers
 * is refused ('denied') in this headless browser.
 *
 * A headless browser has no connection to a real push service (Chromium refuses to subscribe without one), so the
 * subscription is made by a stand-in: PushManager's subscribe and getSubscription give a subscription as a browser
 * would, with real P-256 keys. Everything after it (the server's key, the registration, the button's states) is
 * the app's own.
 */

const ENABLE = 'Turn on notifications';

/** The footer's push button, whichever state it is in. */
const pushButton = (page: Page) => page.locator('[data-push-state]');

test('the button asks once, says it is asking, then that notifications are on, and registers the browser', async ({
  page,
  context,
}) => {
  await standInPushService(context);
  await signInAs(page, 'nurse');
  const button = page.getByRole('button', { name: ENABLE });
  await expect(button).toBeVisible();
  await expect(pushButton(page)).toHaveAttribute('data-push-state', 'can-ask');
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  await page.screenshot({ path: artifact('push-button-can-ask-1280.png') });
  await expectAccessible(page, 'staff footer with the push button');

  // The browser's answer is yes; the server's key is held back so the asking state can be seen.
  await context.grantPermissions(['notifications']);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/notifications/push-public-key', async (route) => {
    await held;
    await route.continue();
  });
  await button.click();
  await expect(pushButton(page)).toHaveAttribute('data-push-state', 'asking');
  await expect(pushButton(page)).toBeDisabled();
  await page.screenshot({ path: artifact('push-button-asking-1280.png') });

  const registered = page.waitForResponse((r) => r.url().endsWith('/notifications/register-device'));
  release();
  const response = await registered;
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ success: true });
  const sent = JSON.parse(JSON.parse(response.request().postData()!).deviceToken) as { endpoint: string };
  expect(sent.endpoint).toMatch(/^https:\/\/push\.invalid\/e2e\//);

  await expect(pushButton(page)).toHaveAttribute('data-push-state', 'enabled');
  await expect(pushButton(page)).toHaveText('Notifications on');
  await expect(page.getByText('Notifications are on')).toBeVisible();
  await page.screenshot({ path: artifact('push-button-enabled-1280.png') });
  await expectAccessible(page, 'staff footer with push turned on');
  const toast = page.getByRole('status').filter({ hasText: 'Notifications are on' });
  await toast.getByRole('button').click();
  await expect(toast).toHaveCount(0);
  await page.screenshot({ path: artifact('push-button-enabled-footer-1280.png') });

  // Decided: after a reload nothing is asked again, and the browser's subscription is registered again silently.
  const again = page.waitForResponse((r) => r.url().endsWith('/notifications/register-device'));
  await page.reload();
  expect((await again).status()).toBe(200);
  await expect(page.getByText('v3.13.55')).toBeVisible();
  await expect(pushButton(page)).toHaveCount(0);
});

test('declining hides the button and a stored flag keeps it hidden', async ({ page, browser }) => {
  await signInAs(page, 'branchmanager');
  const button = page.getByRole('button', { name: ENABLE });
  await expect(button).toBeVisible();
  // Nobody answers the prompt: this headless browser refuses it.
  await button.click();
  await expect(pushButton(page)).toHaveCount(0);
  expect(await page.evaluate(() => Notification.permission)).toBe('denied');
  const flags = await page.evaluate(() => Object.keys(window.localStorage).filter((k) => k.startsWith('hearth.push.declined.')));
  expect(flags).toHaveLength(1);

  // Where the browser could ask again (its permission 'default', same session and storage), the flag alone keeps the
  // button away; without the flag it would show.
  const fresh = await browser.newContext({ storageState: await page.context().storageState() });
  try {
    const again = await fresh.newPage();
    await again.goto('/');
    await expect(again.getByText('v3.13.55')).toBeVisible();
    expect(await again.evaluate(() => Notification.permission)).toBe('default');
    await expect(pushButton(again)).toHaveCount(0);
    await again.evaluate((key) => window.localStorage.removeItem(key), flags[0]!);
    await again.reload();
    await expect(again.getByRole('button', { name: ENABLE })).toBeVisible();
  } finally {
    await fresh.close();
  }
});

test('no button where push cannot work: no Push API (Safari in an iPhone tab)', async ({ page, context }) => {
  await context.addInitScript(() => {
    delete (window as { PushManager?: unknown }).PushManager;
  });
  await signInAs(page, 'nurse');
  await expect(page.getByText('v3.13.55')).toBeVisible();
  await expect(pushButton(page)).toHaveCount(0);
});

test.describe('the phone apps', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the caregiver app offers push in its header, in the user’s words', async ({ page, context }) => {
    await standInPushService(context);
    await signInAs(page, 'caregiver', '/app');
    const button = page.getByRole('button', { name: ENABLE });
    await expect(button).toBeVisible();
    const box = (await button.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
    await page.screenshot({ path: artifact('push-button-caregiver-390.png') });
    await expectAccessible(page, 'caregiver app header with the push button');

    await context.grantPermissions(['notifications']);
    const registered = page.waitForResponse((r) => r.url().endsWith('/notifications/register-device'));
    await button.click();
    expect((await registered).status()).toBe(200);
    await expect(page.getByRole('button', { name: 'Notifications on' })).toBeVisible();
  });
});

test('the service worker shows a push as a notification carrying the page its click opens', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await signInAs(page, 'nurse');
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(() => undefined));
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

  // Chromium's DevTools protocol delivers a push event to the registration, as a push service would.
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((r) => !r.isDeleted && r.scopeURL.endsWith('/'));
      if (live) resolve(live.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const payload = { title: 'Visit moved', body: 'Now at 10:00 with Dana', link: '/notifications', kind: 'visit_moved' };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  });
  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const notes = await registration.getNotifications();
      return notes.map((n) => ({ title: n.title, body: n.body, data: n.data as unknown }));
    });
  // The worker starts, and the notification's icon is fetched, before the notification shows: seconds on a busy machine.
  await expect
    .poll(shown, { timeout: 30_000 })
    .toEqual([
      { title: 'Visit moved', body: 'Now at 10:00 with Dana', data: { url: new URL('/notifications', page.url()).href } },
    ]);
});
