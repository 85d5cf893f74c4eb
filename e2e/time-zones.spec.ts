import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { DateTime } from 'luxon';
import { callApi, mutation, query, tokenOf } from './support/api';
import { expectAccessible } from './support/a11y';
import { artifact, signInAs } from './support/session';

/**
 * Times say their zone (issue 18 item 6): a browser in UTC sees a Chicago branch's 9:00 AM visit at 9:00 AM with
 * the branch's abbreviation on /shifts, beside a Boston visit at 9:00 AM Eastern, each row in its own branch's
 * zone; a client's date of birth has its four-digit year and the age. Also the Home page's buttons (whole labels)
 * and /reports/payroll (says a period needs computing, opens on the last one computed): issue 18 item 8.
 */
const CHICAGO = 'America/Chicago';
const NEW_YORK = 'America/New_York';
const BRANCH = 'Chicago (time zones)';

test.use({ timezoneId: 'UTC', viewport: { width: 1280, height: 800 } });

/** A name no earlier run has used. */
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}`;

/** The Chicago branch of this flow: created once per server (a second run finds it by name). */
async function chicagoBranch(request: APIRequestContext, token: string): Promise<number> {
  const created = await callApi<{ id: number }>(request, token, 'POST', 'createBranch', {
    name: BRANCH,
    addressLine1: '100 W Randolph St',
    city: 'Chicago',
    state: 'IL',
    zip: '60601',
    timezone: CHICAGO,
  });
  if (created.data) return created.data.id;
  expect(created.status, created.text).toBe(409);
  const branches = await query<{ id: number; name: string }[]>(request, token, 'getBranches');
  return branches.find((b) => b.name === BRANCH)!.id;
}

/** A 9:00 AM to 1:00 PM open visit three days from now on the wall clock of `zone`, for a new client of `branchId`. */
async function morningVisit(request: APIRequestContext, token: string, branchId: number, zone: string, lastName: string) {
  const client = await mutation<{ id: number }>(request, token, 'createClient', {
    branchId,
    firstName: 'Dolores',
    lastName,
    dateOfBirth: '1942-03-14',
  });
  const start = DateTime.now().setZone(zone).plus({ days: 3 }).set({ hour: 9, minute: 0, second: 0, millisecond: 0 });
  const saved = await mutation<{ shift: { id: number } }>(request, token, 'createShift', {
    clientId: client.id,
    startTimestamp: start.toUTC().toISO(),
    endTimestamp: start.plus({ hours: 4 }).toUTC().toISO(),
  });
  const local = start.setLocale('en-US');
  return {
    clientId: client.id,
    lastName,
    shiftId: saved.shift.id,
    start,
    date: local.toFormat('MM/dd/yy'),
    abbreviation: local.toFormat('ZZZZ'),
  };
}

test('a browser in UTC sees a Chicago visit at 9:00 AM Central and a Boston one at 9:00 AM Eastern', async ({
  page,
  request,
}) => {
  const admin = await tokenOf(request, 'companyadmin');
  const chicagoId = await chicagoBranch(request, admin);
  const boston = (await query<{ id: number; name: string }[]>(request, admin, 'getBranches')).find((b) => b.name === 'Boston')!;
  const chicago = await morningVisit(request, admin, chicagoId, CHICAGO, unique('Zoned'));
  const eastern = await morningVisit(request, admin, boston.id, NEW_YORK, unique('Zoned'));
  expect(chicago.abbreviation).toMatch(/^C[SD]T$/);
  expect(eastern.abbreviation).toMatch(/^E[SD]T$/);

  const filters = [{ column: 'id', operator: 'in', value: [chicago.shiftId, eastern.shiftId] }];
  await signInAs(page, 'companyadmin', `/shifts?filters=${encodeURIComponent(JSON.stringify(filters))}&sort=branchName`);
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('UTC');
  const table = page.getByRole('table', { name: 'Shifts' });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  // Boston sorts before Chicago; each row on its own branch's clock, saying which.
  await expect(rows.nth(0)).toContainText(`${eastern.date} 9:00 AM ${eastern.abbreviation}`);
  await expect(rows.nth(0)).toContainText(`${eastern.date} 1:00 PM ${eastern.abbreviation}`);
  await expect(rows.nth(1)).toContainText(BRANCH);
  await expect(rows.nth(1)).toContainText(`${chicago.date} 9:00 AM ${chicago.abbreviation}`);
  await expect(rows.nth(1)).toContainText(`${chicago.date} 1:00 PM ${chicago.abbreviation}`);
  // What the UTC clock would have said: 3:00 PM (CST) or 2:00 PM (CDT).
  await expect(rows.nth(1)).not.toContainText(/[23]:00 PM/);
  await page.screenshot({ path: artifact('shifts-utc-chicago.png') });
  await expectAccessible(page, '/shifts');

  // The client's date of birth with its four-digit year and age, on the profile and in the clients list.
  const age = DateTime.now()
    .setZone(CHICAGO)
    .diff(DateTime.fromISO('1942-03-14', { zone: CHICAGO }), 'years').years;
  const dob = `03/14/1942 (${Math.floor(age)})`;
  await page.goto(`/clients/${chicago.clientId}/profile`);
  await expect(page.getByText(dob)).toBeVisible();
  await page.screenshot({ path: artifact('client-date-of-birth.png') });
  const byId = [{ column: 'id', operator: 'equals', value: chicago.clientId }];
  await page.goto(
    `/clients?filters=${encodeURIComponent(JSON.stringify(byId))}&columns=lastName,firstName,dateOfBirth,branchName`,
  );
  await expect(page.getByRole('table', { name: 'Clients' }).locator('tbody tr').first()).toContainText(dob);

  // A day filter is that day on the branch's clock: a 7:00 PM Chicago visit (1:00 AM the next day in UTC) is on it.
  const evening = chicago.start.set({ hour: 19 });
  const late = await mutation<{ shift: { id: number } }>(request, admin, 'createShift', {
    clientId: chicago.clientId,
    startTimestamp: evening.toUTC().toISO(),
    endTimestamp: evening.plus({ hours: 2 }).toUTC().toISO(),
  });
  const day = chicago.start.toISODate()!;
  const byDay = [
    { column: 'clientName', operator: 'contains', value: chicago.lastName },
    { column: 'branchName', operator: 'equals', value: BRANCH },
    { column: 'startTimestamp', operator: 'between', value: [day, day] },
  ];
  await page.goto(`/shifts?filters=${encodeURIComponent(JSON.stringify(byDay))}&sort=startTimestamp`);
  await expect(page.getByRole('group', { name: 'Active filters' })).toContainText(
    `Start between ${chicago.date} and ${chicago.date}`,
  );
  const dayRows = page.getByRole('table', { name: 'Shifts' }).locator('tbody tr');
  await expect(dayRows.filter({ hasText: `${chicago.date} 9:00 AM ${chicago.abbreviation}` })).toHaveCount(1);
  await expect(dayRows.filter({ hasText: `${chicago.date} 7:00 PM ${chicago.abbreviation}` })).toHaveCount(1);
  await mutation(request, admin, 'deleteShift', { id: late.shift.id });
});

test('Home shows its buttons whole at 1280 px', async ({ page }) => {
  await signInAs(page, 'companyadmin', '/');
  const dashboards = page.getByRole('link', { name: 'Dashboards' });
  await expect(dashboards).toBeVisible();
  // The label fits its button: nothing cut off by the text beside it.
  for (const link of await page.locator('main a.mantine-Button-root').all()) {
    const label = link.locator('.mantine-Button-label');
    expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
  await page.screenshot({ path: artifact('home.png') });
});

test('payroll says a period needs computing, and opens on the last period computed', async ({ page, request }) => {
  // A period nobody computed: said plainly, with the button, instead of an empty table.
  const later = [
    { column: 'periodFrom', operator: 'equals', value: '2031-01-01' },
    { column: 'periodTo', operator: 'equals', value: '2031-01-15' },
  ];
  await signInAs(page, 'companyadmin', `/reports/payroll?filters=${encodeURIComponent(JSON.stringify(later))}`);
  await expect(page.getByText('Payroll for Jan 1 – Jan 15, 2031 has not been computed yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Compute payroll now' })).toBeVisible();
  await expect(page.getByText('No rows match these filters')).toHaveCount(0);
  await page.screenshot({ path: artifact('payroll-not-computed.png') });

  // Once a period is computed, the page opens on the latest one, saying when.
  const admin = await tokenOf(request, 'companyadmin');
  const today = DateTime.now().setZone(NEW_YORK);
  const last = today.day > 15 ? today.set({ day: 1 }) : today.minus({ months: 1 }).set({ day: 16 });
  const period = { from: last.toISODate()!, to: (last.day === 1 ? last.set({ day: 15 }) : last.endOf('month')).toISODate()! };
  await mutation(request, admin, 'computePayrollReport', period);
  await page.goto('/reports/payroll');
  await expect(page.getByText(/^Last computed \d{2}\/\d{2}\/\d{2} \d{1,2}:\d{2} [AP]M/)).toBeVisible();
  const table = page.getByRole('table', { name: 'Payroll' });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByText('No rows match these filters')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Recompute payroll' })).toBeVisible();
  await page.screenshot({ path: artifact('payroll-last-computed.png') });
});
