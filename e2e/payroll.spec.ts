import { expect, test } from './support/test';
import { artifact, signInAs } from './support/session';
import { expectAccessible } from './support/a11y';

/**
 * The payroll report (issue "Payroll, billing, reports"): the demo company admin computes the last semi-monthly pay
 * period of the demo agency's worked visits (the demo schedule starts four weeks before the day of seeding), reads
 * the caregivers' lines with hours and gross pay (demo caregivers have Standard and T1019 pay rates), and opens the
 * company's payroll settings.
 */
test('computes the last pay period and shows lines with hours and gross pay; opens the payroll settings', async ({ page }) => {
  await signInAs(page, 'companyadmin', '/reports/payroll');
  await expect(page.getByRole('heading', { name: 'Payroll', level: 2 })).toBeVisible();
  await page.getByText('Last pay period', { exact: true }).click();
  await page.getByRole('button', { name: /^(Re)?compute payroll$/i }).click();
  await expect(page.getByText(/^Computed .+ for \d+ caregivers?$/)).toBeVisible({ timeout: 30_000 });

  const totals = page.getByLabel('Payroll totals');
  await expect(totals.getByText('Regular hours')).toBeVisible();
  await expect(totals.getByText(/^\$[1-9][\d,]*\.\d{2}$/).first()).toBeVisible();

  const table = page.getByRole('table', { name: 'Payroll' });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(table.getByRole('columnheader', { name: 'Gross pay' })).toBeVisible();
  const first = table.locator('tbody tr').first();
  await expect(first).toBeVisible();
  // Hours with decimals and a gross pay in dollars on a computed line.
  await expect(first).toContainText(/\d+(\.\d+)?/);
  await expect(first).toContainText(/\$[1-9][\d,]*\.\d{2}/);
  expect(await table.locator('tbody tr').count()).toBeGreaterThan(1);
  await page.screenshot({ path: artifact('payroll-report.png') });
  await expectAccessible(page, '/reports/payroll');
  // The money columns, further right in the table's scroll area.
  const missing = table.getByRole('columnheader', { name: 'Missing pay rate' });
  await missing.scrollIntoViewIfNeeded();
  await expect(missing).toBeInViewport();
  await page.screenshot({ path: artifact('payroll-report-money.png') });

  await page.getByRole('button', { name: 'Payroll settings' }).click();
  const drawer = page.getByRole('dialog', { name: 'Payroll settings' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByLabel('Weekly overtime after')).toHaveValue('40 h');
  await expect(drawer.getByLabel('Mileage rate')).toHaveValue('$0.70 / mile');
  await expect(drawer.getByRole('button', { name: 'Save' })).toBeVisible();
  await page.screenshot({ path: artifact('payroll-settings.png') });
  await expectAccessible(page, 'payroll settings');
});
