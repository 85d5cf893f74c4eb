import type { Page } from '@playwright/test';
import { appUrl, expect, test } from './support/test';
import { DateTime } from 'luxon';
import { expectAccessible } from './support/a11y';
import { mutation, query, tokenOf } from './support/api';
import { artifact, signInAs } from './support/session';
import { lastSignInLinkTo } from './support/mailbox';

/**
 * Visit requests (issue 25 item 3): a daughter of the demo client, given portal access with the schedule by the office,
 * asks on her phone (390x844) to move a visit three days ahead to the afternoon; the branch manager sees the request at
 * /visit-requests (1280x800) and approves it; without reloading, the daughter's page shows it approved with the new
 * times, and the visit has moved on the schedule. Screenshots of both screens at 390x844 and 1280x800.
 */

/** Screenshots of the page at its size and at the other one (phone 390x844, desktop 1280x800), then back. */
async function shoot(page: Page, name: string, phone: boolean) {
  const [first, second] = phone ? (['390', '1280'] as const) : (['1280', '390'] as const);
  const size = (w: string) => (w === '390' ? { width: 390, height: 844 } : { width: 1280, height: 800 });
  await page.screenshot({ path: artifact(`${name}-${first}.png`), fullPage: phone });
  await page.setViewportSize(size(second));
  await page.screenshot({ path: artifact(`${name}-${second}.png`), fullPage: !phone });
  await page.setViewportSize(size(first));
}

test('a family member asks to move a visit, the office approves it, the family sees it approved and the visit moved', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const manager = await tokenOf(request, 'branchmanager');
  const [client] = await query<{ clientId: number; firstName: string; lastName: string; timezone: string }[]>(
    request,
    await tokenOf(request, 'client'),
    'clientAppGetClients',
  );
  const boston = (await query<{ id: number; name: string }[]>(request, manager, 'getBranches')).find((b) => b.name === 'Boston')!;
  const email = `dana.${Date.now().toString(36)}@family.example`;
  const contact = await mutation<{ id: number }>(request, manager, 'createClientContact', {
    clientId: client!.clientId,
    firstName: 'Dana',
    lastName: 'Family',
    relationship: 'Daughter',
    email,
    hasPortalAccess: true,
    portalSchedule: true,
    portalAlerts: true,
  });
  await mutation(request, manager, 'sendClientContactLoginLink', { contactId: contact.id });
  const firstName = `Rosa${Date.now().toString(36).slice(-4)}`;
  const caregiver = await mutation<{ id: number }>(request, manager, 'createCaregiver', {
    branchId: boston.id,
    firstName,
    lastName: 'Requests',
    status: 'active',
  });
  // A visit three days ahead, 9:00 to 11:00 on the client's wall clock; she asks for 2:00 to 4:00 PM that day.
  const day = DateTime.now().setZone(client!.timezone).plus({ days: 3 }).startOf('day');
  const booked = await mutation<{ shift: { id: number } }>(request, manager, 'createShift', {
    clientId: client!.clientId,
    caregiverId: caregiver.id,
    startTimestamp: day.set({ hour: 9 }).toUTC().toISO(),
    endTimestamp: day.set({ hour: 11 }).toUTC().toISO(),
    serviceCode: 'T1019',
  });
  const shiftId = booked.shift.id;

  // The daughter's phone: the link signs her in; Requests, a new request to move that visit.
  const family = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: appUrl() });
  const page = await family.newPage();
  await page.goto(lastSignInLinkTo(email));
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await page.getByRole('link', { name: 'Requests' }).click();
  await expect(page.getByRole('heading', { name: 'Requests' })).toBeVisible();
  await expect(page.getByText('No requests yet.')).toBeVisible();
  await page.getByRole('button', { name: 'New request' }).click();
  const form = page.getByRole('form', { name: 'New request' });
  await expect(form.getByRole('radio', { name: 'Move' })).toBeChecked();
  await form.getByRole('textbox', { name: 'Visit' }).click();
  await page.getByRole('option', { name: new RegExp(`with ${firstName}$`) }).click();
  await expect(form.getByLabel('New date')).toHaveValue(day.toISODate()!);
  await expect(form.getByLabel('Start')).toHaveValue('09:00');
  await form.getByLabel('Start').fill('14:00');
  await form.getByLabel('End').fill('16:00');
  await form.getByLabel('Note for the office').fill('Mum has a hospital appointment in the morning.');
  await expectAccessible(page, 'client app new request');
  await shoot(page, 'client-app-request-form', true);
  await form.getByRole('button', { name: 'Send request' }).click();
  const card = page.getByRole('article', { name: 'Move a visit' });
  await expect(card.getByText('Waiting', { exact: true })).toBeVisible();
  await expect(card.getByText(/^To .+2:00 PM – 4:00 PM/)).toBeVisible();
  await expect(card.getByText('Asked by you on', { exact: false })).toBeVisible();
  await expectAccessible(page, 'client app requests');
  await shoot(page, 'client-app-requests-waiting', true);

  // The office (1280x800): the request waits in /visit-requests, named by client and caregiver, and is approved.
  const office = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: appUrl() });
  const desk = await office.newPage();
  await signInAs(desk, 'branchmanager', '/visit-requests');
  await expect(desk.getByRole('heading', { name: 'Visit requests' })).toBeVisible();
  const row = desk.getByRole('row').filter({ hasText: 'Mum has a hospital appointment in the morning.' });
  await expect(row).toContainText(`${client!.firstName} ${client!.lastName}`);
  await expect(row).toContainText(`${firstName} Requests`);
  await expect(row).toContainText('Dana Family, daughter');
  await expectAccessible(desk, 'visit requests');
  await shoot(desk, 'visit-requests-waiting', false);
  await row.getByRole('button', { name: 'Approve' }).click();
  const dialog = desk.getByRole('dialog', { name: /^Approve the request for / });
  await dialog.getByLabel('A word for the family (optional)').fill('Rosa can come in the afternoon.');
  await dialog.getByRole('button', { name: 'Approve and apply' }).click();
  await expect(desk.getByText('Request approved: the schedule is changed')).toBeVisible();
  await expect(row).toHaveCount(0);
  await desk.getByText('Answered', { exact: true }).click();
  const answered = desk.getByRole('row').filter({ hasText: 'Mum has a hospital appointment in the morning.' });
  await expect(answered.getByText('Approved')).toBeVisible();
  await expectAccessible(desk, 'visit requests answered');
  await shoot(desk, 'visit-requests-answered', false);

  // The daughter's page follows at once: approved with the office's word; the visit is at 2:00 PM now.
  await expect(card.getByText('Approved', { exact: true })).toBeVisible();
  await expect(card.getByText(/Rosa can come in the afternoon\.$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Answered' })).toBeVisible();
  await shoot(page, 'client-app-requests-approved', true);
  const moved = await query<{ startTimestamp: string; endTimestamp: string; caregiverId: number }>(request, manager, 'getShift', {
    id: shiftId,
  });
  expect([Date.parse(moved.startTimestamp), Date.parse(moved.endTimestamp), moved.caregiverId]).toEqual([
    day.set({ hour: 14 }).toMillis(),
    day.set({ hour: 16 }).toMillis(),
    caregiver.id,
  ]);
  await office.close();
  await family.close();
});
