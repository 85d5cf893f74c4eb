import { expect, test } from '@playwright/test';
import { query, tokenOf } from './support/api';
import { card, serviceWorkerReady, signBothPads, trpcData } from './support/app';
import { artifact, signInAs } from './support/session';
import { noNotifications } from './support/ui';

/** A shift as caregiverAppGetShifts returns it (the fields this flow needs). */
interface AppShift {
  id: number;
  startTimestamp: string;
  status: string;
  clientName: string;
  checkIn: string | null;
  address: { lat: number | null; lon: number | null } | null;
}

test.use({
  viewport: { width: 390, height: 844 },
  permissions: ['geolocation'],
  geolocation: { latitude: 42.3601, longitude: -71.0589, accuracy: 10 },
});

test('caregiver app: schedule, online and offline check-in, offline check-out with a signed care sheet, upload', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  // When each page load first shows a visit (ms since its navigation start).
  await context.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('article[data-shift-id]')) return;
      (window as unknown as { firstVisitShownAt: number }).firstVisitShownAt = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await signInAs(page, 'caregiver', '/app');
  await expect(page.getByRole('heading', { name: 'Schedule' })).toBeVisible();

  // The demo caregiver's visits from today, to pick this flow's shifts (they have a home with coordinates).
  const caregiverToken = await tokenOf(request, 'caregiver');
  const page1 = await query<{ shifts: AppShift[] }>(request, caregiverToken, 'caregiverAppGetShifts', {});
  const open = page1.shifts.filter((s) => s.status !== 'cancelled' && !s.checkIn && s.address?.lat != null);
  expect(open.length, 'the demo caregiver has at least three visits to check in').toBeGreaterThanOrEqual(3);
  const [online, offline, far] = open as [AppShift, AppShift, AppShift];
  const near = (s: AppShift) => ({ latitude: s.address!.lat! + 0.0002, longitude: s.address!.lon!, accuracy: 8 });

  // Grouped by day with sticky headers (the demo week may start after a weekend): the visit's day section.
  await expect(card(page, online.id)).toBeVisible();
  const day = page.locator('section', { has: card(page, online.id) });
  await expect(day.getByText(/^((Today|Tomorrow) · )?(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d\d\/\d\d\/\d\d$/)).toBeVisible();
  await serviceWorkerReady(page);
  await page.screenshot({ path: artifact('app-schedule.png') });

  // Online check-in next to the client's home: inside the geofence, not flagged.
  await context.setGeolocation(near(online));
  const checkInResponse = page.waitForResponse((r) => r.url().includes('caregiverAppCheckInOut'));
  await card(page, online.id)
    .getByRole('button', { name: /^Check in/ })
    .click();
  expect(await trpcData(await checkInResponse)).toMatchObject({ flaggedForReview: false, insideGeofence: true });
  await expect(card(page, online.id).getByRole('button', { name: /^Check out/ })).toBeVisible();
  await expect(card(page, online.id).getByText('Saved on this phone')).toHaveCount(0);

  // Offline: check in to another visit; it is kept on the phone.
  await context.setOffline(true);
  await context.setGeolocation(near(offline));
  await card(page, offline.id)
    .getByRole('button', { name: /^Check in/ })
    .click();
  await expect(card(page, offline.id).getByText('Saved on this phone — will upload')).toBeVisible();

  // Reload with no network: the shell comes from the service worker, the schedule from the encrypted cache.
  await page.reload();
  await expect(page.getByText('Offline — showing saved schedule')).toBeVisible();
  await expect(card(page, offline.id).getByText('Saved on this phone — will upload')).toBeVisible();
  // The saved window was read with the kept key alone (cache-quick-read.ts): the full cache code, Dexie with it,
  // loads only once the visits show (for the live list of visits kept on the phone).
  const cacheCodeAt = () =>
    page.evaluate(
      () => performance.getEntriesByType('resource').find((r) => /\/offline-cache-[^/]+\.js$/.test(r.name))?.startTime ?? null,
    );
  await expect.poll(cacheCodeAt).not.toBeNull();
  const shownAt = await page.evaluate(() => (window as unknown as { firstVisitShownAt: number }).firstVisitShownAt);
  expect(await cacheCodeAt()).toBeGreaterThan(shownAt);
  await noNotifications(page);
  await page.screenshot({ path: artifact('app-offline-schedule.png') });

  // Offline check-out: the care sheet page of the offline visit, signed on the canvas, saved on the phone.
  await card(page, offline.id)
    .getByRole('button', { name: /^Check out/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/app/care-sheets/offline/shifts/${offline.id}/checkout$`));
  const tasks = page.getByRole('group', { name: 'Tasks done' }).getByRole('checkbox');
  if ((await tasks.count()) > 0) await tasks.first().check();
  await signBothPads(page);
  await page.screenshot({ path: artifact('app-offline-checkout.png'), fullPage: true });
  await page.getByRole('button', { name: 'Save care sheet' }).click();
  await expect(page.getByText(/Saved on this phone/).first()).toBeVisible();

  // Back online: the 'online' event uploads the visit; the schedule no longer shows it as waiting.
  await context.setOffline(false);
  await page.goto('/app');
  await expect(card(page, offline.id)).toBeVisible();
  await expect(card(page, offline.id).getByText('Saved on this phone')).toHaveCount(0, { timeout: 20_000 });

  // The office sees exactly one timesheet of that visit, both entries offline (type 2).
  const managerToken = await tokenOf(request, 'branchmanager');
  await expect
    .poll(async () => {
      const shift = await query<{ timesheets: { check_in_type: number | null; check_out_type: number | null }[] }>(
        request,
        managerToken,
        'getShift',
        { id: offline.id },
      );
      return shift.timesheets.map((t) => [t.check_in_type, t.check_out_type]);
    })
    .toEqual([[2, 2]]);

  // Far from the client: the reason is asked first.
  await noNotifications(page);
  await context.setGeolocation({ latitude: far.address!.lat! + 0.2, longitude: far.address!.lon!, accuracy: 10 });
  await card(page, far.id)
    .getByRole('button', { name: /^Check in/ })
    .click();
  const dialog = page.getByRole('dialog', { name: "You are outside the client's area" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Reason').fill('Client asked to meet at the pharmacy');
  await page.screenshot({ path: artifact('app-geofence-reason.png') });
  const farResponse = page.waitForResponse((r) => r.url().includes('caregiverAppCheckInOut'));
  await dialog.getByRole('button', { name: 'Check in' }).click();
  expect(await trpcData(await farResponse)).toMatchObject({ flaggedForReview: true });
});
