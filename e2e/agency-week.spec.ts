import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { mutation, offlineReplayHeaders, query, tokenOf } from './support/api';
import { HAND, instant, lastWeek, ZONE } from './support/agency-week';
import { card, serviceWorkerReady, signBothPads, trpcData } from './support/app';
import { artifact, signInAs } from './support/session';
import { nextDownload, pick, pickDay, pickerDay, pickRange } from './support/ui';
import { countText, providers3x, syntheaPath, syntheaRows, type SyntheaFileName } from './support/synthea';
import Papa from 'papaparse';
import { expectAccessible } from './support/a11y';
import { secretOf, totpNow } from './support/mfa';

/**
 * An agency's week, end to end, on its own fresh server (issue "An agency's week"): the company admin imports the
 * real Synthea payers, patients and providers through the import page, sets up the Medicaid payer, authorizations
 * and recurring patterns for 30 imported clients (one of each through the pages, the rest through the API), the
 * week's visits arrive from the caregivers' phones, an open shift is picked up in /app, a caregiver works a day in
 * /app at 390x844 (near, once far, one visit fully offline), the branch manager reviews EVV, corrects a visit and
 * locks the pay period, and the payroll and billing reports and exports match figures computed by hand
 * (support/agency-week.ts). Screenshots go to e2e/artifacts/week-*.png.
 */

const PASSWORD = 'Week-Caregiver-2031!';

test.describe.configure({ mode: 'serial' });

/** A client or caregiver of the week: id, first and last name, and "First Last" as the app writes it. */
interface Person {
  id: number;
  first: string;
  last: string;
  name: string;
}
const person = (id: number, first: string, last: string): Person => ({ id, first, last, name: `${first} ${last}` });
/** "Last, First", as reports and files name people. */
const lastFirst = (p: Person) => `${p.last}, ${p.first}`;

/** What the steps hand on to the next ones. */
const week = lastWeek();
const state = {
  /** When the imports began (UTC ISO): records made before are the demo agency's. */
  importedAt: '',
  payerId: 0,
  clients: [] as Person[],
  caregivers: [] as (Person & { username: string })[],
  openShiftId: 0,
  wednesdayShiftId: 0,
};
const byKey = () => ({
  X: state.clients[0]!,
  Y: state.clients[1]!,
  Z: state.clients[2]!,
  A: state.caregivers[0]!,
  B: state.caregivers[1]!,
  C: state.caregivers[2]!,
});

/** The token the app keeps for the signed-in user. */
async function pageToken(page: Page): Promise<string> {
  return (await page.evaluate(() => window.localStorage.getItem('hearth.token')))!;
}

/**
 * Uploads `file` (a file of the Synthea sample, or bytes of another layout) as `type` into Boston through
 * /file-imports and waits for every row, none of them an error.
 */
async function importThroughPage(
  page: Page,
  type: string,
  file: SyntheaFileName | { name: SyntheaFileName; buffer: Buffer },
  rows: string,
): Promise<void> {
  const name = typeof file === 'string' ? file : file.name;
  await page.goto('/file-imports');
  await page.getByRole('button', { name: 'Import a file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a file' });
  await pick(page, dialog, 'Import type', type);
  const branch = dialog.getByRole('textbox', { name: 'Branch' });
  if (await branch.isVisible()) await pick(page, dialog, 'Branch', 'Boston');
  await dialog
    .locator('input[type="file"]')
    .setInputFiles(typeof file === 'string' ? syntheaPath(file) : { name, mimeType: 'text/csv', buffer: file.buffer });
  await dialog.getByRole('button', { name: 'Upload and import' }).click();
  await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100', {
    timeout: 180_000,
  });
  await expect(dialog.getByText(`${rows} / ${rows} rows`)).toBeVisible();
  await expect(dialog.getByLabel('Errors: 0')).toBeVisible();
  await page.screenshot({ path: artifact(`week-import-${name.replace('.csv', '')}.png`) });
  // The status's own Close button (the dialog's header × is named Close too).
  await dialog.getByLabel('Import status').getByRole('button', { name: 'Close' }).click();
}

/** Signs a week caregiver in through the login form, as on their phone; waits until the app has them. */
async function signInOnPhone(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Caregivers must have a second factor: step 3 enrolled each with an authenticator of their own (support/mfa.ts).
  await page.getByLabel('Verification code').fill(totpNow(secretOf(username)));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** A page of a backend view as the holder of `token`. */
async function viewRows<T>(request: APIRequestContext, token: string, input: Record<string, unknown>): Promise<T[]> {
  return (await query<{ rows: T[] }>(request, token, 'queryView', { pageSize: 500, ...input })).rows;
}

test('1. the company admin imports the Synthea payers, patients and providers through the import page', async ({ page }) => {
  test.setTimeout(420_000);
  state.importedAt = new Date().toISOString();
  await signInAs(page, 'companyadmin', '/file-imports');
  await importThroughPage(page, 'Synthea payers', 'payers.csv', '10');
  await importThroughPage(page, 'Synthea patients', 'patients.csv', countText(syntheaRows('patients.csv').length));
  // The providers in Synthea 3.x's layout: ZIP+4 as nine digits without a hyphen, which every address keeps.
  const providers = syntheaRows('providers.csv').length;
  await importThroughPage(page, 'Synthea providers', { name: 'providers.csv', buffer: providers3x('') }, countText(providers));
  await page.goto('/file-imports');
  const list = page.getByRole('table', { name: /file imports/i });
  await expect(list.locator('tbody tr', { hasText: 'Completed' })).toHaveCount(3);
  await page.screenshot({ path: artifact('week-imports.png') });
  await expectAccessible(page, '/file-imports');

  // Every imported caregiver is on the map of Boston (each has an address with coordinates).
  await page.goto('/map');
  await page.getByRole('textbox', { name: 'Branch' }).click();
  await page.getByRole('option', { name: 'Boston' }).click();
  const caregiverMarkers = page.locator('[data-map-marker="caregivers"]');
  const legend = page.getByRole('region', { name: 'Map layers' }).getByText(/^Caregivers \(\d+\)$/);
  const legendCount = async () => Number(/\((\d+)\)/.exec(await legend.innerText())![1]);
  // The legend counts the branch's caregivers once its locations arrived.
  await expect.poll(legendCount).toBeGreaterThanOrEqual(providers);
  const onMap = await legendCount();
  await expect(caregiverMarkers).toHaveCount(onMap);
  await page.screenshot({ path: artifact('week-map-caregivers-synthea-3x.png') });
});

test('2. the admin sets up Medicaid, 30 clients with authorizations and patterns, and three caregivers', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await signInAs(page, 'companyadmin', '/admin/payer-sources');
  const admin = await pageToken(page);

  // Medicaid, imported from Synthea, requires EVV and pays T1019 at $7.52 per 15 minutes: set on its page.
  await page.getByRole('table', { name: 'Payer Sources' }).getByRole('link', { name: 'Medicaid', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Medicaid', level: 2 })).toBeVisible();
  state.payerId = Number(/\/admin\/payer-sources\/(\d+)$/.exec(page.url())![1]);
  await page.getByRole('button', { name: 'Add service' }).click();
  await page.getByLabel('Service 1 code').fill('T1019');
  await page.getByLabel('Service 1 description').fill('Personal care, per 15 minutes');
  await page.getByLabel('Service 1 bill rate in dollars').fill('7.52');
  await page.getByLabel('Payer ID').fill('MA-MEDICAID');
  await pick(page, page.locator('body'), 'EVV aggregator', 'Sandata');
  await page.getByRole('switch', { name: 'Requires EVV' }).check({ force: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Payer source saved')).toBeVisible();
  await page.screenshot({ path: artifact('week-payer.png') });
  await expectAccessible(page, 'payer sources');

  // 30 imported clients of Boston with a home (the roster's newest, so none of the demo's).
  const clients = await viewRows<{ id: number; firstName: string; lastName: string; city: string | null }>(request, admin, {
    view: 'clients',
    filters: [
      { column: 'branchName', operator: 'equals', value: 'Boston' },
      { column: 'status', operator: 'equals', value: 'active' },
      { column: 'city', operator: 'isNotEmpty' },
    ],
    sort: [{ column: 'id', direction: 'desc' }],
    pageSize: 30,
  });
  expect(clients).toHaveLength(30);
  state.clients = clients.map((c) => person(c.id, c.firstName, c.lastName));
  const { X, Y, Z } = byKey();

  // The open shift (tomorrow afternoon at Z), so the caregivers nearest to Z are the week's caregivers.
  const tomorrow = DateTime.now().setZone(ZONE).plus({ days: 1 }).startOf('day');
  const open = await mutation<{ shift: { id: number } }>(request, admin, 'createShift', {
    clientId: Z.id,
    startTimestamp: tomorrow.set({ hour: 14 }).toUTC().toISO(),
    endTimestamp: tomorrow.set({ hour: 16 }).toUTC().toISO(),
    serviceCode: 'T1019',
    payerSourceId: state.payerId,
  });
  state.openShiftId = open.shift.id;
  const candidates = await query<{ caregiverId: number; caregiverName: string; rank: number }[]>(
    request,
    admin,
    'getPickupCandidates',
    { scheduleId: state.openShiftId },
  );
  // The demo agency's caregivers (made before the imports) have their own weeks: the imported ones work this one.
  const demo = await viewRows<{ id: number }>(request, admin, {
    view: 'caregivers',
    filters: [{ column: 'createdAt', operator: 'before', value: state.importedAt }],
  });
  const demoIds = new Set(demo.map((c) => c.id));
  const imported = candidates.filter((c) => !demoIds.has(c.caregiverId)).sort((a, b) => a.rank - b.rank);
  expect(imported.length).toBeGreaterThan(10);
  // A and B work the hand-computed week; C is the nearest and picks the open shift up.
  const [c, a, b] = imported as [(typeof imported)[0], (typeof imported)[0], (typeof imported)[0]];
  for (const [who, rateCents] of [
    [a, HAND.A.rateCents],
    [b, HAND.B.rateCents],
    [c, HAND.C.rateCents],
  ] as const) {
    await mutation(request, admin, 'updateCaregiver', {
      id: who.caregiverId,
      payRates: [{ label: 'Standard', hourlyRateCents: rateCents }],
    });
    const login = await mutation<{ username: string }>(request, admin, 'setCaregiverPassword', {
      caregiverId: who.caregiverId,
      password: PASSWORD,
    });
    const record = await query<{ firstName: string; lastName: string }>(request, admin, 'getCaregiver', { id: who.caregiverId });
    state.caregivers.push({ ...person(who.caregiverId, record.firstName, record.lastName), username: login.username });
  }
  const { A, B, C } = byKey();

  // X's authorization through its profile page: 150 units a week of T1019 from Medicaid.
  await page.goto(`/clients/${X.id}/profile`);
  const auths = page.getByRole('region', { name: 'Authorizations' });
  await auths.getByRole('button', { name: 'Add authorization' }).click();
  const authDialog = page.getByRole('dialog', { name: 'Add authorization' });
  await pick(page, authDialog, 'Payer source', 'Medicaid');
  await authDialog.getByLabel('Service code').fill('T1019');
  await authDialog.getByLabel('Authorization number').fill('MA-WEEK-X');
  await authDialog.getByLabel('Units per week').fill(String(HAND.billing.X.authorizedPerWeek));
  await authDialog.getByLabel('Start date').fill(week.from);
  await authDialog.getByLabel('End date').fill(week.day(90).toISODate()!);
  await authDialog.getByRole('button', { name: 'Save' }).click();
  await expect(authDialog).toBeHidden();
  await expect(auths.getByRole('row').filter({ hasText: 'MA-WEEK-X' })).toContainText('150/wk');
  // The other 29 through the API, 400 units a week each.
  for (const client of state.clients.slice(1)) {
    await mutation(request, admin, 'createClientAuthorization', {
      clientId: client.id,
      payerSourceId: state.payerId,
      serviceCode: 'T1019',
      authorizationNumber: `MA-WEEK-${client.id}`,
      unitsPerWeek: 400,
      startDate: week.from,
      endDate: week.day(90).toISODate(),
    });
  }

  // A's pattern at X through the schedule page: Monday to Friday 08:00-17:00, the week only.
  await page.goto(`/clients/${X.id}/schedule`);
  const patterns = page.getByRole('region', { name: 'Recurring patterns' });
  await patterns.getByRole('button', { name: 'New pattern' }).click();
  const patternDialog = page.getByRole('dialog', { name: 'New recurring pattern' });
  await patternDialog.getByRole('textbox', { name: 'Caregiver' }).fill(A.last);
  await page
    .getByRole('option', { name: lastFirst(A) })
    .first()
    .click();
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
    await patternDialog.getByRole('checkbox', { name: day }).check();
  }
  await patternDialog.getByLabel('Start date').fill(week.from);
  await patternDialog.getByLabel('End date').fill(week.to);
  await patternDialog.getByLabel('Start time').fill('08:00');
  await patternDialog.getByLabel('End time').fill('17:00');
  await patternDialog.getByRole('textbox', { name: 'Authorized service' }).click();
  await page.getByRole('option', { name: 'Medicaid · T1019' }).click();
  await patternDialog.getByRole('button', { name: 'Create pattern' }).click();
  await expect(patterns.getByRole('listitem')).toHaveCount(1);
  await page.screenshot({ path: artifact('week-pattern.png') });
  await expectAccessible(page, 'pattern');

  // B at Y and C at Z through the API, and 27 more clients with the other imported caregivers on Tuesdays.
  const pattern = (clientId: number, caregiverId: number, days: string, start: string, minutes: number) =>
    mutation(request, admin, 'createShiftPattern', {
      clientId,
      caregiverId,
      serviceCode: 'T1019',
      payerSourceId: state.payerId,
      rrule: `FREQ=WEEKLY;BYDAY=${days}`,
      startDate: week.from,
      endDate: week.to,
      startTime: start,
      durationMinutes: minutes,
    });
  await pattern(Y.id, B.id, 'MO,WE,FR', '09:00', 240);
  await pattern(Z.id, C.id, 'TU,TH', '08:00', 240);
  for (const [i, client] of state.clients.slice(3).entries()) {
    await pattern(client.id, imported[3 + i]!.caregiverId, 'TU', '10:00', 120);
  }
});

test('3. the week arrives from the caregivers phones, each visit near the client', async ({ request }) => {
  test.setTimeout(120_000);
  const { A, B, C } = byKey();
  for (const [who, plan] of [
    [A, HAND.A.visits],
    [B, HAND.B.visits],
    [C, HAND.C.visits],
  ] as const) {
    const token = await tokenOf(request, who.username, PASSWORD);
    const page = await query<{ shifts: { id: number; startTimestamp: string; address: { lat: number; lon: number } }[] }>(
      request,
      token,
      'caregiverAppGetShifts',
      { after: week.sunday.toUTC().toISO() },
    );
    for (const visit of plan) {
      const start = instant(week, visit.weekday, visit.start);
      const shift = page.shifts.find((s) => s.startTimestamp === start);
      expect(shift, `${who.name}'s visit at ${start}`).toBeTruthy();
      const position = { lat: shift!.address.lat + 0.0003, lon: shift!.address.lon, accuracyMetres: 9 };
      for (const [kind, time] of [
        ['check_in', visit.start],
        ['check_out', visit.end],
      ] as const) {
        // The week lies in the past: the phone recorded each check at the visit and uploads it now.
        const timestamp = instant(week, visit.weekday, time);
        await mutation(
          request,
          token,
          'caregiverAppCheckInOut',
          { scheduleId: shift!.id, kind, timestamp, position, clientRecordId: randomUUID() },
          offlineReplayHeaders(timestamp),
        );
      }
      if (who === B && visit.weekday === HAND.B.corrected.weekday) state.wednesdayShiftId = shift!.id;
    }
  }
});

test('4. the open shift: invitations from its drawer, and the nearest caregiver takes it in /app', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { Z, C } = byKey();
  await signInAs(page, 'companyadmin', `/clients/${Z.id}/schedule`);
  const tomorrow = DateTime.now().setZone(ZONE).plus({ days: 1 });
  const schedule = page.getByRole('region', { name: 'Schedule' });
  // Tomorrow is next week's Sunday when today is a Saturday.
  if (tomorrow.weekday === 7) await schedule.getByRole('button', { name: 'Next week' }).click();
  await page.locator(`td.fc-timegrid-col[data-date="${tomorrow.toISODate()}"] [data-testid="shift-event"]`).first().click();
  const drawer = page.getByRole('dialog', { name: 'Shift', exact: true });
  await drawer.getByRole('tab', { name: 'Pickup' }).click();
  const candidates = drawer.getByRole('table', { name: 'Pickup candidates' });
  await expect(candidates.getByRole('row', { name: new RegExp(C.name) })).toBeVisible();
  await candidates.getByRole('checkbox', { name: `Invite ${C.name}` }).check();
  await drawer.getByRole('button', { name: 'Invite selected (1)' }).click();
  await expect(page.getByText('Sent 1 pickup invitation')).toBeVisible();
  await page.screenshot({ path: artifact('week-pickup-invited.png') });
  await expectAccessible(page, 'pickup invitations');

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const app = await phone.newPage();
  await signInOnPhone(app, C.username);
  await app.goto('/app/pickup');
  const offer = app.getByRole('article', { name: /^Open shift with / });
  await expect(offer).toHaveCount(1);
  await expect(offer).toContainText('T1019');
  await app.screenshot({ path: artifact('week-app-pickup.png') });
  await expectAccessible(app, '/app/pickup');
  await offer.getByRole('button', { name: 'Accept' }).click();
  await expect(app.getByText('Shift accepted')).toBeVisible();
  await app.screenshot({ path: artifact('week-app-pickup-accepted.png') });
  await phone.close();

  // The office calendar shows the shift as C's now.
  await page.reload();
  if (tomorrow.weekday === 7) await schedule.getByRole('button', { name: 'Next week' }).click();
  await expect(
    page.locator(`td.fc-timegrid-col[data-date="${tomorrow.toISODate()}"] [data-testid="shift-event"]`).first(),
  ).toContainText(C.last);
});

test('5. a day in /app at 390x844: near the client, once far, and one visit fully offline synced later', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { C } = byKey();
  const admin = await tokenOf(request, 'companyadmin');
  // Three visits of C today, from a few minutes from now, at clients of the week.
  const now = DateTime.now().setZone(ZONE).startOf('minute');
  const visitIds: number[] = [];
  for (const [i, client] of state.clients.slice(3, 6).entries()) {
    // 40-minute visits 45 minutes apart: each opens for check-in within the two hours before its start.
    const start = now.plus({ minutes: 5 + i * 45 });
    const created = await mutation<{ shift: { id: number } }>(request, admin, 'createShift', {
      clientId: client.id,
      caregiverId: C.id,
      startTimestamp: start.toUTC().toISO(),
      endTimestamp: start.plus({ minutes: 40 }).toUTC().toISO(),
      serviceCode: 'T1019',
      payerSourceId: state.payerId,
    });
    visitIds.push(created.shift.id);
  }
  const token = await tokenOf(request, C.username, PASSWORD);
  const mine = await query<{ shifts: { id: number; address: { lat: number; lon: number } }[] }>(
    request,
    token,
    'caregiverAppGetShifts',
    {},
  );
  const near = (id: number) => {
    const address = mine.shifts.find((s) => s.id === id)!.address;
    return { latitude: address.lat + 0.0002, longitude: address.lon, accuracy: 8 };
  };
  const [nearId, farId, offlineId] = visitIds as [number, number, number];

  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    permissions: ['geolocation'],
    geolocation: near(nearId),
  });
  const page = await context.newPage();
  await signInOnPhone(page, C.username);
  await page.goto('/app');
  await expect(card(page, nearId)).toBeVisible();
  await serviceWorkerReady(page);
  await page.screenshot({ path: artifact('week-app-schedule.png') });
  await expectAccessible(page, '/app');

  // Near the client: checked in and out online, the care sheet signed by both.
  const checkIn = page.waitForResponse((r) => r.url().includes('caregiverAppCheckInOut'));
  await card(page, nearId)
    .getByRole('button', { name: /^Check in/ })
    .click();
  expect(await trpcData(await checkIn)).toMatchObject({ insideGeofence: true, flaggedForReview: false });
  await card(page, nearId)
    .getByRole('button', { name: /^Check out/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/app/care-sheets/\\d+/shifts/${nearId}/checkout$`));
  await signBothPads(page);
  await page.screenshot({ path: artifact('week-app-checkout.png') });
  await expectAccessible(page, 'check-out');
  await page.getByRole('button', { name: 'Save care sheet' }).click();
  await expect(page.getByText('Care sheet saved')).toBeVisible();

  // Far from the next client: the reason is asked, and the visit is flagged for the office.
  await page.goto('/app');
  await context.setGeolocation({ ...near(farId), latitude: near(farId).latitude + 0.2 });
  await card(page, farId)
    .getByRole('button', { name: /^Check in/ })
    .click();
  const reason = page.getByRole('dialog', { name: "You are outside the client's area" });
  await reason.getByLabel('Reason').fill('Met the client at the clinic');
  await page.screenshot({ path: artifact('week-app-far.png') });
  const farCheckIn = page.waitForResponse((r) => r.url().includes('caregiverAppCheckInOut'));
  await reason.getByRole('button', { name: 'Check in' }).click();
  expect(await trpcData(await farCheckIn)).toMatchObject({ flaggedForReview: true });

  // No signal at the third client: checked in, the page reloaded, checked out and signed, all offline.
  await context.setGeolocation(near(offlineId));
  await context.setOffline(true);
  await card(page, offlineId)
    .getByRole('button', { name: /^Check in/ })
    .click();
  await expect(card(page, offlineId).getByText('Saved on this phone — will upload')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Offline — showing saved schedule')).toBeVisible();
  await card(page, offlineId)
    .getByRole('button', { name: /^Check out/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/app/care-sheets/offline/shifts/${offlineId}/checkout$`));
  await signBothPads(page);
  await page.getByRole('button', { name: 'Save care sheet' }).click();
  await expect(page.getByText(/Saved on this phone/).first()).toBeVisible();
  await page.screenshot({ path: artifact('week-app-offline.png') });
  // Back online, the visit uploads by itself.
  await context.setOffline(false);
  await page.goto('/app');
  await expect(card(page, offlineId).getByText('Saved on this phone')).toHaveCount(0, { timeout: 20_000 });
  await context.close();

  // The office sees one timesheet per visit: mobile for the near one, offline (type 2) for the third.
  const types = async (id: number) =>
    (
      await query<{ timesheets: { check_in_type: number | null; check_out_type: number | null }[] }>(request, admin, 'getShift', {
        id,
      })
    ).timesheets.map((t) => [t.check_in_type, t.check_out_type]);
  expect(await types(nearId)).toEqual([[1, 1]]);
  await expect.poll(() => types(offlineId)).toEqual([[2, 2]]);
});

test('6. the branch manager reviews EVV, corrects a visit with a reason code and locks the pay period', async ({ page }) => {
  test.setTimeout(120_000);
  const { B, Y } = byKey();
  await signInAs(page, 'branchmanager', '/dashboard/evv?tab=caregivers');
  await expect(page.getByRole('heading', { name: /EVV/, level: 2 })).toBeVisible();
  await expect(page.getByText(B.name).first()).toBeVisible();
  await page.screenshot({ path: artifact('week-evv-dashboard.png') });

  // B's Wednesday at Y: the phone's check-out was 13:00; B left at 12:30.
  await page.goto(`/clients/${Y.id}/schedule`);
  const schedule = page.getByRole('region', { name: 'Schedule' });
  await schedule.getByRole('button', { name: 'Previous week' }).click();
  const wednesday = week.day(HAND.B.corrected.weekday).toISODate()!;
  await page.locator(`td.fc-timegrid-col[data-date="${wednesday}"] [data-testid="shift-event"]`).first().click();
  const drawer = page.getByRole('dialog', { name: 'Shift', exact: true });
  await drawer.getByRole('tab', { name: 'Timesheets' }).click();
  await drawer.getByRole('button', { name: 'Add office edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Add office edit' });
  await edit.getByLabel('Check-in date').fill(wednesday);
  await edit.getByLabel('Check-in time').fill('09:00');
  await edit.getByLabel('Check-out date').fill(wednesday);
  await edit.getByLabel('Check-out time').fill(HAND.B.corrected.checkOut);
  await pick(page, edit, 'Reason code', 'Caregiver forgot to check in or out');
  await edit.getByLabel('Note').fill('Left at 12:30, confirmed with the client');
  await edit.getByRole('button', { name: 'Save timesheet' }).click();
  await expect(edit).toBeHidden();
  await expect(drawer.getByRole('table', { name: 'Timesheets' })).toContainText('Office edit');
  await page.screenshot({ path: artifact('week-office-edit.png') });
  await page.keyboard.press('Escape');

  // The week's pay period is locked from two minutes ago.
  await page.goto('/admin/pay-period-lock-times');
  await page.getByRole('button', { name: 'Add lock time' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add pay period lock time' });
  const local = (d: DateTime) => pickerDay(new Date(d.year, d.month - 1, d.day));
  await pickDay(page, 'Period start', local(week.sunday));
  await pickDay(page, 'Period end', local(week.saturday));
  const locksAt = DateTime.now().setZone(ZONE).minus({ minutes: 2 });
  await pickDay(page, 'Locks on', local(locksAt));
  await dialog.getByLabel('Locks at').fill(locksAt.toFormat('HH:mm'));
  const branch = dialog.getByRole('textbox', { name: 'Branch' });
  if (await branch.isEnabled()) await pick(page, dialog, 'Branch', 'Boston');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Lock time added for Boston')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: `${local(week.sunday).shown} – ${local(week.saturday).shown}` });
  await expect(row).toContainText('Locked');
  await page.screenshot({ path: artifact('week-lock.png') });
});

/** The week as the pickers show it. */
const local = (d: DateTime) => pickerDay(new Date(d.year, d.month - 1, d.day));

/** The rows of a CSV file a page downloads when `click` runs (a BOM dropped), by header. */
async function downloadedCsv(page: Page, click: () => Promise<void>): Promise<Record<string, string>[]> {
  const download = nextDownload(page);
  await click();
  const text = (await readFile((await (await download).path())!, 'utf8')).replace(/^\uFEFF/, '');
  return Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
}

/** A money or hours cell as a number ("$1,353.60" -> 1353.6). */
const num = (text: string | undefined) => Number((text ?? '').replace(/[$,]/g, ''));

/** Queues the export `type` for the week on /file-exports and downloads its file. @returns the file's text. */
async function exportWeek(page: Page, type: RegExp): Promise<string> {
  await page.goto('/file-exports');
  await page.getByRole('button', { name: 'New export' }).click();
  const dialog = page.getByRole('dialog', { name: 'New export' });
  await pick(page, dialog, 'Export type', type);
  await pickDay(page, 'From', local(week.sunday));
  await pickDay(page, 'To', local(week.saturday));
  await dialog.getByRole('button', { name: 'Queue export' }).click();
  const button = dialog.getByRole('button', { name: 'Download' });
  await expect(button).toBeVisible({ timeout: 60_000 });
  const download = nextDownload(page);
  await button.click();
  const text = await readFile((await (await download).path())!, 'utf8');
  // The Close button at the dialog's foot, after the header's × (named Close too).
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  return text.replace(/^\uFEFF/, '');
}

test('7. payroll and billing match the hand-computed week; the ADP, billing and Sandata exports parse', async ({ page }) => {
  test.setTimeout(240_000);
  const { A, B, C, X, Y, Z } = byKey();
  await signInAs(page, 'companyadmin', '/reports/payroll');

  // Payroll of the week (custom dates), computed and read back as the report's CSV.
  await page.locator('label', { hasText: 'Custom' }).click();
  await pickRange(page, 'Dates', local(week.sunday), local(week.saturday));
  await page.getByRole('button', { name: /^(Re)?compute payroll$/i }).click();
  await expect(page.getByText(/^Computed .+ for \d+ caregivers?$/)).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: artifact('week-payroll.png'), fullPage: true });
  await page.getByRole('button', { name: 'Export' }).click();
  const payroll = await downloadedCsv(page, () => page.getByRole('menuitem', { name: 'CSV' }).click());
  for (const [who, hand] of [
    [A, HAND.A],
    [B, HAND.B],
    [C, HAND.C],
  ] as const) {
    const row = payroll.find((r) => r['First name'] === who.first && r['Last name'] === who.last);
    expect(row, `payroll line of ${who.name}`).toBeTruthy();
    expect(num(row!['Regular hours']), `${who.name} regular`).toBe(num(hand.regularHours));
    expect(num(row!['Overtime hours']), `${who.name} overtime`).toBe(num(hand.overtimeHours));
    expect(num(row!['Gross pay']), `${who.name} gross`).toBe(num(hand.grossPay));
  }

  // Billing of the week at Medicaid.
  await page.goto('/reports/billing');
  await page.locator('label', { hasText: 'Custom' }).click();
  await pickRange(page, 'Custom period', local(week.sunday), local(week.saturday));
  await pick(page, page.locator('body'), 'Payer source', 'Medicaid');
  await page.getByRole('button', { name: 'Compute billing' }).click();
  await expect(page.getByText(/^Computed \d{2}\/\d{2}\/\d{2} /)).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: artifact('week-billing.png'), fullPage: true });
  await page.getByRole('button', { name: 'Export' }).click();
  const billing = await downloadedCsv(page, () => page.getByRole('menuitem', { name: 'CSV' }).click());
  const linesOf = (client: Person) => billing.filter((r) => r.Client === lastFirst(client));
  const x = linesOf(X);
  expect(x.filter((r) => r.Status === 'Billable')).toHaveLength(HAND.billing.X.billedVisits);
  expect(x.filter((r) => r.Status === 'Over authorization')).toHaveLength(HAND.billing.X.overVisits);
  for (const line of x) expect(num(line.Units)).toBe(HAND.billing.X.unitsPerVisit);
  const sum = (rows: Record<string, string>[], column: string) => rows.reduce((t, r) => t + num(r[column]), 0);
  expect(sum(linesOf(Y), 'Units')).toBe(HAND.billing.Y.units);
  expect(sum(linesOf(Y), 'Amount')).toBeCloseTo(num(HAND.billing.Y.amount), 2);
  expect(sum(linesOf(Z), 'Units')).toBe(HAND.billing.Z.units);
  expect(sum(linesOf(Z), 'Amount')).toBeCloseTo(num(HAND.billing.Z.amount), 2);

  // The ADP payroll file: the same hours by caregiver.
  const adp = Papa.parse<Record<string, string>>(await exportWeek(page, /^ADP payroll/), {
    header: true,
    skipEmptyLines: true,
  }).data;
  for (const [who, hand] of [
    [A, HAND.A],
    [B, HAND.B],
    [C, HAND.C],
  ] as const) {
    const row = adp.find((r) => r['Employee Name'] === lastFirst(who));
    expect(row, `ADP row of ${who.name}`).toBeTruthy();
    expect(row!['Reg Hours']).toBe(hand.regularHours);
    expect(row!['O/T Hours']).toBe(hand.overtimeHours);
  }
  // The billing file: X's billed lines (billable and flagged), Y's and Z's amounts.
  const billingFile = Papa.parse<Record<string, string>>(await exportWeek(page, /^Billing/), {
    header: true,
    skipEmptyLines: true,
  }).data;
  const fileLines = (client: Person) => billingFile.filter((r) => r.Client === lastFirst(client));
  expect(fileLines(X)).toHaveLength(HAND.billing.X.billedVisits + HAND.billing.X.overVisits);
  expect(fileLines(X).filter((r) => r['Over Authorization'] === 'Yes')).toHaveLength(HAND.billing.X.overVisits);
  expect(sum(fileLines(Y), 'Amount')).toBeCloseTo(num(HAND.billing.Y.amount), 2);
  expect(sum(fileLines(Z), 'Amount')).toBeCloseTo(num(HAND.billing.Z.amount), 2);
  // The Sandata file: a JSON document with the week's visits of the three caregivers.
  const sandata = JSON.parse(await exportWeek(page, /^Sandata/)) as unknown;
  const text = JSON.stringify(sandata);
  expect(text).toContain('"Calls"');
  expect(text).toContain('"VisitChanges"');
  await page.screenshot({ path: artifact('week-exports.png') });
});
