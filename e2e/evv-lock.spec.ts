import { expect, test } from './support/test';
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { callApi, mutation, offlineReplayHeaders, query, tokenOf } from './support/api';
import { card } from './support/app';
import { artifact, DEMO_PASSWORD, signInAs } from './support/session';
import { createVisitTeam, unique } from './support/visit-team';
import { expectAccessible } from './support/a11y';

const ZONE = 'America/New_York';
const HOME = { lat: 42.3554, lon: -71.0656 };

test.use({ permissions: ['geolocation'], geolocation: { latitude: HOME.lat, longitude: HOME.lon, accuracy: 8 } });

/**
 * A pay period lock never loses a visit the phone recorded offline (pay-periods.lock.ts admitPhoneEntry): a visit
 * checked in and out offline uploads after its period locked and is recorded, flagged "After pay period lock" in EVV
 * review and the shift's timesheets, its history saying the lock was passed by the phone's offline upload; a
 * check-in sent online into the locked period is refused on the phone in the server's words. The flow's own branch
 * (a lock covers a whole branch), client and caregiver, so no other flow meets its lock.
 */
test('an offline visit uploaded after its pay period locked is recorded and flagged; an online check-in is refused', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await tokenOf(request, 'companyadmin');
  const branch = await mutation<{ id: number }>(request, admin, 'createBranch', {
    name: unique('Lockbrook '),
    addressLine1: '45 School St',
    city: 'Boston',
    state: 'MA',
    zip: '02108',
    timezone: ZONE,
  });
  const team = await createVisitTeam(request, admin, {
    branch,
    client: { firstName: 'Nora', lastName: unique('Quill'), line1: '45 School St', home: HOME },
    caregiver: { firstName: 'Ines', lastName: unique('Marsh') },
  });
  const now = DateTime.now().setZone(ZONE).startOf('minute');
  const book = async (from: DateTime, minutes: number) => (await team.book(from, from.plus({ minutes }))).id;
  const offlineStart = now.minus({ hours: 3 });
  const offlineVisit = await book(offlineStart, 120);
  const onlineStart = now.minus({ minutes: 30 });
  const onlineVisit = await book(onlineStart, 120);

  // The pay period of both visits' days locked a minute ago.
  await mutation(request, admin, 'createPayPeriodLockTime', {
    branchId: branch.id,
    periodStart: offlineStart.toISODate(),
    periodEnd: onlineStart.toISODate(),
    locksAt: now.minus({ minutes: 1 }).toUTC().toISO(),
  });

  // The phone uploads the visit it recorded offline during the visit, before the lock.
  const caregiverToken = await tokenOf(request, team.username, DEMO_PASSWORD);
  for (const [kind, at] of [
    ['check_in', offlineStart.plus({ minutes: 2 })],
    ['check_out', offlineStart.plus({ minutes: 118 })],
  ] as const) {
    const upload = await callApi<{ flaggedForReview: boolean }>(
      request,
      caregiverToken,
      'POST',
      'caregiverAppCheckInOut',
      {
        scheduleId: offlineVisit,
        kind,
        timestamp: at.toUTC().toISO(),
        position: { ...HOME, accuracyMetres: 8 },
        clientRecordId: randomUUID(),
      },
      offlineReplayHeaders(at.toUTC().toISO()!),
    );
    expect(upload.status, upload.text).toBe(200);
    expect(upload.data?.flaggedForReview).toBe(true);
  }

  // Online on the phone, the caregiver is told the period is locked and to ask the office; nothing is recorded.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    permissions: ['geolocation'],
    geolocation: { latitude: HOME.lat, longitude: HOME.lon, accuracy: 8 },
  });
  const app = await phone.newPage();
  await signInAs(app, team.username, '/app');
  await card(app, onlineVisit)
    .getByRole('button', { name: /^Check in/ })
    .click();
  const refusal = app.getByRole('alert').filter({ hasText: 'is locked: the phone cannot record this check-in' });
  await expect(refusal).toContainText('Ask the office to record your check-in as a manual edit with a reason code.');
  await app.screenshot({ path: artifact('evv-lock-app-online-refused.png') });
  await expectAccessible(app, '/app refused check-in');
  await phone.close();
  expect((await query<{ timesheets: unknown[] }>(request, admin, 'getShift', { id: onlineVisit })).timesheets).toEqual([]);

  // EVV review of the caregiver: the uploaded visit is flagged after the lock.
  await page.setViewportSize({ width: 1280, height: 800 });
  const from = offlineStart.toISODate();
  await signInAs(page, 'companyadmin', `/dashboard/evv/caregiver/${team.caregiverId}?from=${from}&to=${now.toISODate()}`);
  const visits = page.getByRole('table', { name: 'Visits' });
  await expect(visits.getByText('After pay period lock')).toHaveCount(1);
  await page.screenshot({ path: artifact('evv-lock-review.png') });
  await expectAccessible(page, 'EVV caregiver review');

  // The shift's timesheets say why, and its history that the phone's offline upload passed the lock.
  await page.goto(`/clients/${team.clientId}/schedule`);
  // A visit across midnight shows as one event on each of its days: either opens the shift.
  await page.locator(`[data-testid="shift-event"][data-shift-id="${offlineVisit}"]`).first().click();
  const drawer = page.getByRole('dialog', { name: 'Shift', exact: true });
  await drawer.getByRole('tab', { name: 'Timesheets' }).click();
  const timesheets = drawer.getByRole('table', { name: 'Timesheets' });
  await expect(timesheets.getByText('After lock')).toHaveCount(2);
  await expect(timesheets.getByText('Offline')).toHaveCount(2);
  await expect(timesheets).toContainText('Arrived after the pay period was locked');
  await page.screenshot({ path: artifact('evv-lock-timesheets.png') });
  await expectAccessible(page, 'client schedule timesheets');
  await drawer.getByRole('tab', { name: 'Changes' }).click();
  await expect(drawer.getByText('Offline upload after lock').first()).toBeVisible();
  await page.screenshot({ path: artifact('evv-lock-history.png') });
});
