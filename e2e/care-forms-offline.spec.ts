import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { query, tokenOf } from './support/api';
import { expectAccessible } from './support/a11y';
import { serviceWorkerReady } from './support/app';
import { artifact, signInAs } from './support/session';

/**
 * Care forms offline on the phone (issue 23 item 3), 390x844: the demo caregiver opens the supervisory visit form the
 * office assigned to them, loses the network, answers it and saves the draft on the phone, starts an incident report
 * for one of their visits with no network, reloads while still offline and finds both on the phone, goes back online:
 * the sync sends both, and the office reads the answers. Screenshots of the list and the form offline, and after sync.
 */

interface Summary {
  id: number;
  typeName: string;
  status: string;
}

interface Detail {
  id: number;
  typeName: string;
  items: { linkId: string; answer?: { valueString?: string }[]; item?: Detail['items'] }[];
}

/** Every answer of a form's items as linkId -> first string answer, groups flattened. */
function stringAnswers(items: Detail['items']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items) {
    const value = item.answer?.[0]?.valueString;
    if (value !== undefined) out[item.linkId] = value;
    Object.assign(out, stringAnswers(item.item ?? []));
  }
  return out;
}

/**
 * How many blank type PDFs the phone keeps (entries `u<userId>:care-form-type-pdf:<typeId>` of the encrypted cache,
 * the IndexedDB database `cache`); 0 while that database does not exist yet.
 */
function keptTypePdfs(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const request = indexedDB.open('cache');
        request.onupgradeneeded = () => request.transaction?.abort();
        request.onerror = () => resolve(0);
        request.onsuccess = () => {
          const db = request.result;
          try {
            const keys = db.transaction('entries', 'readonly').objectStore('entries').getAllKeys();
            keys.onsuccess = () => resolve(keys.result.filter((key) => /^u\d+:care-form-type-pdf:/.test(String(key))).length);
            keys.onerror = () => resolve(0);
          } catch {
            resolve(0);
          } finally {
            db.close();
          }
        };
      }),
  );
}

test.use({ viewport: { width: 390, height: 844 } });

test('a caregiver fills an assigned form and starts an incident report offline; both sync when online and the office sees them', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const nurse = await tokenOf(request, 'nurse');
  const aide = `Aide offline ${Date.now()}`;
  const incident = `Slipped on the wet kitchen floor at ${Date.now()}; no injury.`;

  // Online: the schedule (its window is saved on the phone), then the Forms tab with the assigned supervisory visit.
  await signInAs(page, 'caregiver', '/app');
  const bar = page.getByRole('navigation', { name: 'Caregiver menu' });
  await bar.getByRole('link', { name: 'Forms' }).click();
  await expect(page).toHaveURL('/app/care-forms');
  const assigned = page.locator('[data-testid^="phone-form-"]').filter({ hasText: 'Supervisory visit' }).first();
  await expect(assigned).toBeVisible();
  const formId = Number((await assigned.getAttribute('data-testid'))!.replace('phone-form-', ''));
  await assigned.click();
  await expect(page).toHaveURL(`/app/care-forms/${formId}`);
  await expect(page.getByLabel("Aide's name")).toBeVisible();
  await serviceWorkerReady(page);
  // The type's blank PDF is kept on the phone for a paper back-up.
  await expect.poll(() => keptTypePdfs(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);

  // Offline: the answer is saved on the phone, and the blank PDF opens from the phone.
  await context.setOffline(true);
  await expect(page.getByText('You are offline.', { exact: false })).toBeVisible();
  await page.getByLabel("Aide's name").fill(aide);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Saved on this phone. It will upload when you are back online.')).toBeVisible();
  await page.screenshot({ path: artifact('care-forms-phone-offline-fill.png'), fullPage: false });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Blank paper form (PDF)' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

  // Offline: a new incident report for a visit of theirs.
  await page.getByRole('link', { name: 'Back to forms' }).click();
  await expect(page.getByTestId(`phone-form-${formId}`)).toContainText('Saved on this phone — will upload');
  await page.getByRole('link', { name: 'New form' }).click();
  await page.getByRole('textbox', { name: 'Visit' }).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await page.getByRole('radio', { name: 'Incident report' }).check();
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page).toHaveURL(/\/app\/care-forms\/new-[0-9a-f-]{36}$/);
  await page.getByLabel('What happened, in order').fill(incident);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Saved on this phone. It will upload when you are back online.')).toBeVisible();

  // Reload with no network: both are on the phone.
  await page.goto('/app/care-forms');
  await expect(page.getByText('You are offline.', { exact: false })).toBeVisible();
  const drafts = page.getByTestId('phone-form-draft');
  await expect(drafts).toHaveCount(1);
  await expect(drafts).toContainText('Incident report');
  await expect(drafts).toContainText('Saved on this phone — will upload');
  await expect(page.getByTestId(`phone-form-${formId}`)).toContainText('Saved on this phone — will upload');
  await page.screenshot({ path: artifact('care-forms-phone-offline-list.png') });
  await expectAccessible(page, '/app/care-forms (offline, two drafts)');
  await drafts.click();
  await expect(page.getByLabel('What happened, in order')).toHaveValue(incident);
  await page.getByRole('link', { name: 'Back to forms' }).click();
  await page.getByTestId(`phone-form-${formId}`).click();
  await expect(page.getByLabel("Aide's name")).toHaveValue(aide);
  await page.getByRole('link', { name: 'Back to forms' }).click();

  // Back online: the sync sends both; nothing waits on the phone any more.
  await context.setOffline(false);
  await expect(page.getByText('Saved on this phone — will upload')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId('phone-form-draft')).toHaveCount(0);
  const mine = await query<Summary[]>(page.request, await tokenOf(request, 'caregiver'), 'careForms.mine');
  const report = mine.find((f) => f.typeName === 'Incident report');
  expect(report).toBeDefined();
  await expect(page.getByTestId(`phone-form-${report!.id}`)).toBeVisible();
  await page.screenshot({ path: artifact('care-forms-phone-synced.png') });

  // The office reads the answers: on the staff web, and through the API.
  const office = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const officePage = await office.newPage();
  await signInAs(officePage, 'nurse', `/care-forms/${formId}`);
  await expect(officePage.getByLabel("Aide's name")).toHaveValue(aide);
  await officePage.screenshot({ path: artifact('care-forms-phone-synced-office.png') });
  await officePage.goto(`/care-forms/${report!.id}`);
  await expect(officePage.getByLabel('What happened, in order')).toHaveValue(incident);
  await office.close();
  const supervisory = await query<Detail>(request, nurse, 'careForms.detail', { id: formId });
  expect(stringAnswers(supervisory.items)['aide-name']).toBe(aide);
  const incidentDetail = await query<Detail>(request, nurse, 'careForms.detail', { id: report!.id });
  expect(stringAnswers(incidentDetail.items)['description']).toBe(incident);
  // Only one incident report: the sync created it once.
  expect(mine.filter((f) => f.typeName === 'Incident report' && f.status === 'in-progress')).toHaveLength(1);
});
