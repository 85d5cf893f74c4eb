import type { APIRequestContext, Locator } from '@playwright/test';
import { expect, test } from './support/test';
import { query, tokenOf } from './support/api';
import { expectAccessible } from './support/a11y';
import { artifact, signInAs } from './support/session';

/** Calls a query as a demo user over HTTP and returns its data. */
async function queryAs<T>(request: APIRequestContext, username: string, path: string, input: unknown): Promise<T> {
  return query<T>(request, await tokenOf(request, username), path, input);
}

/** The number a stat card shows. */
async function statOf(scope: Locator, label: string): Promise<string> {
  return scope.getByLabel(label, { exact: true }).getByTestId('stat-value').innerText();
}

interface Counts {
  scheduled: number;
  completed: number;
  missed: number;
  openShifts: number;
}
interface Evv {
  visits: number;
  compliant: number;
  geofenceExceptions: number;
  manualEdits: number;
  lateCheckIns: number;
}

test('the dashboards show the demo agency’s week, EVV compliance with drill-downs, and the rollup', async ({ page, request }) => {
  const summary = await queryAs<{ weekCounts: Counts; weekEvv: Evv }>(request, 'companyadmin', 'getDashboardSummary', {});
  await signInAs(page, 'companyadmin', '/');
  await page.getByRole('link', { name: 'Dashboards' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();
  const week = page.getByLabel('This week', { exact: true });
  await expect(week).toBeVisible();
  expect(await statOf(week, 'Scheduled')).toBe(String(summary.weekCounts.scheduled));
  expect(await statOf(week, 'Completed')).toBe(String(summary.weekCounts.completed));
  expect(await statOf(week, 'Open shifts')).toBe(String(summary.weekCounts.openShifts));
  expect(summary.weekCounts.scheduled).toBeGreaterThan(0);
  await expect(page.getByLabel('Hours scheduled vs worked').locator('svg.recharts-surface').first()).toBeVisible();
  await expect(page.getByTestId('week-compliance')).toHaveText(/^(\d+%|—)$/);
  await page.screenshot({ path: artifact('dashboards-summary.png'), fullPage: true });

  await page.getByRole('link', { name: 'EVV compliance' }).click();
  await expect(page).toHaveURL(/\/dashboard\/evv/);
  await expect(page.getByRole('heading', { name: 'EVV compliance', level: 2 })).toBeVisible();
  const evvPeriod = await page.evaluate(() => {
    const d = new Date();
    const sunday = new Date(d.getFullYear(), d.getMonth(), d.getDate() - d.getDay());
    const iso = (x: Date) =>
      `${x.getFullYear()}-${String(x.getMonth() + 1).padStart(2, '0')}-${String(x.getDate()).padStart(2, '0')}`;
    return { from: iso(new Date(sunday.getTime() - 28 * 86_400_000)), to: iso(new Date(sunday.getTime() - 86_400_000)) };
  });
  // The busiest caregivers first, as the table shows them once sorted by visits (ties by name).
  const evv = await queryAs<{ totals: Evv; list: { total: number; rows: (Evv & { id: number; name: string })[] } }>(
    request,
    'companyadmin',
    'getEvvDashboard',
    { ...evvPeriod, sort: 'visits', desc: true },
  );
  expect(evv.totals.visits).toBeGreaterThan(0);
  expect(evv.totals.geofenceExceptions + evv.totals.manualEdits + evv.totals.lateCheckIns).toBeGreaterThan(0);
  const main = page.getByRole('main');
  await expect(main.getByLabel('Completed visits', { exact: true })).toContainText(String(evv.totals.visits));
  expect(await statOf(main, 'Manual edits')).toBe(String(evv.totals.manualEdits));
  expect(await statOf(main, 'Geofence exceptions')).toBe(String(evv.totals.geofenceExceptions));
  const caregivers = page.getByRole('table', { name: 'Caregivers' });
  const shown = Math.min(evv.list.total, 50);
  await expect(caregivers.locator('tbody tr')).toHaveCount(shown);
  await expect(page.getByTestId('evv-list-range')).toHaveText(`1–${shown} of ${evv.list.total}`);
  await caregivers.getByRole('button', { name: 'Visits' }).click();
  await expect(caregivers.getByRole('columnheader', { name: 'Visits' })).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/sort=visits&desc=1/);
  // The server sorts: the first row is the busiest caregiver of all, not of the page shown before.
  await expect(caregivers.locator('tbody tr').first().getByRole('link')).toHaveText(evv.list.rows[0]!.name);
  await page.screenshot({ path: artifact('dashboards-evv-caregivers.png'), fullPage: true });
  await expectAccessible(page, 'EVV dashboard');

  await page.getByRole('tab', { name: 'Clients' }).click();
  await expect(page).toHaveURL(/tab=clients/);
  await expect(page.getByRole('table', { name: 'Clients' }).locator('tbody tr').first()).toBeVisible();
  await page.screenshot({ path: artifact('dashboards-evv-clients.png'), fullPage: true });

  await page.getByRole('tab', { name: 'Trends' }).click();
  await expect(page).toHaveURL(/tab=trends/);
  await expect(page.locator('svg.recharts-surface')).toHaveCount(2);
  await page.screenshot({ path: artifact('dashboards-evv-trends.png'), fullPage: true });

  const busiest = evv.list.rows[0]!;
  await page.getByRole('tab', { name: 'Caregivers' }).click();
  await page.getByRole('link', { name: busiest.name }).first().click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/evv/caregiver/${busiest.id}\\?`));
  await expect(page.getByRole('heading', { name: busiest.name })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Visits' }).locator('tbody tr')).toHaveCount(busiest.visits);
  expect(await statOf(main, 'Compliant')).toBe(String(busiest.compliant));
  await page.screenshot({ path: artifact('dashboards-evv-caregiver.png'), fullPage: true });

  await page.goto('/dashboard/rollup');
  await expect(page.getByRole('heading', { name: 'Rollup by branch and region' })).toBeVisible();
  const regions = page.getByRole('table', { name: 'Regions' });
  await expect(regions.getByRole('row', { name: /Eastern Massachusetts/ })).toContainText('2 branches');
  await expect(regions.getByRole('row', { name: /No region/ })).toContainText('1 branch');
  await expect(page.getByRole('table', { name: 'Branches' }).locator('tbody tr')).toHaveCount(3);
  await expect(page.getByLabel('Hours by branch').locator('svg.recharts-surface').first()).toBeVisible();
  await page.screenshot({ path: artifact('dashboards-rollup.png'), fullPage: true });
});

test('a branch’s region, set on its edit form, groups it on the rollup', async ({ page }) => {
  await signInAs(page, 'companyadmin', '/admin/branches');
  await page.getByRole('link', { name: 'Springfield' }).click();
  const region = page.getByLabel('Region');
  await expect(region).toHaveValue('');
  await region.fill('Western Massachusetts');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Branch saved')).toBeVisible();
  await page.screenshot({ path: artifact('dashboards-branch-region.png') });
  await page.goto('/dashboard/rollup');
  const regions = page.getByRole('table', { name: 'Regions' });
  await expect(regions.getByRole('row', { name: /Western Massachusetts/ })).toContainText('1 branch');
  await expect(regions.getByRole('row', { name: /No region/ })).toHaveCount(0);
  await page.goBack();
  await page.goto('/admin/branches');
  await page.getByRole('link', { name: 'Springfield' }).click();
  await page.getByLabel('Region').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Branch saved')).toBeVisible();
});

test('a caregiver cannot reach the dashboards', async ({ request }) => {
  const token = await tokenOf(request, 'caregiver');
  const response = await request.get(`/api/trpc/getDashboardSummary?input=${encodeURIComponent('{}')}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(403);
});
