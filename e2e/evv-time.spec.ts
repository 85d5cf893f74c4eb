import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { callApi, mutation, query, tokenOf } from './support/api';
import { card } from './support/app';
import { artifact, DEMO_PASSWORD, signInAs } from './support/session';
import { createVisitTeam, unique } from './support/visit-team';
import { expectAccessible } from './support/a11y';

/** The Boston branch's time zone. */
const ZONE = 'America/New_York';
const HOME = { lat: 42.3554, lon: -71.0656 };

/**
 * EVV time integrity end to end: the phone refuses a check-in hours ahead and a check-in of a visit that ended more
 * than 24 hours ago (the server says the same and sends the caregiver to the office), the office records that visit
 * as a manual edit with a reason code, a phone whose clock is off is flagged in EVV review, and the company admin
 * edits the EVV settings. This flow's own client and caregiver, so no other flow meets its visits.
 */
async function bookCaregiver(request: APIRequestContext, manager: string) {
  const team = await createVisitTeam(request, manager, {
    branch: { name: 'Boston' },
    client: { firstName: 'Vera', lastName: unique('Holloway'), line1: '45 School St', home: HOME },
    caregiver: { firstName: 'Tomas', lastName: unique('Reyes') },
  });
  const book = async (from: DateTime, minutes: number) => (await team.book(from, from.plus({ minutes }))).id;
  const now = DateTime.now().setZone(ZONE).startOf('minute');
  return {
    caregiverId: team.caregiverId,
    username: team.username,
    now,
    /** Starts in three hours: check-in opens in one. */
    ahead: await book(now.plus({ hours: 3 }), 60),
    /** Ended 26 hours ago with no check-in: a missed visit past the phone's 24 hours. */
    missed: await book(now.minus({ hours: 28 }), 120),
    /** Ended a few minutes ago: checked in and out from a phone whose clock is ten minutes behind. */
    skewed: await book(now.minus({ minutes: 65 }), 60),
  };
}

test.use({ permissions: ['geolocation'], geolocation: { latitude: HOME.lat, longitude: HOME.lon, accuracy: 8 } });

test('EVV time rules: the phone refuses too early and too late, the office edits, a skewed clock is flagged, settings', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const manager = await tokenOf(request, 'branchmanager');
  const booked = await bookCaregiver(request, manager);
  const caregiverToken = await tokenOf(request, booked.username, DEMO_PASSWORD);

  // The server's words, online: the receipt time counts.
  const tooLate = await callApi(request, caregiverToken, 'POST', 'caregiverAppCheckInOut', {
    scheduleId: booked.missed,
    kind: 'check_in',
    timestamp: new Date().toISOString(),
    position: { ...HOME, accuracyMetres: 8 },
    clientRecordId: randomUUID(),
  });
  expect(tooLate.status).toBe(400);
  expect(tooLate.text).toContain('Too late to record this check-in from the phone');
  expect(tooLate.text).toContain('Ask the office to record your check-in as a manual edit with a reason code.');

  // On the phone: the same refusals before anything is recorded, online or not.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    permissions: ['geolocation'],
    geolocation: { latitude: HOME.lat, longitude: HOME.lon, accuracy: 8 },
  });
  const app = await phone.newPage();
  await signInAs(app, booked.username, '/app');
  await card(app, booked.ahead)
    .getByRole('button', { name: /^Check in/ })
    .click();
  const early = app.getByRole('alert').filter({ hasText: 'Too early to check in: check-in opens at' });
  await expect(early).toContainText('2 hours before the visit starts.');
  await app.screenshot({ path: artifact('evv-app-too-early.png') });
  await expectAccessible(app, '/app too early');
  await app.goto('/app?status=missing');
  await expect(app.getByRole('heading', { name: 'Missed visits' })).toBeVisible();
  await card(app, booked.missed)
    .getByRole('button', { name: /^Check in/ })
    .click();
  const late = app.getByRole('alert').filter({ hasText: 'Too late to record this check-in from the phone' });
  await expect(late).toContainText('Ask the office');
  await app.screenshot({ path: artifact('evv-app-too-late.png') });
  await phone.close();
  for (const id of [booked.ahead, booked.missed]) {
    const shift = await query<{ timesheets: unknown[] }>(request, manager, 'getShift', { id });
    expect(shift.timesheets).toEqual([]);
  }

  // The office records the missed visit as a manual edit with a reason code.
  const start = booked.now.minus({ hours: 28 });
  await mutation(request, manager, 'saveShiftTimesheet', {
    scheduleId: booked.missed,
    checkIn: start.plus({ minutes: 3 }).toUTC().toISO(),
    checkOut: start.plus({ minutes: 118 }).toUTC().toISO(),
    reasonCode: 'caregiver_forgot',
    reasonNote: 'Called the office the next day',
  });

  // A phone ten minutes behind the server: accepted, flagged for review.
  const behind = (seconds: number) => new Date(Date.now() - 10 * 60_000 + seconds * 1000).toISOString();
  for (const [kind, at] of [
    ['check_in', behind(0)],
    ['check_out', behind(1)],
  ] as const) {
    const result = await mutation<{ flaggedForReview: boolean }>(
      request,
      caregiverToken,
      'caregiverAppCheckInOut',
      { scheduleId: booked.skewed, kind, timestamp: at, position: { ...HOME, accuracyMetres: 8 }, clientRecordId: randomUUID() },
      { 'x-mobile-app': '1', 'x-device-time': at },
    );
    expect(result.flaggedForReview).toBe(true);
  }

  // EVV review of the caregiver: the skewed visit and the manual edit, each with its flag.
  const from = booked.now.minus({ days: 2 }).toISODate();
  const to = booked.now.toISODate();
  await signInAs(page, 'branchmanager', `/dashboard/evv/caregiver/${booked.caregiverId}?from=${from}&to=${to}`);
  const visits = page.getByRole('table', { name: 'Visits' });
  await expect(visits.getByRole('row')).toHaveCount(3);
  await expect(visits.getByText('Phone clock off')).toHaveCount(1);
  await expect(visits.getByText('Manual edit')).toHaveCount(1);
  await expect(visits.getByText('Caregiver forgot to check in or out')).toBeVisible();
  await page.screenshot({ path: artifact('evv-review-clock.png') });
  await expectAccessible(page, 'EVV caregiver review');

  // The company admin edits the EVV settings from the EVV page; the branch manager only reads them.
  await page.goto('/dashboard/evv');
  await page.getByRole('button', { name: 'EVV settings' }).click();
  await expect(page.getByText('Only a company admin can change the EVV settings.')).toBeVisible();
  await signInAs(page, 'companyadmin', '/dashboard/evv');
  await page.getByRole('button', { name: 'EVV settings' }).click();
  const drawer = page.getByRole('dialog', { name: 'EVV settings' });
  await expect(drawer.getByLabel('Check-in opens before the start')).toHaveValue('120 min');
  await expect(drawer.getByLabel('Phone entries close after the end')).toHaveValue('24 h');
  await expect(drawer.getByLabel('Phone clock tolerance')).toHaveValue('5 min');
  await drawer.getByLabel('Phone clock tolerance').fill('61');
  await expect(drawer.getByText('The clock tolerance must be at most 60 minutes')).toBeVisible();
  await drawer.getByLabel('Phone clock tolerance').fill('3');
  await expect(drawer.getByText('The clock tolerance must be at most 60 minutes')).toBeHidden();
  await page.screenshot({ path: artifact('evv-settings.png') });
  await expectAccessible(page, 'EVV settings');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('EVV settings saved')).toBeVisible();
  const admin = await tokenOf(request, 'companyadmin');
  try {
    expect(await query(request, admin, 'getEvvSettings')).toEqual({
      earlyCheckInMinutes: 120,
      lateEntryLimitMinutes: 1440,
      clockSkewToleranceMinutes: 3,
    });
  } finally {
    // The flows after this one run with the defaults.
    await mutation(request, admin, 'updateEvvSettings', {});
  }
});
