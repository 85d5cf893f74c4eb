import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DateTime } from 'luxon';
import { callApi, offlineReplayHeaders, tokenOf } from './support/api';
import { artifact, signInAs } from './support/session';
import { expectAccessible } from './support/a11y';

/** The demo branches' time zone. */
const ZONE = 'America/New_York';

/**
 * Two visits of a demo caregiver's client a few days ago, paid by MassHealth (the demo payer sending to Sandata),
 * in the early morning the demo schedule leaves free (a random hour, tried again on a clash, so a rerun on the
 * same server finds room): the first created open, then given to the caregiver (a caregiver change) and checked
 * in and out by their phone (a care sheet); the second, an hour later, only checked in (no check-out: a visit
 * the Sandata export rejects). The phone recorded the checks at the visits, offline, and uploads them now.
 */
async function workVisits(request: APIRequestContext): Promise<void> {
  const caregiver = await tokenOf(request, 'caregiver');
  const manager = await tokenOf(request, 'branchmanager');
  const upcoming = await callApi<{ shifts: { id: number }[] }>(request, caregiver, 'GET', 'caregiverAppGetShifts', {});
  const theirs = await callApi<{ caregiverId: number; clientId: number }>(request, manager, 'GET', 'getShift', {
    id: upcoming.data!.shifts[0]!.id,
  });
  const { caregiverId, clientId } = theirs.data!;
  const payers = await callApi<{ rows: { id: number }[] }>(request, manager, 'GET', 'queryView', {
    view: 'payerSources',
    search: 'MassHealth',
  });
  const payerSourceId = payers.data!.rows[0]!.id;
  const check = async (id: number, kind: 'check_in' | 'check_out', at: DateTime) => {
    const timestamp = at.toUTC().toISO()!;
    const res = await callApi(
      request,
      caregiver,
      'POST',
      'caregiverAppCheckInOut',
      {
        scheduleId: id,
        kind,
        timestamp,
        position: null,
        outsideGeofenceReason: 'No GPS in the test',
        clientRecordId: randomUUID(),
      },
      offlineReplayHeaders(timestamp),
    );
    expect(res.status, res.text).toBe(200);
  };
  for (let attempt = 0; attempt < 10; attempt++) {
    const from = DateTime.now()
      .setZone(ZONE)
      .startOf('day')
      .minus({ days: 2 + Math.floor(Math.random() * 5) })
      .set({ hour: 0, minute: 15 * Math.floor(Math.random() * 12) });
    const visit = (start: DateTime, withCaregiver: boolean) =>
      callApi<{ shift: { id: number } }>(request, manager, 'POST', 'createShift', {
        clientId,
        ...(withCaregiver ? { caregiverId } : {}),
        payerSourceId,
        serviceCode: 'T1019',
        startTimestamp: start.toUTC().toISO(),
        endTimestamp: start.plus({ minutes: 60 }).toUTC().toISO(),
      });
    const first = await visit(from, false);
    expect(first.status, first.text).toBe(200);
    const id = first.data!.shift.id;
    const assigned = await callApi(request, manager, 'POST', 'updateShift', { id, caregiverId });
    if (assigned.status === 409) continue;
    expect(assigned.status, assigned.text).toBe(200);
    const second = await visit(from.plus({ minutes: 60 }), true);
    if (second.status === 409) continue;
    expect(second.status, second.text).toBe(200);
    await check(id, 'check_in', from);
    await check(id, 'check_out', from.plus({ minutes: 60 }));
    await check(second.data!.shift.id, 'check_in', from.plus({ minutes: 60 }));
    return;
  }
  throw new Error('no free hour for the visits');
}

/** Queues a Sandata export of the last two weeks as the company admin and waits for its job to finish it. */
async function runSandataExport(request: APIRequestContext): Promise<number> {
  const token = await tokenOf(request, 'companyadmin');
  const today = DateTime.now().setZone(ZONE);
  const queued = await callApi<{ id: number }>(request, token, 'POST', 'queueFileExport', {
    type: 'evv-sandata',
    params: { from: today.minus({ days: 14 }).toISODate(), to: today.toISODate() },
  });
  expect(queued.status, queued.text).toBe(200);
  const id = queued.data!.id;
  await expect
    .poll(async () => (await callApi<{ status: string }>(request, token, 'GET', 'getFileExport', { id })).data?.status, {
      timeout: 30_000,
    })
    .toBe('completed');
  return id;
}

/** Waits for a report's table to load and returns its total ("1–25 of 40 ..."). */
async function shownTotal(page: Page, label: string): Promise<number> {
  await expect(page.getByRole('table', { name: label })).toHaveAttribute('aria-busy', 'false');
  const footer = page.getByText(/^(\d+–\d+ of \d+|0) /);
  await expect(footer).toBeVisible();
  const match = /of (\d+) /.exec(await footer.innerText());
  return match ? Number(match[1]) : 0;
}

const REPORTS = [
  { slug: 'care-sheet-files', label: 'Care sheet files', column: 'Caregiver signed' },
  { slug: 'caregiver-changes', label: 'Caregiver changes', column: 'Changed by' },
  { slug: 'integration-transactions', label: 'Integration transactions', column: 'Rejected' },
  { slug: 'integration-transaction-records', label: 'Integration transaction records', column: 'Message' },
];

test('care sheet, caregiver change and EVV export reports open with rows; an export opens its records', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await workVisits(request);
  const exportId = await runSandataExport(request);
  await signInAs(page, 'companyadmin', '/reports');
  for (const { slug, label, column } of REPORTS) {
    await page.goto('/reports');
    await page.getByRole('region', { name: label, exact: true }).getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`/reports/${slug}$`));
    await expect(page.getByRole('heading', { name: label, level: 2 })).toBeVisible();
    expect(await shownTotal(page, label), `${label} has rows`).toBeGreaterThan(0);
    await expect(page.getByRole('table', { name: label }).getByRole('columnheader', { name: column })).toBeVisible();
    await page.screenshot({ path: artifact(`report-${slug}.png`) });
    await expectAccessible(page, `/reports/${slug}`);
  }

  // The newest export is first; its row opens the records report narrowed to it.
  await page.goto('/reports/integration-transactions');
  await shownTotal(page, 'Integration transactions');
  await page.getByRole('table', { name: 'Integration transactions' }).locator('tbody tr').first().click();
  await expect(page).toHaveURL(/\/reports\/integration-transaction-records\?filters=/);
  const records = await shownTotal(page, 'Integration transaction records');
  expect(records).toBeGreaterThan(0);
  // Rejected records first: the visit without a check-out.
  const table = page.getByRole('table', { name: 'Integration transaction records' });
  await expect(table.locator('tbody tr').first()).toContainText('Rejected');
  await expect(table.getByRole('cell', { name: 'No check-out' }).first()).toBeVisible();
  await expect(table.locator('tbody tr td:first-child').first()).toHaveText(String(exportId));
  await page.screenshot({ path: artifact('report-integration-transaction-records-of-export.png') });
  await expectAccessible(page, 'integration transaction records');
});
