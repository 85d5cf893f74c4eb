import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DateTime } from 'luxon';
import { noNotifications } from './support/ui';
import { artifact, signInAs } from './support/session';
import { expectAccessible } from './support/a11y';

/** The demo branches' time zone: the schedule shows wall-clock times there, whatever the browser's zone. */
const ZONE = 'America/New_York';

/** A name no earlier run has used. */
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}`;

/**
 * Calls a procedure as the signed-in user (bearer token as the app keeps it): GET for a query, POST for a
 * mutation. Used only to make this flow's own client and caregiver, so no demo shift collides.
 */
async function callApi<T>(page: Page, method: 'GET' | 'POST', path: string, input?: unknown): Promise<T> {
  const token = await page.evaluate(() => window.localStorage.getItem('hearth.token'));
  const headers = { authorization: `Bearer ${token}` };
  const response =
    method === 'GET'
      ? await page.request.get(
          `/api/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
          {
            headers,
          },
        )
      : await page.request.post(`/api/trpc/${path}`, { headers, data: input });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

/** The shifts of one day column of the week view (FullCalendar marks columns with their local date). */
function dayShifts(page: Page, date: string): Locator {
  return page.locator(`td.fc-timegrid-col[data-date="${date}"] [data-testid="shift-event"]`);
}

test.use({ viewport: { width: 1440, height: 900 } });

test('schedule: recurring pattern, drag to move with its change history, open shift with pickup invitations', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInAs(page, 'branchmanager', '/clients');

  // This flow's own Boston client (with a home near the office) and caregiver: nothing else is booked for them.
  const branches = await callApi<{ id: number; name: string }[]>(page, 'GET', 'getBranches');
  const boston = branches.find((b) => b.name === 'Boston')!;
  const clientLast = unique('Hollis');
  const client = await callApi<{ id: number }>(page, 'POST', 'createClient', {
    branchId: boston.id,
    firstName: 'Martha',
    lastName: clientLast,
  });
  await callApi(page, 'POST', 'createClientAddress', {
    clientId: client.id,
    line1: '40 Charles St',
    city: 'Boston',
    state: 'MA',
    zip: '02114',
    lat: 42.3581,
    lon: -71.0707,
    isPrimary: true,
  });
  const caregiverLast = unique('Okafor');
  const caregiver = await callApi<{ id: number }>(page, 'POST', 'createCaregiver', {
    branchId: boston.id,
    firstName: 'Grace',
    lastName: caregiverLast,
    status: 'active',
  });

  // The pattern runs Mon/Wed/Fri over the three weeks after this one (weeks start on Sunday), under an
  // authorization of personal care with room to spare.
  const today = DateTime.now().setZone(ZONE).startOf('day');
  const payers = await callApi<{ id: number; name: string }[]>(page, 'GET', 'getPayerSources', { activeOnly: true });
  await callApi(page, 'POST', 'createClientAuthorization', {
    clientId: client.id,
    payerSourceId: payers.find((p) => p.name === 'MassHealth')!.id,
    serviceCode: 'T1019',
    modifiers: [],
    unitsPerWeek: 400,
    startDate: today.toISODate(),
    endDate: today.plus({ days: 90 }).toISODate(),
  });
  const monday = today.minus({ days: today.weekday % 7 }).plus({ days: 8 });
  const mondayIso = monday.toISODate()!;
  const tuesdayIso = monday.plus({ days: 1 }).toISODate()!;

  // Open the client from the clients list: /clients/{id} lands on the schedule.
  await page.getByRole('textbox', { name: 'Search clients' }).fill(clientLast);
  await page.getByRole('textbox', { name: 'Search clients' }).press('Enter');
  await page.getByRole('link', { name: clientLast }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${client.id}/schedule$`));
  await expect(page.getByRole('heading', { name: `Martha ${clientLast}`, level: 2 })).toBeVisible();
  const schedule = page.getByRole('region', { name: 'Schedule' });
  await expect(schedule).toBeVisible();
  await expect(schedule.getByText(`Times in America/New York`)).toBeVisible();

  // A recurring pattern: Mon, Wed, Fri 09:00-13:00 with the new caregiver.
  const patterns = page.getByRole('region', { name: 'Recurring patterns' });
  await expect(patterns.getByText('No recurring patterns yet.')).toBeVisible();
  await patterns.getByRole('button', { name: 'New pattern' }).click();
  const patternDialog = page.getByRole('dialog', { name: 'New recurring pattern' });
  await patternDialog.getByRole('button', { name: 'Create pattern' }).click();
  await expect(patternDialog.getByText('Choose at least one day')).toBeVisible();
  await patternDialog.getByRole('textbox', { name: 'Caregiver' }).fill(caregiverLast);
  await page.getByRole('option', { name: `${caregiverLast}, Grace` }).click();
  for (const day of ['Monday', 'Wednesday', 'Friday']) await patternDialog.getByRole('checkbox', { name: day }).check();
  await patternDialog.getByLabel('Start date').fill(mondayIso);
  await patternDialog.getByLabel('End date').fill(monday.plus({ days: 18 }).toISODate()!);
  await patternDialog.getByLabel('Start time').fill('09:00');
  await patternDialog.getByLabel('End time').fill('13:00');
  await expect(patternDialog.getByLabel('Length')).toHaveValue('4 h');
  await patternDialog.getByRole('textbox', { name: 'Authorized service' }).click();
  await page.getByRole('option', { name: 'MassHealth · T1019' }).click();
  await expect(patternDialog.getByRole('textbox', { name: 'Service code' })).toHaveValue('T1019');
  await page.screenshot({ path: artifact('schedule-pattern-form.png') });
  await expectAccessible(page, 'pattern form');
  await patternDialog.getByRole('button', { name: 'Create pattern' }).click();
  await expect(page.getByText('Pattern created: 9 shifts generated')).toBeVisible();
  await expect(patternDialog).toBeHidden();
  await expect(patterns.getByRole('listitem')).toHaveCount(1);
  await expect(patterns.getByRole('listitem')).toContainText('9:00 AM – 1:00 PM (4 h)');
  await expect(patterns.getByRole('listitem')).toContainText(`Grace ${caregiverLast}`);

  // Its shifts show next week on Monday, Wednesday and Friday, at 9:00 on the branch's clock.
  await schedule.getByRole('button', { name: 'Next week' }).click();
  await expect(page.locator('[data-testid="shift-event"]')).toHaveCount(3);
  const mondayShift = dayShifts(page, mondayIso);
  await expect(mondayShift).toHaveCount(1);
  await expect(mondayShift).toHaveAttribute('title', `9:00 AM – 1:00 PM, Grace ${caregiverLast}, T1019, Scheduled`);
  await expect(dayShifts(page, monday.plus({ days: 2 }).toISODate()!)).toHaveCount(1);
  await expect(dayShifts(page, monday.plus({ days: 4 }).toISODate()!)).toHaveCount(1);
  await noNotifications(page);
  await page.screenshot({ path: artifact('schedule-week.png') });
  await expectAccessible(page, 'client schedule week');

  // Drag Monday's shift one hour later, with the mouse as a person would: press on the card, move down until the
  // card being dragged reads 10:00 AM, release. The dry run finds nothing to warn about, so it is saved.
  const box = (await mondayShift.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const dragged = page.locator('.fc-event-mirror');
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 8, { steps: 4 });
  for (let dy = 8; dy < 120; dy += 3) {
    await page.mouse.move(x, y + dy);
    if ((await dragged.textContent().catch(() => ''))?.startsWith('10:00 AM')) break;
  }
  await expect(dragged).toContainText('10:00 AM – 2:00 PM');
  await page.mouse.up();
  await expect(page.getByText(/^Shift moved to Mon \d\d\/\d\d\/\d\d 10:00 AM – 2:00 PM$/)).toBeVisible();
  await expect(mondayShift).toHaveAttribute('title', `10:00 AM – 2:00 PM, Grace ${caregiverLast}, T1019, Scheduled`);

  // The drawer: the move is in the Changes tab, and the shift is now an exception to its pattern.
  await mondayShift.click();
  const drawer = page.getByRole('dialog', { name: 'Shift', exact: true });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('heading', { level: 3 })).toContainText('10:00 AM – 2:00 PM');
  await expect(drawer.getByText('Recurring · changed on its own')).toBeVisible();
  // A comment on the visit.
  await drawer.getByRole('tab', { name: 'Comments' }).click();
  await drawer.getByRole('textbox', { name: 'New comment' }).fill('Client asked for a later start this week.');
  await drawer.getByRole('button', { name: 'Add comment' }).click();
  await expect(drawer.getByRole('list', { name: 'Comments' })).toContainText('Client asked for a later start this week.');
  await drawer.getByRole('tab', { name: 'Changes' }).click();
  // The move, from 9:00 to 10:00.
  const moved = drawer
    .getByRole('table', { name: 'Shift changed fields' })
    .filter({ has: page.getByRole('row', { name: /^Start / }) });
  await expect(moved.getByRole('row', { name: /^Start / })).toContainText(`${monday.toFormat('MM/dd/yy')} 9:00 AM`);
  await expect(moved.getByRole('row', { name: /^Start / })).toContainText(`${monday.toFormat('MM/dd/yy')} 10:00 AM`);
  await expect(drawer.getByText('Shift created').first()).toBeVisible();
  await noNotifications(page);
  await page.screenshot({ path: artifact('schedule-drawer-changes.png') });
  await expectAccessible(page, 'shift drawer');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // An open shift on Tuesday, then pickup invitations to the best-ranked caregivers.
  await schedule.getByRole('button', { name: 'New shift' }).click();
  const shiftDialog = page.getByRole('dialog', { name: 'New shift' });
  await expect(shiftDialog.getByRole('textbox', { name: 'Client' })).toHaveValue(`Martha ${clientLast}`);
  await shiftDialog.getByLabel('Open shift (no caregiver yet)').check();
  await shiftDialog.getByLabel('Date').fill(tuesdayIso);
  await shiftDialog.getByLabel('Start time').fill('15:00');
  await shiftDialog.getByLabel('End time').fill('17:30');
  await shiftDialog.getByRole('button', { name: 'Create shift' }).click();
  await expect(page.getByText('Shift created', { exact: true })).toBeVisible();
  const openShift = dayShifts(page, tuesdayIso);
  await expect(openShift).toHaveAttribute('title', '3:00 PM – 5:30 PM, Open shift, Scheduled');
  await expect(openShift).toContainText('Open');

  await openShift.click();
  await expect(drawer.getByText('Open shift', { exact: true })).toBeVisible();
  await drawer.getByRole('tab', { name: 'Pickup' }).click();
  await expect(drawer.getByText('No invitations sent yet.')).toBeVisible();
  const candidates = drawer.getByRole('table', { name: 'Pickup candidates' });
  await expect(candidates.getByRole('row', { name: new RegExp(`Grace ${caregiverLast}`) })).toBeVisible();
  await drawer.getByRole('button', { name: 'Invite best 10' }).click();
  const sentNote = page.getByText(/^Sent \d+ pickup invitations?$/);
  await expect(sentNote).toBeVisible();
  const count = Number(/\d+/.exec(await sentNote.innerText())![0]);
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(10);
  const invited = drawer.getByRole('table', { name: 'Pickup invitations' }).locator('tbody tr');
  await expect(invited).toHaveCount(count);
  for (let i = 0; i < count; i++) await expect(invited.nth(i).getByText('Sent', { exact: true })).toBeVisible();
  await expect(candidates.getByText('Invited').first()).toBeVisible();
  await noNotifications(page);
  await page.screenshot({ path: artifact('schedule-drawer-pickup.png') });
  await page.keyboard.press('Escape');

  // Selecting free time on Thursday opens the form there, in the branch's time. The drawer's overlay must be gone
  // first (it would take the drag); a drag that ends up selecting text is made again.
  await expect(drawer).toBeHidden();
  const thursdayIso = monday.plus({ days: 3 }).toISODate()!;
  await expect(async () => {
    const column = (await page.locator(`td.fc-timegrid-col[data-date="${thursdayIso}"]`).boundingBox())!;
    const from = (await page.locator('td.fc-timegrid-slot-lane[data-time="09:00:00"]').boundingBox())!;
    const to = (await page.locator('td.fc-timegrid-slot-lane[data-time="10:30:00"]').boundingBox())!;
    await page.mouse.move(column.x + column.width / 2, from.y + from.height / 4);
    await page.mouse.down();
    await page.mouse.move(column.x + column.width / 2, to.y + (to.height * 3) / 4, { steps: 10 });
    await page.mouse.up();
    await expect(page.getByRole('dialog', { name: 'New shift' })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  const selected = page.getByRole('dialog', { name: 'New shift' });
  await expect(selected.getByLabel('Date')).toHaveValue(thursdayIso);
  await expect(selected.getByLabel('Start time')).toHaveValue('09:00');
  await expect(selected.getByLabel('End time')).toHaveValue('11:00');
  await selected.getByRole('button', { name: 'Cancel' }).click();

  // A second visit while the client already has one: the dry run's warning is shown before saving anyway.
  const wednesdayIso = monday.plus({ days: 2 }).toISODate()!;
  await schedule.getByRole('button', { name: 'New shift' }).click();
  await shiftDialog.getByLabel('Open shift (no caregiver yet)').check();
  await shiftDialog.getByLabel('Date').fill(wednesdayIso);
  await shiftDialog.getByLabel('Start time').fill('11:00');
  await shiftDialog.getByLabel('End time').fill('12:00');
  await shiftDialog.getByRole('button', { name: 'Create shift' }).click();
  const warning = shiftDialog.getByRole('alert', { name: 'Check before saving' });
  await expect(warning).toContainText(`Martha ${clientLast} already has a shift then`);
  await page.screenshot({ path: artifact('schedule-shift-warnings.png') });
  await shiftDialog.getByRole('button', { name: 'Save anyway' }).click();
  await expect(shiftDialog).toBeHidden();
  await expect(dayShifts(page, wednesdayIso)).toHaveCount(2);

  // The same week in the dark scheme.
  await noNotifications(page);
  await page.getByRole('button', { name: 'Toggle color scheme' }).click();
  await page.mouse.move(700, 500);
  await expect(page.getByRole('tooltip')).toBeHidden();
  await page.screenshot({ path: artifact('schedule-week-dark.png') });
  await page.getByRole('button', { name: 'Toggle color scheme' }).click();

  // The month view keeps the shifts; the caregiver's page shows the client's name on theirs.
  await schedule.getByText('Month', { exact: true }).click();
  await expect(schedule.getByRole('radio', { name: 'Month' })).toBeChecked();
  await expect(page.locator('.fc-dayGridMonth-view')).toBeVisible();
  await expect(dayShifts(page, mondayIso)).toHaveCount(0);
  await expect(page.locator(`td.fc-daygrid-day[data-date="${mondayIso}"] [data-testid="shift-event"]`)).toHaveCount(1);
  await page.screenshot({ path: artifact('schedule-month.png') });
  await expectAccessible(page, 'schedule month');
  await page.goto(`/caregivers/${caregiver.id}/schedule`);
  await page.getByRole('region', { name: 'Schedule' }).getByRole('button', { name: 'Next week' }).click();
  await expect(dayShifts(page, mondayIso)).toHaveAttribute('title', `10:00 AM – 2:00 PM, Martha ${clientLast}, T1019, Scheduled`);
  await expect(page.locator('[data-testid="shift-event"]')).toHaveCount(3);

  // An office edit of a visit that happened last week (times of a visit to come cannot be entered ahead).
  const lastTuesday = today.minus({ days: today.weekday % 7 }).minus({ days: 5 });
  const lastTuesdayIso = lastTuesday.toISODate()!;
  await callApi(page, 'POST', 'createShift', {
    clientId: client.id,
    caregiverId: caregiver.id,
    startTimestamp: lastTuesday.set({ hour: 10 }).toUTC().toISO(),
    endTimestamp: lastTuesday.set({ hour: 12 }).toUTC().toISO(),
  });
  await page.goto(`/clients/${client.id}/schedule`);
  await schedule.getByRole('button', { name: 'Previous week' }).click();
  await dayShifts(page, lastTuesdayIso).click();
  await expect(drawer).toBeVisible();
  await drawer.getByRole('tab', { name: 'Timesheets' }).click();
  await drawer.getByRole('button', { name: 'Add office edit' }).click();
  const timesheet = page.getByRole('dialog', { name: 'Add office edit' });
  await expect(timesheet.getByLabel('Check-in time')).toHaveValue('10:00');
  await timesheet.getByRole('button', { name: 'Save timesheet' }).click();
  await expect(timesheet.getByText('Choose a reason code')).toBeVisible();
  await timesheet.getByRole('textbox', { name: 'Reason code' }).click();
  await page.getByRole('option', { name: 'Schedule change' }).click();
  await timesheet.getByRole('button', { name: 'Save timesheet' }).click();
  await expect(timesheet).toBeHidden();
  const timesheets = drawer.getByRole('table', { name: 'Timesheets' });
  await expect(timesheets).toContainText(`${lastTuesday.toFormat('MM/dd/yy')} 10:00 AM`);
  await expect(timesheets).toContainText('Office edit');
  await expect(timesheets).toContainText('Schedule change');

  await drawer.getByRole('tab', { name: 'Changes' }).click();
  await expect(drawer.getByRole('table', { name: 'Timesheet created fields' })).toContainText('Office edit');
  await noNotifications(page);
  await page.screenshot({ path: artifact('schedule-drawer-office-edit.png') });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // A phone gets one day at a time, and the drawer takes the whole width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/clients/${client.id}/schedule`);
  const phoneSchedule = page.getByRole('region', { name: 'Schedule' });
  await expect(page.locator('.fc-timeGridDay-view')).toBeVisible();
  // Counted from the calendar's today now, not the flow's start: the flow may cross midnight on the branch's clock.
  const days = monday.diff(DateTime.now().setZone(ZONE).startOf('day'), 'days').days;
  for (let i = 0; i < days; i++) await phoneSchedule.getByRole('button', { name: 'Next day' }).click();
  await expect(page.locator('[data-testid="shift-event"]')).toHaveCount(1);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: artifact('schedule-phone.png') });
  await expectAccessible(page, 'schedule on the phone');
  await page.locator('[data-testid="shift-event"]').click();
  await expect(drawer).toBeVisible();
  // Once it has slid in, the drawer covers the whole width.
  await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
  await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(390);
  await expect(drawer.getByText('MassHealth')).toBeVisible();
  await page.screenshot({ path: artifact('schedule-phone-drawer.png') });
});
