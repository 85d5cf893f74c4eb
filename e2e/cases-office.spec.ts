import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { mutation, query, tokenOf } from './support/api';
import { expectAccessible } from './support/a11y';
import { artifact, signInAs } from './support/session';

/**
 * Cases (issue 24), the office's side through its buttons at 1280x800: a fall the caregiver reported (through the
 * API, the phone's flow is e2e/cases.spec.ts) is opened by the branch manager from /cases, accepted, given to another
 * assignee among the branch's office, started; its required incident report module is started from the case and
 * filled and signed in the care form; a comment and an office file (opened from the list) are added; the case is
 * completed, reopened with a reason, cancelled with a reason, and its PDF shows in the page. Screenshots of the
 * module start, the history and the PDF frame; axe on the case and PDF pages.
 */

const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

test.use({ viewport: { width: 1280, height: 800 } });

/** Draws a stroke on a signature pad with the mouse, as a finger would. */
async function draw(page: Page, pad: Locator): Promise<void> {
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * 0.6);
  await page.mouse.down();
  for (const [fx, fy] of [
    [0.35, 0.3],
    [0.55, 0.7],
    [0.8, 0.35],
  ] as const) {
    await page.mouse.move(box.x + box.width * fx, box.y + box.height * fy, { steps: 6 });
  }
  await page.mouse.up();
  await expect(pad).toHaveAttribute('data-signed', 'true');
}

/** The wall clock of this browser as a datetime-local value, to the minute. */
function localNow(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** A status badge of the case's head (the card with the case number), not a module's form status. */
const statusBadge = (page: Page, status: string) =>
  page
    .locator('.mantine-Paper-root')
    .filter({ has: page.getByRole('heading', { level: 2 }) })
    .locator('.mantine-Badge-root', { hasText: new RegExp(`^${status}$`) });

/** Fills the built-in incident report (every required answer: no injury, family told) and signs it. */
async function fillIncidentReport(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Date and time of the incident' }).fill(localNow());
  const where = page.getByRole('textbox', { name: 'Where' });
  await where.fill("Client's home");
  await where.press('Escape');
  const kind = page.getByRole('radiogroup', { name: /Type of incident/ });
  if (await kind.count()) await kind.getByRole('radio', { name: 'Fall' }).check();
  else {
    await page.getByRole('textbox', { name: 'Type of incident' }).click();
    await page.getByRole('option', { name: 'Fall', exact: true }).click();
  }
  await page
    .getByRole('textbox', { name: 'What happened, in order' })
    .fill('Slipped getting out of the shower; helped up, no injury.');
  await page
    .getByRole('radiogroup', { name: /Was anyone injured/ })
    .getByRole('radio', { name: 'No' })
    .check();
  await page.getByRole('textbox', { name: 'When the office was told' }).fill(localNow());
  await page
    .getByRole('radiogroup', { name: /Family or representative was told/ })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await draw(page, page.getByRole('img', { name: /Signature of the person reporting/ }));
  await page.getByRole('button', { name: 'Complete and sign' }).click();
  const sign = page.getByRole('dialog', { name: 'Complete and sign' });
  await draw(page, sign.getByRole('img', { name: 'Your signature pad' }));
  await sign.getByRole('button', { name: 'Sign and complete' }).click();
  await expect(sign).toBeHidden();
  await expect(page.getByText(/^Signed by /)).toBeVisible();
}

test('the office works a reported fall through the case page, from accepted to completed, reopened and cancelled', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const title = `Fall by the stairs ${Date.now()}`;

  // The caregiver's report from one of their visits (cases.report, as the phone sends it once online).
  const carer = await tokenOf(request, 'caregiver');
  const types = await query<{ id: number; code: string }[]>(request, carer, 'cases.reportableTypes');
  const { shifts } = await query<{ shifts: { id: number; clientId: number }[] }>(request, carer, 'caregiverAppGetShifts', {});
  const visit = shifts[0]!;
  const reported = await mutation<{ id: number; number: number }>(request, carer, 'cases.report', {
    caseTypeId: types.find((t) => t.code === 'incident')!.id,
    clientId: visit.clientId,
    shiftId: visit.id,
    title,
    description: 'She lost her footing on the last stair; I caught her arm.',
    occurredAt: new Date().toISOString(),
  });

  // /cases lists it; its row opens the case.
  await signInAs(page, 'branchmanager', '/cases');
  await page.getByText(title).click();
  await expect(page).toHaveURL(`/cases/${reported.id}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(statusBadge(page, 'Requested')).toBeVisible();

  // Accept; assign another of the branch's office; start work.
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(statusBadge(page, 'Accepted')).toBeVisible();
  const token = await page.evaluate(() => window.localStorage.getItem('hearth.token'));
  const people = await query<{ userId: number; name: string }[]>(page.request, token!, 'cases.assignees', { id: reported.id });
  const assignee = page.getByRole('textbox', { name: 'Assignee' });
  const current = await assignee.inputValue();
  const other = people.find((p) => !current.includes(p.name))!;
  await assignee.click();
  await page.getByRole('option', { name: other.name, exact: true }).click();
  await expect(assignee).toHaveValue(other.name);
  await page.getByRole('button', { name: 'Start work' }).click();
  await expect(statusBadge(page, 'In progress')).toBeVisible();
  await expect(page.getByText('Complete the required modules to complete the case.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete', exact: true })).toHaveCount(0);
  await page.screenshot({ path: artifact('cases-office-module-start.png') });
  await expectAccessible(page, 'case page');

  // The required module: started from the case, filled and signed as a care form, then back to the case.
  await page.getByRole('button', { name: /^Start Incident report/ }).click();
  await expect(page).toHaveURL(/\/care-forms\/\d+$/);
  await fillIncidentReport(page);
  await page.goto(`/cases/${reported.id}`);
  await expect(page.getByRole('link', { name: /^Open Incident report/ })).toBeVisible();

  // A comment and an office file, which opens from the list.
  await page.getByRole('textbox', { name: 'Comment' }).fill('Called the daughter; a grab bar is ordered.');
  await page.getByRole('button', { name: 'Add the comment' }).click();
  // The history lists the comment too ("Comment: — → ..."): the comment itself is the text alone.
  await expect(page.getByText('Called the daughter; a grab bar is ordered.', { exact: true })).toBeVisible();
  await page.locator('input[type=file]').setInputFiles({
    name: 'stairs.png',
    mimeType: 'image/png',
    buffer: Buffer.from(PNG_1X1, 'base64'),
  });
  const open = page.getByRole('button', { name: 'Open stairs.png' });
  await expect(open).toBeVisible();
  const tab = page.waitForEvent('popup');
  await open.click();
  const opened = await tab;
  expect(opened.url()).toContain('/api/storage/cases/');
  expect((await page.request.get(opened.url())).status()).toBe(200);
  await opened.close();

  // Complete; reopen with a reason; cancel with a reason.
  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  await expect(statusBadge(page, 'Completed')).toBeVisible();
  await page.getByRole('button', { name: 'Reopen' }).click();
  const reopen = page.getByRole('dialog', { name: 'Reopen the case' });
  await expect(reopen.getByRole('button', { name: 'Reopen the case' })).toBeDisabled();
  await reopen.getByRole('textbox', { name: 'Reason' }).fill('The family reports a second fall the same evening.');
  await reopen.getByRole('button', { name: 'Reopen the case' }).click();
  await expect(reopen).toBeHidden();
  await expect(statusBadge(page, 'In progress')).toBeVisible();
  await expect(page.getByText('Reason: The family reports a second fall the same evening.')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel the case' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel the case' });
  await cancel.getByRole('textbox', { name: 'Reason' }).fill('Reported twice: followed up in the earlier case.');
  await cancel.getByRole('button', { name: 'Cancel the case' }).click();
  await expect(cancel).toBeHidden();
  await expect(statusBadge(page, 'Cancelled')).toBeVisible();

  // The history lists every move and the file.
  const history = page.getByRole('list', { name: 'History' });
  await expect(history.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByText('stairs.png is attached to the case.')).toBeHidden();
  await expect(history).toContainText('Assignee: ');
  await expect(history).toContainText('Status: Completed → In progress');
  await history.scrollIntoViewIfNeeded();
  await page.screenshot({ path: artifact('cases-office-history.png') });
  await history.screenshot({ path: artifact('cases-office-history-list.png') });

  // The PDF shows in the page.
  await page.getByRole('link', { name: 'Case PDF' }).click();
  await expect(page).toHaveURL(`/cases/${reported.id}/pdf`);
  await expect(page.locator('iframe')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download the PDF' })).toBeVisible();
  await page.screenshot({ path: artifact('cases-office-pdf-frame.png') });
  await expectAccessible(page, 'case PDF page');
});
