import { readFile } from 'node:fs/promises';
import { expect, test } from './support/test';
import { nextDownload, pick } from './support/ui';
import { artifact, signInAs } from './support/session';
import { expectAccessible } from './support/a11y';

test('file exports: queue a clients export, wait for it, download the CSV and find a client in it', async ({ page }) => {
  test.setTimeout(120_000);
  // A client the export must hold: the first one of the clients list.
  await signInAs(page, 'companyadmin', '/clients');
  const clients = page.getByRole('table', { name: 'Clients' });
  await expect(clients).toHaveAttribute('aria-busy', 'false');
  const firstCell = clients.locator('tbody tr').first().locator('td').first();
  await expect(firstCell).not.toHaveText('');
  const clientName = (await firstCell.innerText()).trim();

  await page.goto('/file-exports');
  await expect(page.getByRole('heading', { name: 'File Exports', level: 2 })).toBeVisible();
  await expect(page.getByRole('table', { name: /file exports/i })).toBeVisible();
  await page.getByRole('button', { name: 'New export' }).click();
  const dialog = page.getByRole('dialog', { name: 'New export' });
  await dialog.getByRole('button', { name: 'Queue export' }).click();
  await expect(dialog.getByText('Choose an export type')).toBeVisible();
  await pick(page, dialog, 'Export type', /^Clients/);
  await expect(dialog.getByRole('radio', { name: 'CSV' })).toBeChecked();
  await page.screenshot({ path: artifact('file-export-dialog.png') });
  await expectAccessible(page, 'file export dialog');
  await dialog.getByRole('button', { name: 'Queue export' }).click();

  // The job runs; the dialog follows it to its Download button.
  const download = dialog.getByRole('button', { name: 'Download' });
  await expect(download).toBeVisible({ timeout: 60_000 });
  await expect(dialog.getByText('Completed', { exact: true })).toBeVisible();
  await expect(dialog.getByText(/\d+ rows · /)).toBeVisible();
  await page.screenshot({ path: artifact('file-export-completed.png') });

  const downloaded = nextDownload(page);
  await download.click();
  const file = await downloaded;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile(await file.path(), 'utf8');
  expect(csv.split(/\r?\n/).length).toBeGreaterThan(2);
  expect(csv).toContain(clientName);

  // The list shows it completed, and the latest exports offer its download too.
  // The dialog's own Close button (its corner X is named Close too).
  await dialog.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
  const list = page.getByRole('table', { name: /file exports/i });
  await expect(list.locator('tbody tr').first()).toContainText('Completed');
  const latest = page.getByRole('region', { name: 'Latest exports' });
  await expect(latest).toContainText('Completed');
  await page.screenshot({ path: artifact('file-exports-list.png') });
  await expectAccessible(page, '/file-exports');
  const again = nextDownload(page);
  await latest
    .getByRole('button', { name: /^Download export \d+$/ })
    .first()
    .click();
  expect(await readFile(await (await again).path(), 'utf8')).toContain(clientName);

  // Its details open in a drawer, with the file and its download.
  await latest.getByRole('link').first().click();
  await expect(page).toHaveURL(/fileExportId=\d+/);
  const drawer = page.getByRole('dialog', { name: 'Export' });
  await expect(drawer.getByRole('button', { name: 'Download' })).toBeVisible();
  await expect(drawer).toContainText('.csv');
  await page.screenshot({ path: artifact('file-export-drawer.png') });
  await expectAccessible(page, 'file export drawer');
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/fileExportId=/);

  // On a phone the page keeps its list and downloads usable.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(latest.getByRole('button', { name: /^Download export \d+$/ }).first()).toBeVisible();
  await page.screenshot({ path: artifact('file-exports-phone.png') });
});

test('file exports: a period export asks for its dates', async ({ page }) => {
  await signInAs(page, 'companyadmin', '/file-exports');
  await page.getByRole('button', { name: 'New export' }).click();
  const dialog = page.getByRole('dialog', { name: 'New export' });
  await pick(page, dialog, 'Export type', /payroll/i);
  await dialog.getByRole('button', { name: 'Queue export' }).click();
  await expect(dialog.getByText('Start date is required')).toBeVisible();
  await expect(dialog.getByText('End date is required')).toBeVisible();
  await page.screenshot({ path: artifact('file-export-period-dialog.png') });
});

test('file export types: the developer changes a retention and puts it back', async ({ page }) => {
  await signInAs(page, 'developer', '/admin/file-export-types');
  const types = page.getByRole('table', { name: 'File export types' });
  await expect(types).toContainText('7 days');
  await page.screenshot({ path: artifact('file-export-types.png') });
  await expectAccessible(page, '/admin/file-export-types');
  await types.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/file-export-types\/[a-z0-9-]+$/);
  const retention = page.getByLabel('Retention (hours)');
  const before = await retention.inputValue();
  await retention.fill('48');
  await expect(page.getByText('Files are kept 2 days after they are made (at most 90 days)')).toBeVisible();
  await page.screenshot({ path: artifact('file-export-type-edit.png'), fullPage: true });
  await retention.fill('5000');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Retention must be between 1 hour and 90 days')).toBeVisible();
  await retention.fill('48');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/ saved$/)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Retention (hours)')).toHaveValue('48');
  await page.getByLabel('Retention (hours)').fill(before);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Reset', exact: true })).toBeDisabled();
});
