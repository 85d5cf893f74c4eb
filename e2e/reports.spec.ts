import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { callApi, tokenOf } from './support/api';
import { artifact, signInAs } from './support/session';
import { expectAccessible } from './support/a11y';

/** The built reports: path segment and the table's label (the backend view's label). */
const BUILT = [
  { slug: 'adp-employees', label: 'ADP employees' },
  { slug: 'caregiver-cash-advances', label: 'Caregiver cash advances' },
  { slug: 'caregiver-files', label: 'Caregiver files' },
  { slug: 'caregiver-journals', label: 'Caregiver journals' },
  { slug: 'client-authorizations', label: 'Client authorizations' },
  { slug: 'client-files', label: 'Client files' },
  { slug: 'client-journals', label: 'Client journals' },
  { slug: 'nurse-assessments', label: 'Nurse assessments' },
];
/** The id of the first row of a list view (the demo agency has clients, caregivers and payers). */
async function firstId(request: APIRequestContext, token: string, view: string): Promise<number> {
  const res = await callApi<{ rows: { id: number }[] }>(request, token, 'GET', 'queryView', { view, pageSize: 1 });
  expect(res.status, res.text).toBe(200);
  return res.data!.rows[0]!.id;
}

/**
 * The demo agency has caregivers with ADP numbers but no record entries; one of each kind is added through the
 * API (2031 dates for the authorization, far from the demo shifts). A rerun on the same server meets the
 * authorization it added before (409) and keeps it.
 */
async function addRecords(request: APIRequestContext): Promise<void> {
  const token = await tokenOf(request, 'companyadmin');
  const clientId = await firstId(request, token, 'clients');
  const caregiverId = await firstId(request, token, 'caregivers');
  const payerSourceId = await firstId(request, token, 'payerSources');
  const calls: [string, unknown][] = [
    ['createCaregiverCashAdvance', { caregiverId, amountCents: 4500, advancedOn: '2025-06-02', reason: 'Uniform' }],
    ['createCaregiverJournalEntry', { caregiverId, entryDate: '2025-06-02', subject: 'Check-in call', body: 'All well' }],
    ['createClientJournalEntry', { clientId, entryDate: '2025-06-02', subject: 'Family call', body: 'Daughter visiting' }],
    ['createNurseAssessment', { clientId, assessmentType: 'supervisory', assessedOn: '2025-06-02', findings: 'Stable' }],
    ['createCaregiverFile', { caregiverId, filename: 'cpr-card.pdf', size: 1024, contentType: 'application/pdf' }],
    ['createClientFile', { clientId, filename: 'care-plan.pdf', size: 1024, contentType: 'application/pdf' }],
  ];
  for (const [path, input] of calls) {
    const res = await callApi(request, token, 'POST', path, input);
    expect(res.status, `${path}: ${res.text}`).toBe(200);
  }
  const auth = await callApi(request, token, 'POST', 'createClientAuthorization', {
    clientId,
    payerSourceId,
    serviceCode: 'T1019',
    unitsPerWeek: 40,
    startDate: '2031-01-01',
    endDate: '2031-12-31',
  });
  expect([200, 409], auth.text).toContain(auth.status);
}

/** Waits for a report's table to load and returns its total ("1–25 of 40 ..."). */
async function shownTotal(page: Page, label: string): Promise<number> {
  const table = page.getByRole('table', { name: label });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const footer = page.getByText(/^(\d+–\d+ of \d+|0) /);
  await expect(footer).toBeVisible();
  const match = /of (\d+) /.exec(await footer.innerText());
  return match ? Number(match[1]) : 0;
}

test('the reports index lists every report; the built ones open with rows and export as CSV', async ({ page, request }) => {
  await addRecords(request);
  await signInAs(page, 'companyadmin', '/reports');
  await expect(page.getByRole('heading', { name: 'Reports', level: 2 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('region')).toHaveCount(16);
  // Every report is built: each card links to its page, none says "coming soon".
  await expect(page.getByRole('main').getByText('Coming soon')).toHaveCount(0);
  for (const title of ['Billing', 'Payroll']) {
    await expect(page.getByRole('region', { name: title, exact: true }).getByRole('link', { name: title })).toBeVisible();
  }
  await page.setViewportSize({ width: 1280, height: 1100 });
  await page.screenshot({ path: artifact('reports-index.png'), fullPage: true });
  await expectAccessible(page, '/reports');
  await page.setViewportSize({ width: 1280, height: 800 });

  for (const { slug, label } of BUILT) {
    await page.goto('/reports');
    await page.getByRole('region', { name: label, exact: true }).getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`/reports/${slug}$`));
    await expect(page.getByRole('heading', { name: label, level: 2 })).toBeVisible();
    expect(await shownTotal(page, label), `${label} has rows`).toBeGreaterThan(0);
    await expect(page.getByRole('table', { name: label }).locator('tbody tr').first()).toBeVisible();
  }

  await page.setViewportSize({ width: 1600, height: 800 });
  await page.goto('/reports/client-authorizations');
  expect(await shownTotal(page, 'Client authorizations')).toBeGreaterThan(0);
  const remaining = page.getByRole('table', { name: 'Client authorizations' }).getByRole('columnheader', { name: 'Remaining' });
  await expect(remaining).toBeVisible();
  await page.screenshot({ path: artifact('reports-client-authorizations.png') });
  await expectAccessible(page, '/reports/client-authorizations');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/reports/adp-employees');
  const total = await shownTotal(page, 'ADP employees');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const csv = await download;
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const lines = (await readFile(await csv.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line !== '');
  expect(lines[0]).toContain('ADP file number');
  expect(lines.length - 1).toBe(total);
});

test('an unknown report shows the coming-soon page naming it', async ({ page }) => {
  await signInAs(page, 'companyadmin', '/reports/no-such-report');
  await expect(page.getByText('Report "no-such-report" — coming soon.')).toBeVisible();
  await expectAccessible(page, 'report coming soon');
});
