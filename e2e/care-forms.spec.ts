import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { query } from './support/api';
import { expectAccessible } from './support/a11y';
import { artifact, signInAs } from './support/session';
import { nextDownload, noNotifications } from './support/ui';
import { unique } from './support/visit-team';

/**
 * Care form types and care forms on the web (issue 23): the demo Company Admin builds a type in the builder (a
 * yes/no question, a group shown only after "yes" holding a required question, a choice moved below it with the
 * keyboard), tries it in the preview (hidden until yes, the required refusal), saves and activates it, exports its
 * JSON and sees an import's problems listed; then fills a form of it for a demo client, is refused while the
 * required question is empty, completes it with a drawn signature and downloads the PDF. Axe light and dark;
 * screenshots at 1280x800.
 */

/** The builder's outline of items. */
function outline(page: Page): Locator {
  return page.getByRole('list', { name: 'Items' });
}

/** The outline's row of the item whose text is `text`. */
function row(page: Page, text: string): Locator {
  return outline(page).getByRole('button', { name: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
}

/** Adds an item of `kind` (the Add menu's entry) and gives it `text`; it is selected afterwards. */
async function addItem(page: Page, kind: string, text: string): Promise<void> {
  await page.getByRole('button', { name: 'Add item' }).click();
  await page.getByRole('menuitem', { name: kind, exact: true }).click();
  const properties = page.getByRole('region', { name: 'Properties' });
  const field = properties.getByRole('textbox', { name: kind === 'Group' ? 'Heading' : 'Text', exact: true });
  await field.fill(text);
  await expect(row(page, text)).toHaveAttribute('aria-current', 'true');
}

/** The linkIds of the outline's rows, in order, each indented by a space per level ("group-1", " question-2"). */
async function outlineIds(page: Page): Promise<string[]> {
  return outline(page)
    .locator('li')
    .evaluateAll((items) =>
      items.map((li) => {
        const depth = Math.round(parseFloat((li as HTMLElement).style.paddingInlineStart || '0') / 20);
        const meta = li.querySelector('[data-link-id]')?.getAttribute('data-link-id') ?? '';
        return `${' '.repeat(depth)}${meta}`;
      }),
    );
}

test('care form types: build a type with a group, a required question and a condition, preview, activate, export', async ({
  page,
}) => {
  // Four screens scanned with axe in two schemes, a form filled and signed: more than the default two minutes.
  test.setTimeout(240_000);
  const name = unique('Wound check ');
  await signInAs(page, 'companyadmin', '/care-forms/care-form-types');
  await expect(page.getByRole('heading', { name: 'Care form types', level: 2 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Care form types' })).toBeVisible();
  await expectAccessible(page, '/care-forms/care-form-types');

  // An import with unsupported items lists every problem the server found, by linkId.
  await page.getByRole('button', { name: 'Import JSON' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import a FHIR Questionnaire' });
  await importDialog.getByText('Pasted text', { exact: true }).click();
  await importDialog.getByRole('textbox', { name: 'Questionnaire JSON' }).fill(
    JSON.stringify({
      resourceType: 'Questionnaire',
      status: 'draft',
      item: [
        { linkId: 'site', type: 'url', text: 'Web site' },
        { linkId: 'who', type: 'reference', text: 'Who' },
      ],
    }),
  );
  await importDialog.getByRole('button', { name: 'Import as a draft' }).click();
  const refused = importDialog.getByRole('alert');
  await expect(refused).toContainText('The Questionnaire cannot be imported');
  await expect(refused.getByRole('listitem')).toHaveCount(2);
  await expect(refused).toContainText('site');
  await expect(refused).toContainText('who');
  await importDialog.getByRole('button', { name: 'Cancel' }).click();

  // A new type opens in the builder.
  await page.getByRole('button', { name: 'New type' }).click();
  const createDialog = page.getByRole('dialog', { name: 'New care form type' });
  await createDialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await createDialog.getByRole('button', { name: 'Create and open the builder' }).click();
  await expect(page).toHaveURL(/\/care-forms\/care-form-types\/\d+$/);
  const typeId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();

  // A yes/no question, then a group holding a required short text and a number.
  await addItem(page, 'Yes / no', 'Is there a wound?');
  await addItem(page, 'Group', 'Wound details');
  await addItem(page, 'Short text', 'Where is the wound?');
  await page.getByRole('switch', { name: 'Required' }).check({ force: true });
  await addItem(page, 'Decimal number', 'Length in cm');
  // The group is shown only when the first question is answered yes: its condition picks the earlier question.
  await row(page, 'Wound details').click();
  await page.getByRole('button', { name: 'Add a condition' }).click();
  const conditions = page.getByRole('group', { name: 'Show only when (enableWhen)' });
  await expect(conditions.getByRole('textbox', { name: 'Question' })).toHaveValue('Is there a wound? (question-1)');
  await expect(conditions.getByRole('textbox', { name: 'Operator' })).toHaveValue('is');
  await expect(conditions.getByRole('textbox', { name: 'Value' })).toHaveValue('Yes');

  // A choice added after the first question, then moved below the group with the keyboard and a button.
  await row(page, 'Is there a wound?').click();
  await addItem(page, 'Choice', 'How does it look?');
  const options = page.getByRole('group', { name: 'Answer options' });
  for (const option of ['Healing', 'Unchanged', 'Worse']) {
    await options.getByRole('textbox', { name: 'New option' }).fill(option);
    await options.getByRole('textbox', { name: 'New option' }).press('Enter');
  }
  await expect(options.getByRole('textbox', { name: /^Option \d$/ })).toHaveCount(3);
  await row(page, 'How does it look?').focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect(row(page, 'How does it look?')).toBeFocused();
  expect(await outlineIds(page)).toEqual(['question-1', 'group-1', ' question-2', ' question-3', 'question-4']);
  // Into the group and back out with the toolbar's buttons.
  await page.getByRole('button', { name: 'Move into the group above' }).click();
  expect(await outlineIds(page)).toEqual(['question-1', 'group-1', ' question-2', ' question-3', ' question-4']);
  await page.getByRole('button', { name: 'Move out of its group' }).click();
  expect(await outlineIds(page)).toEqual(['question-1', 'group-1', ' question-2', ' question-3', 'question-4']);
  await expect(page.getByText('Unsaved changes.')).toBeVisible();
  await noNotifications(page);
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: artifact('care-form-builder.png') });
  await expectAccessible(page, 'care form type builder');

  // The preview: the group appears after "Yes"; the completion check refuses the empty required question.
  await page.getByRole('tab', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByText('Where is the wound?')).toHaveCount(0);
  await preview.getByRole('radio', { name: 'Yes' }).check({ force: true });
  await expect(preview.getByRole('textbox', { name: /Where is the wound\?/ })).toBeVisible();
  await preview.getByRole('button', { name: 'Check as on completing' }).click();
  await expect(preview.getByRole('status')).toContainText('1 question needs attention');
  await expect(preview.getByText('"Where is the wound?" needs an answer')).toBeVisible();
  await page.screenshot({ path: artifact('care-form-builder-preview.png') });
  await expectAccessible(page, 'care form type preview');

  // Saved, then activated.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${name} was saved.`)).toBeVisible();
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText(`${name} is now Active.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retire' })).toBeVisible();

  // The list shows it active; its export is the Questionnaire as built.
  await page.getByRole('main').getByRole('link', { name: 'Care form types', exact: true }).click();
  const typeRow = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
  await expect(typeRow).toContainText('Active');
  const downloaded = nextDownload(page);
  await typeRow.getByRole('button', { name: `Export ${name} as JSON` }).click();
  const file = await downloaded;
  expect(file.suggestedFilename()).toMatch(/^wound-check-.*-v1\.json$/);
  const exported = JSON.parse(await readFile((await file.path())!, 'utf8')) as {
    resourceType: string;
    title: string;
    item: { linkId: string; enableWhen?: unknown[]; item?: { linkId: string; required?: boolean }[] }[];
  };
  expect(exported.resourceType).toBe('Questionnaire');
  expect(exported.title).toBe(name);
  expect(exported.item.map((item) => item.linkId)).toEqual(['question-1', 'group-1', 'question-4']);
  expect(exported.item[1]!.enableWhen).toEqual([{ question: 'question-1', operator: '=', answerBoolean: true }]);
  expect(exported.item[1]!.item?.[0]).toMatchObject({ linkId: 'question-2', required: true });
  expect(typeId).toBeGreaterThan(0);

  await fillForm(page, name);

  // Now used by a form, the type is frozen: saving it makes version 2, the builder says so and opens it.
  await page.goto(`/care-forms/care-form-types/${typeId}`);
  await expect(page.getByText('Forms use version 1. Saving makes version 2; the forms keep version 1.')).toBeVisible();
  await row(page, 'Length in cm').click();
  const properties = page.getByRole('region', { name: 'Properties' });
  await properties.getByRole('textbox', { name: 'Text', exact: true }).fill('Length in centimetres');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved as version 2', { exact: true })).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(`/${typeId}$`));
  await expect(page.getByText('Version 2', { exact: true })).toBeVisible();
  await expect(row(page, 'Length in centimetres')).toBeVisible();

  // Leaving with unsaved changes asks first.
  await properties.getByRole('textbox', { name: 'Text', exact: true }).fill('Length (cm)');
  const back = page.getByRole('main').getByRole('link', { name: 'Care form types', exact: true });
  await back.click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
  await expect(leave).toBeHidden();
  await expect(row(page, 'Length (cm)')).toBeVisible();
  await back.click();
  await leave.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/care-forms\/care-form-types$/);

  // A built-in type is copied into the agency's types and opens in the builder with its items.
  await page.getByRole('button', { name: 'Copy a built-in' }).click();
  await page.getByRole('menuitem', { name: /^Incident report/ }).click();
  await expect(page).toHaveURL(/\/care-forms\/care-form-types\/\d+$/);
  await expect(page.getByRole('heading', { name: /Incident report/, level: 2 })).toBeVisible();
  expect(await outline(page).locator('li').count()).toBeGreaterThan(3);
});

/** Draws a scribble on a signature pad with the mouse (pointer events, as a finger would). */
async function draw(page: Page, pad: Locator): Promise<void> {
  await pad.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await pad.boundingBox())!;
  const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
  await page.mouse.move(...at(0.12, 0.6));
  await page.mouse.down();
  for (const [fx, fy] of [
    [0.25, 0.3],
    [0.4, 0.7],
    [0.55, 0.35],
    [0.7, 0.65],
    [0.85, 0.4],
  ] as const) {
    await page.mouse.move(...at(fx, fy), { steps: 6 });
  }
  await page.mouse.up();
  await expect(pad).toHaveAttribute('data-signed', 'true');
}

/**
 * A form of the type `typeName` for a demo client, started from /care-forms: refused while the required question
 * is empty, completed with a drawn signature, its PDF downloaded (and its first page rendered with pdftoppm beside
 * the screenshots when poppler is installed).
 */
async function fillForm(page: Page, typeName: string): Promise<void> {
  // A demo client of the admin's branches, found as the client picker finds them (the page's own token: no new sign-in).
  const token = await page.evaluate(() => window.localStorage.getItem('hearth.token'));
  const clients = await query<{ value: string; label: string }[]>(page.request, token!, 'queryOptionsView', {
    view: 'clients',
    value: 'a',
  });
  const client = clients[0]!;

  await page.goto('/care-forms');
  await page.getByRole('button', { name: 'New care form' }).click();
  const dialog = page.getByRole('dialog', { name: 'New care form' });
  await dialog.getByRole('textbox', { name: 'Form type' }).fill(typeName);
  await page.getByRole('option', { name: typeName }).click();
  await dialog.getByRole('textbox', { name: 'Client' }).fill(client.label.split(/[\s,]+/)[0]!);
  await page.getByRole('option', { name: client.label }).first().click();
  await dialog.getByRole('button', { name: 'Start the form' }).click();
  await expect(page).toHaveURL(/\/care-forms\/\d+$/);

  // The group shows after "Yes"; completing with its required question empty is refused under the question.
  await page.getByRole('radio', { name: 'Yes' }).check();
  const where = page.getByRole('textbox', { name: /Where is the wound\?/ });
  await expect(where).toBeVisible();
  await page.getByRole('button', { name: 'Complete and sign' }).click();
  await expect(page.getByRole('alert')).toContainText('1 answer needs attention before signing');
  await expect(page.getByText('"Where is the wound?" needs an answer')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Complete and sign' })).toHaveCount(0);

  await where.fill('Left heel');
  await page.getByRole('textbox', { name: 'Length in cm' }).fill('2.5');
  await page.getByRole('radio', { name: 'Healing' }).check();
  await expect(page.getByText('"Where is the wound?" needs an answer')).toHaveCount(0);
  // The banner follows the answers too: with nothing left to fix it goes.
  await expect(page.getByText('needs attention before signing')).toHaveCount(0);
  await noNotifications(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: artifact('care-form-filler.png') });
  await expectAccessible(page, 'care form filler');

  // Signed and completed: read-only with its signature.
  await page.getByRole('button', { name: 'Complete and sign' }).click();
  const sign = page.getByRole('dialog', { name: 'Complete and sign' });
  await draw(page, sign.getByRole('img', { name: 'Your signature pad' }));
  await sign.getByRole('button', { name: 'Sign and complete' }).click();
  await expect(sign).toBeHidden();
  await expect(page.getByText(/^Signed by /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete and sign' })).toHaveCount(0);

  // The PDF: a real PDF, its first page rendered for people to look at.
  const downloading = nextDownload(page);
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
  const pdfPath = artifact('care-form.pdf');
  await writeFile(pdfPath, pdf);
  const base = pdfPath.replace(/\.pdf$/, '-page1');
  const rendered = spawnSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', pdfPath, base]);
  // Without poppler there is no picture to look at, and nothing else to check.
  if ((rendered.error as NodeJS.ErrnoException | undefined)?.code !== 'ENOENT') expect(rendered.status).toBe(0);
}
