import { readFile } from 'node:fs/promises';
import { expect, test } from './support/test';
import { nextDownload, pick } from './support/ui';
import { artifact, signInAs } from './support/session';
import { countText, syntheaPath, syntheaRows } from './support/synthea';
import { expectAccessible } from './support/a11y';

/** The repository's Synthea sample of patients, and what the page must count of it. */
const PATIENTS_CSV = syntheaPath('patients.csv');
const PATIENTS = syntheaRows('patients.csv');
const ROWS = PATIENTS.length;
const NO_ZIP = PATIENTS.filter((p) => p.ZIP === '').length;

test('file imports: upload the Synthea patients, follow the progress, read the warnings, open the rows and filter', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInAs(page, 'companyadmin', '/file-imports');
  await expect(page.getByRole('heading', { name: 'File Imports', level: 2 })).toBeVisible();
  await expect(page.getByRole('table', { name: /file imports/i })).toBeVisible();
  await page.screenshot({ path: artifact('file-imports-list.png') });
  await expectAccessible(page, '/file-imports');

  await page.getByRole('button', { name: 'Import a file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a file' });
  // Nothing is sent before the form's own checks pass.
  await dialog.getByRole('button', { name: 'Upload and import' }).click();
  await expect(dialog.getByText('Choose an import type')).toBeVisible();
  await expect(dialog.getByText('Choose a file to import')).toBeVisible();

  await pick(page, dialog, 'Import type', 'Synthea patients');
  const columns = dialog.getByRole('table', { name: 'Expected columns' });
  await expect(columns).toContainText('BIRTHDATE');
  // The template is a CSV whose header row holds the expected columns (after a BOM, for spreadsheet programs).
  const template = nextDownload(page);
  await dialog.getByRole('button', { name: 'Download template' }).click();
  const header = (await readFile(await (await template).path(), 'utf8')).replace(/^\uFEFF/, '').split(/\r?\n/)[0]!;
  for (const column of ['Id', 'FIRST', 'LAST', 'BIRTHDATE']) expect(header.split(',')).toContain(column);
  // The company admin reaches three branches, so the branch is asked for.
  await pick(page, dialog, 'Branch', 'Boston');

  // A file that is neither CSV nor XLSX is refused by the shared rule before anything is sent.
  const fileInput = dialog.locator('input[type="file"]');
  await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(dialog.getByText('notes.txt is not a CSV or XLSX file')).toBeVisible();

  await fileInput.setInputFiles(PATIENTS_CSV);
  await expect(dialog.getByText('notes.txt is not a CSV or XLSX file')).toBeHidden();
  await page.screenshot({ path: artifact('file-import-dialog.png') });
  await expectAccessible(page, 'file import dialog');
  const stream = page.waitForResponse((response) => /\/api\/file-imports\/\d+\/progress$/.test(response.url()));
  await dialog.getByRole('button', { name: 'Upload and import' }).click();
  // The progress comes as server-sent events read by the page.
  expect((await stream).headers()['content-type']).toContain('text/event-stream');

  // Live progress over the SSE stream until every row is done.
  const bar = dialog.getByRole('progressbar', { name: 'Import progress' });
  await expect(bar).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByText(new RegExp(` / ${countText(ROWS)} rows$`))).toBeVisible({ timeout: 60_000 });
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 180_000 });
  await expect(dialog.getByText(`${countText(ROWS)} / ${countText(ROWS)} rows`)).toBeVisible();
  // Patients without a ZIP are written without their address: warnings, counted and said.
  await expect(dialog.getByText('Completed with warnings')).toBeVisible();
  await expect(dialog.getByText(`${countText(NO_ZIP)} of them lost something of the file`)).toBeVisible();
  await expect(dialog.getByLabel(`Created: ${ROWS}`)).toBeVisible();
  await expect(dialog.getByLabel(`Warnings: ${NO_ZIP}`)).toBeVisible();
  await expect(dialog.getByLabel('Errors: 0')).toBeVisible();
  await page.screenshot({ path: artifact('file-import-progress.png') });

  await dialog.getByRole('button', { name: 'Open rows' }).click();
  await expect(page).toHaveURL(/\/file-import-rows\?fileImportId=\d+/);
  await expect(page.getByRole('heading', { name: 'patients.csv', level: 2 })).toBeVisible();
  await expect(page.getByText('Synthea patients · Boston', { exact: true })).toBeVisible();
  const rows = page.getByRole('table', { name: /file import rows/i });
  await expect(page.getByText(new RegExp(`^1–50 of ${ROWS} `))).toBeVisible();
  await expect(rows.locator('tbody tr')).toHaveCount(50);
  // Warnings come first (there are no errors), each saying what the row lost, whole.
  await expect(rows.locator('tbody tr').first()).toContainText('Address not saved: ZIP is required');
  // No cell's text is cut off without its whole text in reach (long messages wrap; ids keep a title).
  const clipped = await rows
    .locator('tbody td')
    .evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth + 1 && !c.getAttribute('title')).length);
  expect(clipped).toBe(0);
  await page.screenshot({ path: artifact('file-import-rows.png') });
  await expectAccessible(page, 'file import rows');
  const statuses = page.getByRole('radiogroup', { name: 'Row status' });
  await statuses.getByText(`Warnings ${countText(NO_ZIP)}`).click();
  await expect(page).toHaveURL(/%22hasWarning%22/);
  await expect(page.getByText(new RegExp(`^1–50 of ${NO_ZIP} `))).toBeVisible();
  await page.screenshot({ path: artifact('file-import-rows-warnings.png') });

  // Errors only: this roster has none, and the table says so.
  await statuses.getByText('Errors 0').click();
  await expect(page).toHaveURL(/%22status%22/);
  await expect(rows).toContainText('No rows match these filters');
  await page.screenshot({ path: artifact('file-import-rows-errors.png') });
  // Back to created rows: the filter moves, the import stays fixed.
  await statuses.getByText(`Created ${countText(ROWS)}`).click();
  await expect(page.getByText(new RegExp(`^1–50 of ${ROWS} `))).toBeVisible();
  await expect(page).toHaveURL(/fileImportId=\d+/);

  // The rows page on a phone keeps its header, picker and table usable.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'patients.csv', level: 2 })).toBeVisible();
  await page.screenshot({ path: artifact('file-import-rows-phone.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The list shows the finished import, and its row opens the rows again.
  await page.goto('/file-imports');
  const list = page.getByRole('table', { name: /file imports/i });
  const row = list.locator('tbody tr', { hasText: 'patients.csv' }).first();
  await expect(row).toContainText('Completed');
  // At 1280 px the counts the office acts on are on screen, not cut off at the table's edge.
  for (const header of ['Errors', 'Warnings', 'Created', 'Updated', 'Uploaded']) {
    await expect(list.getByRole('columnheader', { name: header, exact: true })).toBeInViewport({ ratio: 1 });
  }
  await page.screenshot({ path: artifact('file-imports-list-done.png') });
  await row.click();
  await expect(page).toHaveURL(/\/file-import-rows\?fileImportId=\d+/);
});

test('file imports: a row in error shows the cells it read beside its error, to correct and import again', async ({ page }) => {
  // The Boston manager (one branch: none to pick), so no other flow's company admin hears of this import.
  await signInAs(page, 'branchmanager', '/file-imports');
  await page.getByRole('button', { name: 'Import a file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a file' });
  await pick(page, dialog, 'Import type', 'Synthea patients');
  await expect(dialog.getByRole('textbox', { name: 'Branch' })).toHaveCount(0);
  const file = [
    'Id,BIRTHDATE,FIRST,LAST,ZIP',
    'E2E-CELLS-1,1950-01-01,Rosa,Quinn,02108',
    'E2E-CELLS-2,1950-02-30,Tomas,Reyes,02108',
  ].join('\n');
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'two-patients.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await dialog.getByRole('button', { name: 'Upload and import' }).click();
  await expect(dialog.getByLabel('Errors: 1')).toBeVisible({ timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Open rows' }).click();
  await expect(page.getByRole('heading', { name: 'two-patients.csv', level: 2 })).toBeVisible();
  const rows = page.getByRole('table', { name: /file import rows/i });
  await expect(rows.locator('tbody tr')).toHaveCount(2);
  // Errors come first, with what the row read; the row written has no cells kept.
  const error = rows.locator('tbody tr').first();
  await expect(error).toContainText('Date of birth: Use a real date written YYYY-MM-DD');
  await expect(error).toContainText('BIRTHDATE: 1950-02-30; FIRST: Tomas; Id: E2E-CELLS-2; LAST: Reyes; ZIP: 02108');
  const clipped = await rows
    .locator('tbody td')
    .evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth + 1 && !c.getAttribute('title')).length);
  expect(clipped).toBe(0);
  await page.screenshot({ path: artifact('file-import-rows-error-cells.png') });
});

test('file import types: the developer edits a mapping; required fields must stay mapped', async ({ page }) => {
  await signInAs(page, 'developer', '/admin/file-import-types');
  const types = page.getByRole('table', { name: 'File import types' });
  await expect(types).toContainText('Synthea patients');
  await page.screenshot({ path: artifact('file-import-types.png') });
  await expectAccessible(page, '/admin/file-import-types');
  await types.getByRole('link', { name: 'Synthea patients' }).click();
  await expect(page).toHaveURL(/\/admin\/file-import-types\/synthea-patients$/);
  await expect(page.getByRole('heading', { name: 'Synthea patients', level: 2 })).toBeVisible();
  const mapping = page.getByRole('table', { name: 'Column mapping' });
  await expect(mapping).toBeVisible();
  await page.screenshot({ path: artifact('file-import-type-edit.png'), fullPage: true });

  const description = page.getByLabel('Description');
  const before = await description.inputValue();
  await description.fill(`${before} Edited.`);
  // Emptying a required field's header is refused beside it.
  const firstHeader = mapping.getByRole('textbox', { name: /column header$/ }).first();
  const header = await firstHeader.inputValue();
  await firstHeader.fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/must be mapped to a column$/).first()).toBeVisible();
  await firstHeader.fill(header);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Synthea patients saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Description')).toHaveValue(`${before} Edited.`);

  // Put it back as it was.
  await page.getByLabel('Description').fill(before);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Synthea patients saved').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset', exact: true })).toBeDisabled();
});

test('file import types: a company admin sees them read-only', async ({ page }) => {
  await signInAs(page, 'companyadmin', '/admin/file-import-types');
  await expect(page.getByText('Read only: import types are changed by users with system-level access.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'File import types' }).getByRole('link')).toHaveCount(0);
});
