import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DateTime } from 'luxon';
import { mutation, offlineReplayHeaders, query, tokenOf } from './support/api';
import { noNotifications } from './support/ui';
import { artifact, signInAs } from './support/session';
import { expectAccessible } from './support/a11y';

/** The demo branches' time zone. */
const ZONE = 'America/New_York';

interface AppShift {
  id: number;
  startTimestamp: string;
  endTimestamp: string;
  clientName: string;
  address: { lat: number | null; lon: number | null } | null;
}

/** The demo caregiver's id and one of their Boston clients, from their next shift (office and caregiver views). */
async function demoCaregiver(
  request: APIRequestContext,
  caregiverToken: string,
  managerToken: string,
): Promise<{ caregiverId: number; clientId: number; clientName: string }> {
  const upcoming = await query<{ shifts: AppShift[] }>(request, caregiverToken, 'caregiverAppGetShifts', {});
  const theirs = upcoming.shifts[0];
  expect(theirs, 'the demo caregiver has shifts to come').toBeTruthy();
  const shift = await query<{ caregiverId: number; clientId: number }>(request, managerToken, 'getShift', {
    id: theirs!.id,
  });
  return { caregiverId: shift.caregiverId, clientId: shift.clientId, clientName: theirs!.clientName };
}

/**
 * Checks in and out of one of the caregiver's visits through the API, at its scheduled times, at the client's door:
 * recorded on the phone offline at the visit (days ago) and uploaded now.
 */
async function workVisit(request: APIRequestContext, token: string, shift: AppShift): Promise<{ careSheetId: number }> {
  const position =
    shift.address?.lat != null && shift.address.lon != null
      ? { lat: shift.address.lat, lon: shift.address.lon, accuracyMetres: 12 }
      : null;
  for (const [kind, timestamp] of [
    ['check_in', shift.startTimestamp],
    ['check_out', shift.endTimestamp],
  ] as const) {
    const result = await mutation<{ careSheetId: number }>(
      request,
      token,
      'caregiverAppCheckInOut',
      {
        scheduleId: shift.id,
        kind,
        timestamp,
        position,
        outsideGeofenceReason: position ? null : 'No GPS in the test',
        clientRecordId: randomUUID(),
      },
      offlineReplayHeaders(timestamp),
    );
    if (kind === 'check_out') return result;
  }
  throw new Error('unreachable');
}

/** Draws a scribble on a signature pad with the mouse (pointer events, as a finger would). */
async function draw(page: Page, pad: Locator): Promise<void> {
  // In the middle of the screen: at its edges the bottom bar or a notification would take the strokes.
  await pad.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await pad.boundingBox())!;
  const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
  await page.mouse.move(...at(0.12, 0.6));
  await page.mouse.down();
  for (const [fx, fy] of [
    [0.2, 0.3],
    [0.3, 0.7],
    [0.42, 0.35],
    [0.55, 0.65],
    [0.7, 0.4],
    [0.85, 0.55],
  ] as const) {
    await page.mouse.move(...at(fx, fy), { steps: 6 });
  }
  await page.mouse.up();
  await expect(pad).toHaveAttribute('data-signed', 'true');
}

test.use({ viewport: { width: 390, height: 844 } });

test('care sheets: check-out with a drawn signature and with the client unable to sign, review, PDF', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, 'caregiver');
  const managerToken = await tokenOf(request, 'branchmanager');
  const { caregiverId, clientId, clientName } = await demoCaregiver(request, token, managerToken);
  // The client's care plan: the tasks the check-out page offers.
  await mutation(request, managerToken, 'updateClient', {
    id: clientId,
    carePlanTasks: ['Bathing', 'Meal preparation', 'Laundry'],
  });

  // Two early-morning visits of the demo caregiver a few days ago (the demo schedule leaves those hours free),
  // worked through the API: the check-out page is where this flow starts. A random day and hour, tried again on a
  // clash, so a second run against the same server finds the caregiver free.
  const visits: AppShift[] = [];
  for (let attempt = 0; visits.length < 2 && attempt < 10; attempt++) {
    const day = DateTime.now()
      .setZone(ZONE)
      .startOf('day')
      .minus({ days: 2 + Math.floor(Math.random() * 5) });
    const from = day.set({ hour: 0, minute: 15 * Math.floor(Math.random() * 16) });
    const response = await request.post('/api/trpc/createShift', {
      headers: { authorization: `Bearer ${managerToken}` },
      data: {
        clientId,
        caregiverId,
        startTimestamp: from.toUTC().toISO(),
        endTimestamp: from.plus({ minutes: 60 }).toUTC().toISO(),
        serviceCode: 'T1019',
      },
    });
    if (response.status() === 409) continue;
    expect(response.status(), await response.text()).toBe(200);
    const created = ((await response.json()) as { result: { data: { shift: { id: number } } } }).result.data;
    visits.push({
      id: created.shift.id,
      startTimestamp: from.toUTC().toISO()!,
      endTimestamp: from.plus({ minutes: 60 }).toUTC().toISO()!,
      clientName,
      address: null,
    });
  }
  const [first, second] = visits;
  const sheetA = await workVisit(request, token, first!);
  const sheetB = await workVisit(request, token, second!);

  // The first visit: tasks, comment, transportation, both signatures drawn.
  await signInAs(page, 'caregiver', `/app/care-sheets/${sheetA.careSheetId}/shifts/${first!.id}/checkout`);
  await expect(page.getByRole('heading', { name: 'Care sheet' })).toBeVisible();
  await expect(page.getByText(first!.clientName, { exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Bathing' }).check();
  await page.getByRole('checkbox', { name: 'Meal preparation' }).check();
  await expect(page.getByRole('checkbox', { name: 'Laundry' })).not.toBeChecked();
  await page.getByLabel('Comment').fill('Client in good spirits; walked to the park.');
  await page.getByLabel('Miles').fill('3.5');
  await page.getByLabel('Trips').fill('1');

  // Nothing signed yet: the shared rules answer with the server's words.
  await page.getByRole('button', { name: 'Save care sheet' }).click();
  await expect(page.getByText('The client signs or initials, or give the reason they could not')).toBeVisible();
  await expect(page.getByText('Sign or initial the care sheet')).toBeVisible();

  await draw(page, page.getByRole('img', { name: "Client's signature pad" }));
  await draw(page, page.getByRole('img', { name: 'Your signature pad' }));
  await expect(page.getByText('Sign or initial the care sheet')).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: artifact('app-checkout.png') });
  await expectAccessible(page, 'care sheet check-out');
  await page.screenshot({ path: artifact('app-checkout-full.png'), fullPage: true });

  await page.getByRole('button', { name: 'Save care sheet' }).click();
  await expect(page.getByText('Care sheet saved')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/app/care-sheets/${sheetA.careSheetId}/review$`));

  // The review shows what was saved, read-only.
  await expect(page.getByRole('heading', { name: 'Care sheet review' })).toBeVisible();
  await expect(page.getByText('Client in good spirits; walked to the park.')).toBeVisible();
  await expect(page.getByRole('img', { name: "Client's signature" })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Caregiver signature' })).toBeVisible();
  await expect(page.getByText('Done', { exact: true })).toHaveCount(2);
  await expect(page.getByText('Not done', { exact: true })).toHaveCount(1);

  await page.getByRole('button', { name: 'Looks right' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm the care sheet' });
  await confirm.getByLabel('Note (optional)').fill('All correct');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('You confirmed this care sheet')).toBeVisible();
  await expect(page.getByText('“All correct”', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Looks right' })).toBeHidden();
  await noNotifications(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: artifact('app-review.png') });
  await expectAccessible(page, 'care sheet review');
  await page.screenshot({ path: artifact('app-review-full.png'), fullPage: true });

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');

  // The second visit: the client could not sign; the caregiver initials.
  await page.goto(`/app/care-sheets/${sheetB.careSheetId}/shifts/${second!.id}/checkout`);
  await expect(page.getByText(second!.clientName, { exact: true })).toBeVisible();
  await page.getByText('Unable to sign', { exact: true }).click();
  await page.getByText('Initials', { exact: true }).nth(1).click();
  await draw(page, page.getByRole('img', { name: 'Your initials pad' }));
  await page.getByRole('button', { name: 'Save care sheet' }).click();
  await expect(page.getByText('The client signs or initials, or give the reason they could not')).toBeVisible();
  await page.getByLabel('Why the client could not sign').fill('Asleep after medication');
  await page.getByRole('button', { name: 'Save care sheet' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/care-sheets/${sheetB.careSheetId}/review$`));
  await expect(page.getByText('Unable to sign: Asleep after medication')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Caregiver initials' })).toBeVisible();

  // Both in the list, newest visit first; the first one reviewed.
  await page.goto('/app/care-sheets');
  const cardA = page.getByRole('link', { name: new RegExp(`^Care sheet for ${first!.clientName}`) }).first();
  await expect(cardA).toBeVisible();
  await expect(page.locator(`a[href="/app/care-sheets/${sheetA.careSheetId}/review"]`)).toContainText('Reviewed');
  await expect(page.locator(`a[href="/app/care-sheets/${sheetB.careSheetId}/review"]`)).toContainText('Submitted');
  await expect(page.locator(`a[href="/app/care-sheets/${sheetB.careSheetId}/review"]`)).not.toContainText('Reviewed');
  await noNotifications(page);
  await page.screenshot({ path: artifact('app-care-sheets.png') });
  await expectAccessible(page, '/app/care-sheets');

  await page.locator(`a[href="/app/care-sheets/${sheetB.careSheetId}/review"]`).click();
  await expect(page.getByRole('button', { name: 'Looks right' })).toBeVisible();
});

test('pickup: an open shift offered to the demo caregiver is accepted on /app/pickup', async ({ page, request }) => {
  test.setTimeout(90_000);
  const caregiverToken = await tokenOf(request, 'caregiver');
  const managerToken = await tokenOf(request, 'branchmanager');

  const shift = await demoCaregiver(request, caregiverToken, managerToken);

  // Two early-morning open shifts a few weeks from now (hours the demo schedule leaves free; a random day, so a
  // second run against the same server finds the caregiver free), offered to them: one to accept, one to decline.
  const day = DateTime.now()
    .setZone(ZONE)
    .startOf('day')
    .plus({ days: 10 + Math.floor(Math.random() * 40) });
  const minute = Math.floor(Math.random() * 50);
  const offer = async (hour: number) => {
    const start = day.set({ hour, minute });
    const created = await mutation<{ shift: { id: number } }>(request, managerToken, 'createShift', {
      clientId: shift.clientId,
      caregiverId: null,
      startTimestamp: start.toUTC().toISO(),
      endTimestamp: start.plus({ minutes: 45 }).toUTC().toISO(),
      serviceCode: 'T1019',
    });
    const sent = await mutation<{ sent: number }>(request, managerToken, 'sendPickupInvitations', {
      scheduleId: created.shift.id,
      caregiverIds: [shift.caregiverId],
    });
    expect(sent.sent).toBe(1);
    const hours = `${start.toFormat('h:mm a')} – ${start.plus({ minutes: 45 }).toFormat('h:mm a')}`;
    const card = page
      .getByRole('article')
      .filter({ hasText: start.toFormat('ccc MM/dd/yy') })
      .filter({ hasText: hours });
    return { id: created.shift.id, start, card };
  };
  const taken = await offer(4);
  const declined = await offer(6);
  const { start, card } = taken;
  const created = { shift: { id: taken.id } };

  await signInAs(page, 'caregiver', '/app/pickup');
  await expect(page.getByRole('heading', { name: 'Pickup' })).toBeVisible();
  const pickupCount = page.getByTestId('pickup-count');
  await expect(pickupCount).toHaveText(/^\d+\+?$/);
  const countBefore = Number(await pickupCount.innerText());
  expect(countBefore).toBeGreaterThanOrEqual(2);

  await expect(card).toHaveCount(1);
  await expect(card).toContainText('T1019');
  await expect(card).toContainText(/ · \d+(\.\d)? mi/);
  await noNotifications(page);
  await page.screenshot({ path: artifact('app-pickup.png') });
  await expectAccessible(page, '/app/pickup');

  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Shift accepted')).toBeVisible();
  const link = page.getByRole('link', { name: 'See it on your schedule' });
  await expect(link).toHaveAttribute('href', `/app?startTimestamp=${encodeURIComponent(start.toUTC().toISO()!)}`);
  await expect(card).toHaveCount(0);
  await expect(pickupCount).toHaveText(String(countBefore - 1));
  await page.screenshot({ path: artifact('app-pickup-accepted.png') });

  // Declining asks first; the offer then leaves the list and the count.
  await declined.card.getByRole('button', { name: 'Decline' }).click();
  const ask = page.getByRole('dialog', { name: 'Decline this shift?' });
  await ask.getByRole('button', { name: 'Keep it' }).click();
  await expect(declined.card).toHaveCount(1);
  await declined.card.getByRole('button', { name: 'Decline' }).click();
  await ask.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('Offer declined')).toBeVisible();
  await expect(declined.card).toHaveCount(0);
  if (countBefore <= 2) await expect(pickupCount).toHaveText('');
  else await expect(pickupCount).toHaveText(String(countBefore - 2));

  // The shift is now the caregiver's.
  const after = await query<{ caregiverId: number | null }>(request, managerToken, 'getShift', { id: created.shift.id });
  expect(after.caregiverId).toBe(shift.caregiverId);
});
