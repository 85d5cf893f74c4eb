import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { artifact, signInAs } from './support/session';
import { expectAccessible } from './support/a11y';

/** Waits for the billing table to load and returns its total ("1–25 of 40 ..."). */
async function shownTotal(page: Page): Promise<number> {
  const table = page.getByRole('table', { name: 'Billing lines' });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const footer = page.getByText(/^(\d+–\d+ of \d+|0) billing lines/);
  await expect(footer).toBeVisible();
  const match = /of (\d+) /.exec(await footer.innerText());
  return match ? Number(match[1]) : 0;
}

/**
 * The month with at least two weeks of the demo agency's past visits, which are completed with mobile timesheets
 * and have payers: its patterns start four weeks before the day of seeding (demo.schedule.ts), so from the 15th on
 * this month has them and last month may have none (on the 28th its last weekday is before the start), and before
 * the 15th last month has them. Returns the month to compute and the other one, as the period picker names them,
 * in the browser's calendar (the machine's time zone, as the page reads it).
 */
function billableMonth(now = new Date()): { month: string; other: string } {
  return now.getDate() >= 15 ? { month: 'This month', other: 'Last month' } : { month: 'Last month', other: 'This month' };
}

/**
 * The company admin computes a month with billable lines (billableMonth), sees the billed amount and status cards,
 * the lines with amounts and statuses, narrows to one status, and exports the lines as CSV.
 */
test('the company admin computes a month’s billing and sees its lines with amounts and statuses', async ({ page }) => {
  await signInAs(page, 'companyadmin', '/reports/billing');
  await expect(page.getByRole('heading', { name: 'Billing', level: 2 })).toBeVisible();
  await expect(page).toHaveURL(/filters=/);
  await expect(page.getByRole('radio', { name: 'Last month' })).toBeChecked();
  const { month, other } = billableMonth();
  if (month !== 'Last month') {
    await page.locator('label', { hasText: month }).click();
    await expect(page.getByRole('radio', { name: month })).toBeChecked();
  }

  await page.getByRole('button', { name: 'Compute billing' }).click();
  await expect(page.getByText(/^Computed \d{2}\/\d{2}\/\d{2} /)).toBeVisible();
  await expect(page.getByLabel('Billed amount')).toHaveText(/^\$[1-9][\d,]*\.\d{2}$/);
  const total = await shownTotal(page);
  expect(total).toBeGreaterThan(0);

  const table = page.getByRole('table', { name: 'Billing lines' });
  const first = table.locator('tbody tr').first();
  await expect(first).toContainText(/\$\d+\.\d{2}/);
  await expect(table.getByRole('cell', { name: 'Billable', exact: true }).first()).toBeVisible();
  await page.screenshot({ path: artifact('billing-desktop-full.png'), fullPage: true });
  await page.screenshot({ path: artifact('billing-desktop.png') });
  await expectAccessible(page, '/reports/billing');
  // The rest of the columns (amount, status, note), as the table scrolls sideways.
  await table.getByRole('columnheader', { name: 'Note' }).scrollIntoViewIfNeeded();
  await expect(table.getByRole('columnheader', { name: 'Status' })).toBeInViewport();

  // Recomputing the same month replaces its lines: the total stays.
  await page.getByRole('button', { name: 'Compute billing' }).click();
  await expect(page.getByRole('button', { name: 'Compute billing' })).toBeEnabled();
  expect(await shownTotal(page)).toBe(total);

  // A status card narrows the table to its visits.
  await page.getByRole('button', { name: 'Show these visits' }).first().click();
  await expect(page).toHaveURL(/status/);
  expect(await shownTotal(page)).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Export' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const csv = (await readFile(await (await download).path(), 'utf8')).replace(/^\uFEFF/, '');
  expect(csv.split(/\r?\n/)[0]).toContain('Amount');

  await page.locator('label', { hasText: other }).click();
  await expect(page.getByText(/Not computed yet for this period|Last computed/)).toBeVisible();
  await page.screenshot({ path: artifact('billing-other-month.png'), fullPage: true });
});
