import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { DateTime } from 'luxon';
import { mutation, query, tokenOf } from './support/api';
import { expectAccessible } from './support/a11y';
import { artifact, mainMenu, signInAs } from './support/session';
import { createVisitTeam } from './support/visit-team';

/**
 * In-app notifications (issue 21 item 2): a notification for the signed-in user lights the red dot of the menu's
 * Notifications item; /notifications lists it and puts the dot out; opening it follows its link and marks it read.
 * The notification is a real one: an export the user started finishes and tells them (kind export_finished).
 */

interface Status {
  unseenCount: number;
  unreadCount: number;
  newestUnseen: boolean;
  newestId: number | null;
}

interface NotificationRow {
  id: number;
  kind: string;
  title: string;
  link: string | null;
  readAt: string | null;
}

/** Starts an export as the holder of `token` and waits until its notification has arrived; the notification. */
async function exportAndAwaitNotification(request: APIRequestContext, token: string): Promise<NotificationRow> {
  const before = await query<Status>(request, token, 'getNotificationStatus');
  await mutation(request, token, 'queueFileExport', { type: 'clients', params: {} });
  await expect
    .poll(async () => (await query<Status>(request, token, 'getNotificationStatus')).newestId, { timeout: 60_000 })
    .not.toBe(before.newestId);
  const page = await query<{ rows: NotificationRow[] }>(request, token, 'getInAppNotifications', { page: 1, pageSize: 1 });
  return page.rows[0]!;
}

test('a notification lights the red dot live, is listed at /notifications and opens its link, read', async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, 'companyadmin');
  // Everything earlier is seen, so the dot starts out.
  await mutation(request, token, 'markNotificationsSeen', undefined);
  await signInAs(page, 'companyadmin', '/');
  const notificationsItem = mainMenu(page).getByRole('link', { name: /^Notifications/ });
  await expect(notificationsItem).toBeVisible();
  await expect(page.getByTestId('notifications-red-dot')).toHaveCount(0);

  const notification = await exportAndAwaitNotification(request, token);
  expect(notification).toMatchObject({ kind: 'export_finished', title: 'Export finished', link: '/file-exports', readAt: null });
  // The open screen hears of it live: no reload, no focus change.
  await expect(page.getByTestId('notifications-red-dot')).toBeVisible();
  await expect(mainMenu(page).getByRole('link', { name: 'Notifications, new notifications you have not seen' })).toBeVisible();

  await notificationsItem.click();
  await expect(page).toHaveURL(/\/notifications$/);
  const item = page.getByTestId(`notification-${notification.id}`);
  await expect(item).toBeVisible();
  await expect(item).toContainText('Export finished');
  await expect(item).toContainText('Unread');
  // Opening the page saw everything: the dot is out.
  await expect(page.getByTestId('notifications-red-dot')).toHaveCount(0);
  expect((await query<Status>(request, token, 'getNotificationStatus')).newestUnseen).toBe(false);

  // Away from the menu, so no hover shows in the pictures.
  await page.mouse.move(1000, 700);
  await page.screenshot({ path: artifact('notifications.png') });
  await expectAccessible(page, '/notifications');
  await page.getByRole('button', { name: 'Toggle color scheme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.mouse.move(1000, 700);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.screenshot({ path: artifact('notifications-dark.png') });
  await page.getByRole('button', { name: 'Toggle color scheme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');

  // The channels tab: the office's defaults (email for file jobs), and axe passes there too.
  await page.getByRole('tab', { name: 'Where they reach you' }).click();
  await expect(page.getByRole('checkbox', { name: 'Email for Export finished' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Push for Export finished' })).not.toBeChecked();
  await expectAccessible(page, '/notifications channels');
  await page.getByRole('tab', { name: 'Inbox' }).click();

  await page.getByTestId(`notification-${notification.id}`).click();
  await expect(page).toHaveURL(/\/file-exports$/);
  await expect
    .poll(async () => {
      const rows = await query<{ rows: NotificationRow[] }>(request, token, 'getInAppNotifications', { page: 1, pageSize: 5 });
      return rows.rows.find((row) => row.id === notification.id)?.readAt ?? null;
    })
    .not.toBeNull();
});

test('a new notification pops up at the bottom right while a staff screen is open', async ({ page, request }) => {
  const token = await tokenOf(request, 'companyadmin');
  await signInAs(page, 'companyadmin', '/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications', level: 2 })).toBeVisible();
  const popup = page.locator('.mantine-Notification-root').filter({ hasText: 'Export finished' });
  // Watched from before the export: the pop-up closes itself after 4 s, which the polling for the notification
  // below may take on a busy machine.
  const shown = popup.waitFor({ state: 'visible', timeout: 60_000 });
  await exportAndAwaitNotification(request, token);
  await shown;
  const box = (await popup.boundingBox())!;
  // Bottom right of the 1280x800 window, 440 wide at most (spec section 9); layout widths carry sub-pixel noise.
  expect(box.x + box.width).toBeGreaterThan(1280 - 40);
  expect(box.y + box.height).toBeGreaterThan(800 - 60);
  expect(Math.round(box.width)).toBeLessThanOrEqual(440);
});

test('a notification that arrives before the screen’s live stream opens still shows once it opens', async ({ page, request }) => {
  const token = await tokenOf(request, 'companyadmin');
  // The tab's first live stream is held back until the notification exists: the server publishes its event to no
  // stream of this tab, so only the refresh a new stream brings can show it.
  let openStream!: () => Promise<void>;
  const streamHeld = new Promise<void>((resolve) => {
    void page.route(
      '**/api/trpc/live.onEvent**',
      (route) => {
        openStream = () => route.continue();
        resolve();
      },
      { times: 1 },
    );
  });
  await signInAs(page, 'companyadmin', '/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications', level: 2 })).toBeVisible();
  await streamHeld;
  const notification = await exportAndAwaitNotification(request, token);
  const item = page.getByTestId(`notification-${notification.id}`);
  // Not asserted absent here: in about one run in three on a loaded machine the list shows it before the stream
  // opens, by a refresh other than the stream's (neither a reopened stream nor a visibility change: both were held
  // back and it still came); what this flow proves is that it shows once the stream opens.
  await openStream();
  await expect(item).toBeVisible();
});

test.describe('on the caregiver app', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a visit given to a caregiver lights the dot of the header's notifications button, live, and is listed at /notifications", async ({
    page,
    request,
  }) => {
    const manager = await tokenOf(request, 'branchmanager');
    const suffix = Date.now().toString(36).slice(-5);
    const team = await createVisitTeam(request, manager, {
      branch: { name: 'Boston' },
      client: { firstName: 'Marta', lastName: `Quinn${suffix}`, line1: '24 Beacon St', home: { lat: 42.3581, lon: -71.0636 } },
      caregiver: { firstName: 'Lina', lastName: `Okafor${suffix}` },
    });
    await signInAs(page, team.username, '/app');
    const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
    await expect(bell).toBeVisible();
    await expect(page.getByTestId('notifications-red-dot')).toHaveCount(0);

    const start = DateTime.now().setZone('America/New_York').startOf('hour').plus({ days: 1, hours: 2 });
    await team.book(start, start.plus({ hours: 1 }));
    await expect(page.getByTestId('notifications-red-dot')).toBeVisible();
    await page.getByRole('link', { name: 'Notifications, new notifications you have not seen' }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    const item = page.locator('[data-testid^="notification-"]').filter({ hasText: 'New visit assigned' });
    await expect(item).toBeVisible();
    await expect(item).toContainText('Marta');
    await expect(page.getByTestId('notifications-red-dot')).toHaveCount(0);
    await page.screenshot({ path: artifact('notifications-caregiver.png') });
    await expectAccessible(page, '/notifications (caregiver)');

    await page.getByRole('tab', { name: 'Where they reach you' }).click();
    await expect(page.getByRole('checkbox', { name: 'Push for Visit assigned' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Text message for Visit assigned' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Email for Visit assigned' })).not.toBeChecked();
    // The new caregiver has no phone number: the texts their defaults choose cannot reach them, and the tab says so.
    await expect(page.getByText('Texts need a phone number on your account.')).toBeVisible();
    // The box shows the saved choice, so it turns on when the server has stored it, not at the click.
    await page.getByRole('checkbox', { name: 'Email for Visit assigned' }).click();
    await expect(page.getByRole('checkbox', { name: 'Email for Visit assigned' })).toBeChecked();
    await expect(page.getByText('Notification settings saved')).toBeVisible();
    await page.screenshot({ path: artifact('notifications-caregiver-channels.png') });
    await expectAccessible(page, '/notifications channels (caregiver)');

    await page.getByRole('tab', { name: 'Inbox' }).click();
    await item.click();
    await expect(page).toHaveURL(/\/app$/);
  });
});
