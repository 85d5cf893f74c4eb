import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { appUrl, expect, test } from './support/test';
import { expectAccessible } from './support/a11y';
import { mutation, query, tokenOf } from './support/api';
import { artifact } from './support/session';
import { lastSignInLinkTo } from './support/mailbox';

/**
 * The client app's statements and care plan (issue "client and family app" items 3 and 5): the office gives a
 * daughter of a private-pay client portal access with the statements and care notes permissions and sends her a
 * sign-in link; on her phone (390x844) she opens the month's statement, checks that its visits add up to its total,
 * downloads its PDF, and reads her mother's care plan. Screenshots at 390x844 and 1280x800.
 */

const TASKS = ['Bathing', 'Dressing', 'Meal preparation', 'Medication reminders'];

/** Dollars shown as "$1,234.56" as integer cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);

async function openMore(page: Page, entry: string) {
  await page.getByRole('link', { name: 'More' }).click();
  await page.getByRole('link', { name: new RegExp(`^${entry}`) }).click();
}

test('a family member opens a statement and its PDF, and reads the care plan', async ({ browser, request }) => {
  const admin = await tokenOf(request, 'companyadmin');
  const privateClients = await query<{ rows: { id: number; firstName: string }[] }>(request, admin, 'queryView', {
    view: 'clients',
    filters: [
      { column: 'payerName', operator: 'equals', value: 'Private pay' },
      { column: 'status', operator: 'equals', value: 'active' },
      { column: 'branchName', operator: 'equals', value: 'Boston' },
    ],
    pageSize: 1,
  });
  const mother = privateClients.rows[0]!;
  await mutation(request, admin, 'updateClient', { id: mother.id, carePlanTasks: TASKS });
  const email = `dana.${mother.id}@family.example`;
  const contact = await mutation<{ id: number }>(request, admin, 'createClientContact', {
    clientId: mother.id,
    firstName: 'Dana',
    lastName: 'Family',
    relationship: 'Daughter',
    email,
    hasPortalAccess: true,
    portalSchedule: true,
    portalStatements: true,
    portalCareNotes: true,
  });
  await mutation(request, admin, 'sendClientContactLoginLink', { contactId: contact.id });

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: appUrl() });
  const page = await phone.newPage();
  await page.goto(lastSignInLinkTo(email));
  await expect(page).toHaveURL(/\/client-mobile-app$/);

  // The statements by month: the demo schedule's visits of the private-pay payer, this month in progress.
  await openMore(page, 'Statements');
  const months = page.getByRole('navigation', { name: 'Statements by month' }).getByRole('link');
  await expect(months.first()).toBeVisible();
  await expect(months.first()).toContainText('In progress');
  await page.screenshot({ path: artifact('client-app-statements-390.png'), fullPage: true });
  await expectAccessible(page, 'client app statements');

  // One month: its visits add up to its total, to the cent.
  const listed = cents((await months.first().textContent())!.match(/\$[\d,]+\.\d{2}/)![0]);
  await months.first().click();
  // The month's heading, in the page: the app's header names the product at the same level.
  await expect(page.getByRole('main').getByRole('heading', { level: 3 })).toBeVisible();
  const total = page.getByText('Total', { exact: true }).locator('..');
  const totalCents = cents((await total.textContent())!);
  expect(totalCents).toBe(listed);
  const amounts = await page.locator('p', { hasText: /^\$[\d,]+\.\d{2}$/ }).allTextContents();
  // The total itself, then one amount per visit.
  expect(amounts.length).toBeGreaterThan(1);
  expect(amounts.slice(1).reduce((sum, a) => sum + cents(a), 0)).toBe(totalCents);
  await expect(page.getByText('Companion care, per hour').first()).toBeVisible();
  await page.screenshot({ path: artifact('client-app-statement-390.png'), fullPage: true });
  await expectAccessible(page, 'client app statement');

  // Its PDF, drawn by the server for this reader.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^statement-.+-\d{4}-\d{2}\.pdf$/);
  const saved = artifact('client-app-statement.pdf');
  await file.saveAs(saved);
  expect(fs.readFileSync(saved).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByRole('link', { name: 'Open the PDF' })).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: artifact('client-app-statement-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });

  // The care plan, read-only, grouped as the caregiver's phone shows it.
  await openMore(page, 'Care plan');
  await expect(page.getByRole('region', { name: 'Daily living (ADLs)' })).toContainText('Bathing');
  await expect(page.getByRole('region', { name: 'Home and errands (IADLs)' })).toContainText('Medication reminders');
  await expect(page.getByText('Only the agency changes the care plan.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: /save|edit/i })).toHaveCount(0);
  await page.screenshot({ path: artifact('client-app-care-plan-390.png'), fullPage: true });
  await expectAccessible(page, 'client app care plan');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: artifact('client-app-care-plan-1280.png'), fullPage: true });
  await phone.close();
});
