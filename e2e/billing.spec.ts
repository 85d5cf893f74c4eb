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
 * The demo agency's past visits (from four weeks back) are completed with mobile timesheets and have payers, so
 * last month has billable lines: the company admin computes it, sees the billed amount and status cards, the
 * lines with amounts and statuses, narrows to one status, and exports the lines as CSV.
 */
test('the company admin computes last month’s billing and sees its lines with amounts and statuses', async ({ page }) => {
  await signInAs(page, 'companyadmin', '/reports/billing');
  await expect(page.getByRole('heading', { name: 'Billing', level: 2 })).toBeVisible();
  await expect(page).toHaveURL(/filters=/);
  await expect(page.getByRole('radio', { name: 'Last month' })).toBeChecked();

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

  await page.locator('label', { hasText: 'This month' }).click();
  await expect(page.getByText(/Not computed yet for this period|Last computed/)).toBeVisible();
  await page.screenshot({ path: artifact('billing-this-month.png'), fullPage: true });
});
