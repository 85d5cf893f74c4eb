import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { DateTime } from 'luxon';
import { query, tokenOf } from './support/api';
import { card, savedScheduleWindows, serviceWorkerReady, signBothPads } from './support/app';
import { artifact, signInAs } from './support/session';
import { noNotifications } from './support/ui';
import { createVisitTeam, unique } from './support/visit-team';
import { expectAccessible } from './support/a11y';

/** The Boston branch's time zone. */
const ZONE = 'America/New_York';
/** The client's home: where the phone is at the check-in and check-out. */
const HOME = { lat: 42.3567, lon: -71.0697 };

/** A visit this flow booked: its id and start (ISO, UTC). */
interface Booked {
  id: number;
  startTimestamp: string;
}

/**
 * This flow's own Boston client and caregiver (with a login), so no other flow books, checks in or counts their
 * visits: three yesterday, one in progress now (started at most 30 minutes ago, and today), and two a day for the
 * next twelve days, more than one page of the schedule (20 visits) from today on.
 */
async function bookCaregiverWeek(request: APIRequestContext, manager: string) {
  const team = await createVisitTeam(request, manager, {
    branch: { name: 'Boston' },
    client: { firstName: 'Edith', lastName: unique('Marlow'), line1: '75 Chestnut St', home: HOME },
    caregiver: { firstName: 'Rosa', lastName: unique('Ibarra') },
  });
  const book = (from: DateTime, to: DateTime): Promise<Booked> => team.book(from, to);
  const now = DateTime.now().setZone(ZONE).startOf('minute');
  const today = now.startOf('day');
  const yesterday: Booked[] = [];
  for (const hour of [9, 13, 17]) {
    yesterday.push(await book(today.minus({ days: 1 }).set({ hour }), today.minus({ days: 1 }).set({ hour: hour + 2 })));
  }
  const start = DateTime.max(today, now.minus({ minutes: 30 }));
  const inProgress = await book(start, now.plus({ minutes: 90 }));
  const later: Booked[] = [];
  for (let days = 1; days <= 12; days++) {
    for (const hour of [9, 14]) {
      later.push(await book(today.plus({ days }).set({ hour }), today.plus({ days }).set({ hour: hour + 2 })));
    }
  }
  return { clientId: team.clientId, username: team.username, today, yesterday, inProgress, later, book };
}

test.use({
  viewport: { width: 390, height: 844 },
  permissions: ['geolocation'],
  geolocation: { latitude: HOME.lat + 0.0002, longitude: HOME.lon, accuracy: 8 },
});

test('caregiver app offline: check-in, scroll, check-out, reload, upload: the visit stays on screen and uploads once', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const manager = await tokenOf(request, 'branchmanager');
  const week = await bookCaregiverWeek(request, manager);
  const lastLater = week.later.at(-1)!;
  const visit = card(page, week.inProgress.id);
  const todaySection = page.getByRole('region', { name: /^Today · / });

  // Online: the first window (today on), yesterday's above it (the top of the list is in view) and the page after
  // it (scrolled to) are each saved on the phone.
  await signInAs(page, week.username, '/app');
  await expect(visit).toBeVisible();
  await serviceWorkerReady(page);
  await expect(page.getByRole('region', { name: /^Yesterday · / })).toBeVisible();
  await expect(async () => {
    await page.locator('article[data-shift-id]').last().scrollIntoViewIfNeeded();
    await expect(card(page, lastLater.id)).toBeAttached({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect.poll(() => savedScheduleWindows(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);

  // Offline check-in of the visit in progress: kept on the phone; the schedule, now read from the saved windows,
  // still holds today's and the later visits.
  await context.setOffline(true);
  await visit.scrollIntoViewIfNeeded();
  await visit.getByRole('button', { name: /^Check in/ }).click();
  await expect(visit.getByText('Saved on this phone — will upload')).toBeVisible();
  await expect(page.getByText('Offline — showing saved schedule')).toBeVisible();
  await expect(todaySection).toBeVisible();
  await expect(visit.getByRole('button', { name: /^Check out/ })).toBeVisible();
  await expect(visit.getByText('time entry missing')).toHaveCount(0);
  await expect(card(page, week.later[0]!.id)).toBeAttached();
  await noNotifications(page);
  await visit.scrollIntoViewIfNeeded();
  await page.screenshot({ path: artifact('app-offline-after-check-in.png') });
  await expectAccessible(page, '/app offline');

  // Scroll: down to the last visit saved, then back up to the visit in progress.
  await expect(async () => {
    await page.locator('article[data-shift-id]').last().scrollIntoViewIfNeeded();
    await expect(card(page, lastLater.id)).toBeInViewport({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await visit.scrollIntoViewIfNeeded();
  await expect(visit).toBeInViewport();

  // Offline check-out from there: the care sheet, signed, saved on the phone.
  await visit.getByRole('button', { name: /^Check out/ }).click();
  await expect(page).toHaveURL(new RegExp(`/app/care-sheets/offline/shifts/${week.inProgress.id}/checkout$`));
  await signBothPads(page);
  await page.getByRole('button', { name: 'Save care sheet' }).click();
  await expect(page.getByText(/Saved on this phone/).first()).toBeVisible();

  // Reload with no network: the visit shows with both times from the phone, still waiting to upload.
  await page.goto('/app');
  await expect(page.getByText('Offline — showing saved schedule')).toBeVisible();
  await expect(visit.getByText('Saved on this phone — will upload')).toBeVisible();
  await expect(visit.getByText(/^In \d{1,2}:\d\d [AP]M · Out \d{1,2}:\d\d [AP]M$/)).toBeVisible();
  await expect(todaySection).toBeVisible();
  await visit.scrollIntoViewIfNeeded();
  await page.screenshot({ path: artifact('app-offline-after-check-out.png') });

  // Back online: the 'online' event uploads the visit.
  await context.setOffline(false);
  await expect(visit.getByText('Saved on this phone')).toHaveCount(0, { timeout: 20_000 });
  await expect(visit).toBeVisible();

  // The office sees exactly one visit that day at this client, with one timesheet: check-in and check-out, offline.
  const timesheets = await query<{
    timesheets: {
      check_in: string | null;
      check_out: string | null;
      check_in_type: number | null;
      check_out_type: number | null;
    }[];
  }>(request, manager, 'getShift', { id: week.inProgress.id });
  expect(
    timesheets.timesheets.map((t) => [t.check_in !== null, t.check_out !== null, t.check_in_type, t.check_out_type]),
  ).toEqual([[true, true, 2, 2]]);
  const office = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await signInAs(office, 'branchmanager', `/clients/${week.clientId}/schedule`);
  const todayShifts = office.locator(`td.fc-timegrid-col[data-date="${week.today.toISODate()}"] [data-testid="shift-event"]`);
  await expect(todayShifts).toHaveCount(1);
  await todayShifts.click();
  const drawer = office.getByRole('dialog', { name: 'Shift', exact: true });
  await drawer.getByRole('tab', { name: 'Timesheets' }).click();
  const rows = drawer.getByRole('table', { name: 'Timesheets' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByText('Offline')).toHaveCount(2);
  await office.screenshot({ path: artifact('app-offline-visit-office.png') });
  await office.close();
});

test('earlier visits still load when a live update refreshes the schedule while they are on their way', async ({
  page,
  request,
}) => {
  const manager = await tokenOf(request, 'branchmanager');
  const week = await bookCaregiverWeek(request, manager);
  // The first read of the schedule (its first window) passes; the next (the visits above it, asked for as the top
  // of the list is in view) is held until the office's change has refreshed the schedule.
  let reads = 0;
  let releaseEarlier!: () => void;
  const earlierAsked = new Promise<void>((asked) => {
    void page.route(
      (url) => url.pathname.includes('caregiverAppGetShifts'),
      async (route) => {
        reads += 1;
        if (reads === 2) {
          const released = new Promise<void>((release) => (releaseEarlier = release));
          asked();
          await released;
        }
        await route.continue().catch(() => undefined);
      },
    );
  });
  await signInAs(page, week.username, '/app');
  await expect(card(page, week.inProgress.id)).toBeVisible();
  await earlierAsked;

  // The office books another visit: the live update refreshes the schedule, which drops the read on its way.
  const refreshed = page.waitForResponse((r) => r.url().includes('caregiverAppGetShifts'));
  const added = await week.book(week.today.plus({ days: 2 }).set({ hour: 18 }), week.today.plus({ days: 2 }).set({ hour: 19 }));
  await refreshed;
  await expect(card(page, added.id)).toBeAttached();
  releaseEarlier();
  await expect(page.getByRole('region', { name: /^Yesterday · / })).toBeVisible();
  await expect(card(page, week.yesterday[0]!.id)).toBeAttached();
});
