import { expect, test } from './support/test';
import { mutation, query, tokenOf } from './support/api';
import { serviceWorkerReady } from './support/app';
import { artifact, signInAs } from './support/session';

/**
 * Cases (issue 24), a caregiver reports a fall offline at 390x844: the report (type, client of their visit, title, what
 * happened, a photo) waits on the phone, still there after an offline reload, and syncs once back online; the office
 * (the demo branch manager, 1280x800) finds it, accepts it, works it, fills the required incident report module,
 * completes the case and opens its PDF. Screenshots at both sizes.
 */

const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

interface Detail {
  id: number;
  number: number;
  status: string;
  title: string;
  attachments: { id: number }[];
  modules: { caseTypeModuleId: number; required: boolean; careFormId: number | null }[];
}

/** The incident report module's answers, every required one given (built-in INCIDENT_REPORT). */
function incidentAnswers(now: string) {
  const s = (linkId: string, answer: object) => ({ linkId, answer: [answer] });
  return [
    {
      linkId: 'incident',
      item: [
        s('occurred-at', { valueDateTime: now }),
        s('location', { valueString: "Client's home" }),
        s('incident-type', { valueString: 'Fall' }),
        s('description', { valueString: 'Slipped getting out of the shower, helped up, no injury.' }),
      ],
    },
    { linkId: 'injury-group', item: [s('injury', { valueBoolean: false })] },
    {
      linkId: 'follow-up',
      item: [
        s('office-notified-at', { valueDateTime: now }),
        s('family-notified', { valueBoolean: true }),
        s('reporter-signature', { valueAttachment: { contentType: 'image/png', data: PNG_1X1 } }),
      ],
    },
  ];
}

/** A visit of the caregiver's, as caregiverAppGetShifts answers it (the fields this flow reads). */
interface Shift {
  startTimestamp: string;
  timezone: string;
  clientName: string;
  status: string;
}

const DAY_MS = 24 * 3_600_000;

/** The start of a visit's option on the phone: its date MM/DD/YY in its branch's zone (a pattern on the label). */
function dateIn(iso: string, timeZone: string): RegExp {
  const day = new Intl.DateTimeFormat('en-US', { timeZone, month: '2-digit', day: '2-digit', year: '2-digit' }).format(
    new Date(iso),
  );
  return new RegExp(`^${day} `);
}

test.use({ viewport: { width: 390, height: 844 } });

test('a caregiver reports a fall offline; it syncs and the office works it to completed and opens the PDF', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const title = `Fall in the bathroom ${Date.now()}`;

  // Online once: the schedule, then Report an incident from the Forms tab (types and visits are kept on the phone).
  await signInAs(page, 'caregiver', '/app');
  await page.getByRole('navigation', { name: 'Caregiver menu' }).getByRole('link', { name: 'Forms' }).click();
  await page.getByRole('link', { name: 'Report an incident' }).click();
  await expect(page).toHaveURL('/app/cases/new');
  await expect(page.getByRole('textbox', { name: 'Type' })).toHaveValue('Incident');
  await page.getByRole('textbox', { name: 'Client' }).click();
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Escape');
  // A report comes during or after a visit: a visit of two to six days ago is offered (the demo caregiver works every
  // weekday morning), written as its date in its branch's zone.
  const carerToken = await tokenOf(request, 'caregiver');
  const earlier = await query<{ shifts: Shift[] }>(page.request, carerToken, 'caregiverAppGetShifts', {
    before: new Date().toISOString(),
  });
  const now = Date.now();
  // The page is ascending: the latest visit two or more days back is the last such one.
  const past = [...earlier.shifts]
    .reverse()
    .find((s) => s.status !== 'cancelled' && now - Date.parse(s.startTimestamp) > 2 * DAY_MS)!;
  expect(now - Date.parse(past.startTimestamp)).toBeLessThan(6 * DAY_MS);
  await page.getByRole('textbox', { name: 'Client' }).click();
  await page.getByRole('option', { name: past.clientName, exact: true }).click();
  await page.getByRole('textbox', { name: 'Visit' }).click();
  await expect(page.getByRole('option', { name: dateIn(past.startTimestamp, past.timezone) }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await serviceWorkerReady(page);

  // Offline: the report is saved on the phone with a photo.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('You are offline.', { exact: false })).toBeVisible();
  await page.getByRole('textbox', { name: 'Client' }).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('What happened').fill('She slipped getting out of the shower; I helped her up.');
  await page.locator('input[type=file]').setInputFiles({
    name: 'fall.png',
    mimeType: 'image/png',
    buffer: Buffer.from(PNG_1X1, 'base64'),
  });
  await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await page.screenshot({ path: artifact('cases-phone-report-offline.png') });
  await page.getByRole('button', { name: 'Save report' }).click();
  await expect(page).toHaveURL(/\/app\/cases\?queued=1$/);
  await expect(page.getByLabel(title)).toContainText('Waiting on phone');

  // Reload with no network: still waiting on the phone.
  await page.goto('/app/cases');
  await expect(page.getByLabel(title)).toContainText('Waiting on phone');
  await page.screenshot({ path: artifact('cases-phone-list-offline.png') });

  // Back online: it syncs and shows the office's status.
  await context.setOffline(false);
  await expect(page.getByLabel(title)).toContainText('Sent', { timeout: 20_000 });
  await page.screenshot({ path: artifact('cases-phone-list-synced.png') });

  // The office: finds the case, accepts it, works it, fills the required module, completes it, opens the PDF.
  const token = await tokenOf(request, 'branchmanager');
  const office = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const officePage = await office.newPage();
  await signInAs(officePage, 'branchmanager', '/cases');
  await expect(officePage.getByText(title)).toBeVisible();
  await officePage.screenshot({ path: artifact('cases-office-list.png') });
  const mine = await query<{ id: number; title: string }[]>(page.request, carerToken, 'cases.mine');
  const id = mine.find((c) => c.title === title)!.id;
  const reported = await query<Detail>(officePage.request, token, 'cases.detail', { id });
  expect(reported).toMatchObject({ status: 'requested', attachments: [expect.anything()] });
  await mutation(officePage.request, token, 'cases.transition', { id, to: 'accepted' });
  await mutation(officePage.request, token, 'cases.transition', { id, to: 'in-progress' });
  for (const module of reported.modules.filter((m) => m.required)) {
    const { careFormId } = await mutation<{ careFormId: number }>(officePage.request, token, 'cases.startModule', {
      id,
      caseTypeModuleId: module.caseTypeModuleId,
    });
    await mutation(officePage.request, token, 'careForms.complete', {
      id: careFormId,
      items: incidentAnswers(new Date().toISOString()),
      signature: `data:image/png;base64,${PNG_1X1}`,
    });
  }
  const done = await mutation<Detail>(officePage.request, token, 'cases.transition', { id, to: 'completed' });
  expect(done.status).toBe('completed');
  await officePage.goto(`/cases/${id}`);
  await expect(officePage.getByText(title).first()).toBeVisible();
  await officePage.screenshot({ path: artifact('cases-office-completed.png') });
  const pdf = await query<{ base64: string }>(officePage.request, token, 'cases.pdf', { id });
  expect(Buffer.from(pdf.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  await officePage.goto(`/cases/${id}/pdf`);
  const download = officePage.waitForEvent('download');
  await officePage.getByRole('link', { name: 'Download the PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await officePage.screenshot({ path: artifact('cases-office-pdf.png') });
  await office.close();

  // The caregiver sees the office's status.
  await page.reload();
  await expect(page.getByLabel(title)).toContainText('Completed');
  await page.screenshot({ path: artifact('cases-phone-list-completed.png') });
});
