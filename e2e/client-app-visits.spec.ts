import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { appUrl, expect, test } from './support/test';
import { DateTime } from 'luxon';
import { expectAccessible } from './support/a11y';
import { mutation, query, tokenOf } from './support/api';
import { artifact, DEMO_PASSWORD, signInAs } from './support/session';
import { lastSignInLinkTo } from './support/mailbox';

/**
 * Home, visits and live status of the client app (issue "client and family app" items 1 and 2): the office gives
 * a son of the demo client portal access with the schedule and care notes and sends him a sign-in link; on his
 * phone (390x844) he watches today's visit go from scheduled to checked in to checked out while the caregiver
 * works it from her phone in another browser context (the caregiver app's own calls), without reloading; then he
 * reads the tasks done and the comment, downloads the care sheet PDF and rates the visit, which the office reads.
 * Screenshots of home, visits and the visit at 390x844 and 1280x800.
 */

/** A 1x1 PNG as the signature pad sends it (a data URL). */
const INITIALS =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** Screenshots of the page at the phone's size and at a desktop's, then back to the phone. */
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: artifact(`${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: artifact(`${name}-1280.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
}

test('a family member watches a visit go from scheduled to checked in to checked out, reads it and rates it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const manager = await tokenOf(request, 'branchmanager');
  const [client] = await query<{ clientId: number; firstName: string }[]>(
    request,
    await tokenOf(request, 'client'),
    'clientAppGetClients',
  );
  const boston = (await query<{ id: number; name: string }[]>(request, manager, 'getBranches')).find((b) => b.name === 'Boston')!;
  await mutation(request, manager, 'updateClient', {
    id: client!.clientId,
    carePlanTasks: ['Bathing', 'Meal preparation', 'Laundry'],
  });
  const email = `sam.${Date.now().toString(36)}@family.example`;
  const contact = await mutation<{ id: number }>(request, manager, 'createClientContact', {
    clientId: client!.clientId,
    firstName: 'Sam',
    lastName: 'Family',
    relationship: 'Son',
    email,
    hasPortalAccess: true,
    portalSchedule: true,
    portalCareNotes: true,
  });
  await mutation(request, manager, 'sendClientContactLoginLink', { contactId: contact.id });
  // A caregiver of the branch with a sign-in, and today's visit with her, starting now.
  const firstName = `Rosa${Date.now().toString(36).slice(-4)}`;
  const caregiver = await mutation<{ id: number }>(request, manager, 'createCaregiver', {
    branchId: boston.id,
    firstName,
    lastName: 'Visita',
    status: 'active',
  });
  const login = await mutation<{ username: string }>(request, manager, 'setCaregiverPassword', {
    caregiverId: caregiver.id,
    password: DEMO_PASSWORD,
  });
  const start = DateTime.now().startOf('minute');
  const booked = await mutation<{ shift: { id: number } }>(request, manager, 'createShift', {
    clientId: client!.clientId,
    caregiverId: caregiver.id,
    startTimestamp: start.toUTC().toISO(),
    endTimestamp: start.plus({ hours: 2 }).toUTC().toISO(),
    serviceCode: 'T1019',
  });
  const shiftId = booked.shift.id;

  // The son's phone: the link signs him in to the client app's home, where today's visit waits.
  const family = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: appUrl() });
  const page = await family.newPage();
  await page.goto(lastSignInLinkTo(email));
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  const card = page.getByTestId(`visit-${shiftId}`);
  await expect(card.getByText(firstName)).toBeVisible();
  await expect(card.getByText('Scheduled')).toBeVisible();
  await expect(card.getByTestId('live-line')).toHaveText(/^Expected \d{1,2}:\d\d [AP]M( [A-Z]{2,5})?$/);
  await expectAccessible(page, 'client app home');
  await shoot(page, 'client-app-home-scheduled');

  // The caregiver's phone, another browser context: she checks in through the caregiver app's call.
  const phone = await browser.newContext({ baseURL: appUrl() });
  const caregiverToken = await tokenOf(phone.request, login.username);
  const checkIn = DateTime.now();
  await mutation(phone.request, caregiverToken, 'caregiverAppCheckInOut', {
    scheduleId: shiftId,
    kind: 'check_in',
    timestamp: checkIn.toUTC().toISO(),
    position: null,
    outsideGeofenceReason: 'Phone location was off',
    clientRecordId: crypto.randomUUID(),
  });
  // Live: no reload, the home shows the check-in at the time the server recorded.
  await expect(card.getByText('In progress')).toBeVisible();
  await expect(card.getByTestId('live-line')).toHaveText(/^Checked in at \d{1,2}:\d\d [AP]M( [A-Z]{2,5})?$/);
  await shoot(page, 'client-app-home-checked-in');

  // He opens the visit; the caregiver checks out with her care sheet while it is on screen.
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/client-mobile-app/visits/${shiftId}$`));
  await expect(page.getByTestId('visit-status')).toHaveText('In progress');
  await expect(page.getByText('You can rate the visit once it is done.')).toBeVisible();
  await mutation(phone.request, caregiverToken, 'saveCareSheetCheckInOut', {
    shift_id: shiftId,
    clientRecordId: crypto.randomUUID(),
    submitted: true,
    completed_tasks: ['Bathing', 'Laundry'],
    caregiver_comment: 'Good appetite today; we walked to the corner and back.',
    client_unable_to_sign_reason: 'Resting after the walk',
    caregiver_initials: INITIALS,
    checkInOut: { checkOut: DateTime.now().toUTC().toISO(), checkOutMetadata: { position: null, offline: false } },
  });
  await expect(page.getByTestId('visit-status')).toHaveText('Done');
  await expect(page.getByTestId('visit-live-line')).toHaveText(/^Checked out at \d{1,2}:\d\d [AP]M( [A-Z]{2,5})?$/);
  await expect(page.getByTestId('caregiver-comment')).toHaveText('Good appetite today; we walked to the corner and back.');
  await expect(page.getByRole('listitem').filter({ hasText: 'Meal preparation' })).toContainText('Not done');

  // The care sheet's PDF downloads under its file name.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Care sheet (PDF)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^care-sheet-.+\.pdf$/);

  // He rates the visit; the office reads the rating on the visit.
  // Mantine's stars are visually hidden radios, each under the star its label draws: the star is what a finger taps.
  const fiveStars = await page.getByRole('radio', { name: '5 stars' }).getAttribute('id');
  await page.locator(`label[for="${fiveStars}"]`).click();
  await expect(page.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await page.getByLabel('Comment (optional)').fill('Rosa was lovely with Mum.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Thank you, the office has your rating.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update my rating' })).toBeVisible();
  await expect(page.getByText('Thank you, the office has your rating.')).toBeVisible();
  await expectAccessible(page, 'client app visit');
  await shoot(page, 'client-app-visit');
  const ratings = await query<{ rating: number; comment: string; relation: string }[]>(request, manager, 'getVisitRatings', {
    shiftId,
  });
  expect(ratings).toEqual([expect.objectContaining({ rating: 5, comment: 'Rosa was lovely with Mum.', relation: 'Son' })]);
  // The office sees it in the visit's drawer on the client's schedule.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const office = await desk.newPage();
  await signInAs(office, 'branchmanager', `/clients/${client!.clientId}/schedule`);
  await office.locator(`[data-shift-id="${shiftId}"]`).first().click();
  const drawer = office.getByRole('dialog', { name: 'Shift', exact: true });
  const rated = drawer.getByRole('region', { name: 'Rating from the family' });
  await expect(rated).toContainText('Rosa was lovely with Mum.');
  await expect(rated).toContainText('(Son)');
  await expect(rated.getByRole('img', { name: '5 of 5 stars' })).toBeVisible();
  await office.screenshot({ path: artifact('shift-drawer-family-rating-1280.png') });
  await desk.close();

  // The visits list holds it with its check-in and check-out.
  await page.getByRole('link', { name: 'All visits' }).click();
  await expect(page.getByTestId(`visit-${shiftId}`).getByTestId('live-line')).toHaveText(/^Checked out at/);
  await expectAccessible(page, 'client app visits');
  await shoot(page, 'client-app-visits');
  await phone.close();
  await family.close();
});
