import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DateTime } from 'luxon';
import { mutation, query, tokenOf } from './support/api';
import { expectAccessible } from './support/a11y';
import { artifact, DEMO_PASSWORD, signInAs } from './support/session';

/**
 * Late visits on Home (issue 21 item 3, "a late-visit alert, also live on Home"): a visit whose caregiver has not
 * checked in 15 minutes after its start is listed on the branch manager's Home with the caregiver's phone; when the
 * caregiver checks in from their phone, the open Home drops it without a reload (the live 'visits' event).
 */
test("Home lists a late visit with the caregiver's phone and drops it live when the caregiver checks in", async ({
  page,
  request,
}) => {
  const manager = await tokenOf(request, 'branchmanager');
  const branches = await query<{ id: number; name: string }[]>(request, manager, 'getBranches');
  const boston = branches.find((b) => b.name === 'Boston')!;
  const suffix = Date.now().toString(36).slice(-5);
  const caregiver = await mutation<{ id: number }>(request, manager, 'createCaregiver', {
    branchId: boston.id,
    firstName: 'Rui',
    lastName: `Tardo${suffix}`,
    status: 'active',
    phoneNumber: '617-555-0188',
  });
  const login = await mutation<{ username: string }>(request, manager, 'setCaregiverPassword', {
    caregiverId: caregiver.id,
    password: DEMO_PASSWORD,
  });
  const client = await mutation<{ id: number }>(request, manager, 'createClient', {
    branchId: boston.id,
    firstName: 'Alma',
    lastName: `Espera${suffix}`,
  });
  const start = DateTime.now().minus({ minutes: 25 }).startOf('minute');
  const shift = await mutation<{ shift: { id: number } }>(request, manager, 'createShift', {
    clientId: client.id,
    caregiverId: caregiver.id,
    startTimestamp: start.toUTC().toISO(),
    endTimestamp: start.plus({ hours: 2 }).toUTC().toISO(),
    serviceCode: 'T1019',
  });

  await signInAs(page, 'branchmanager', '/');
  const card = page.getByRole('region', { name: /late visits?$/ });
  const row = card.getByText(`Alma Espera${suffix}`).locator('xpath=ancestor::div[contains(@class, "mantine-Group-root")][1]');
  await expect(card.getByRole('link', { name: `Alma Espera${suffix}` })).toBeVisible();
  await expect(row).toContainText(`Rui Tardo${suffix} has not checked in`);
  await expect(row.getByRole('link', { name: 'Call 617-555-0188' })).toHaveAttribute('href', 'tel:617-555-0188');
  await expect(row).toContainText(/2[5-9] minutes late/);
  await page.screenshot({ path: artifact('home-late-visits.png') });
  await expectAccessible(page, 'Home with late visits');

  // The caregiver checks in from the phone; the manager's open Home drops the visit.
  const phone = await tokenOf(request, login.username);
  await mutation(request, phone, 'caregiverAppCheckInOut', {
    scheduleId: shift.shift.id,
    kind: 'check_in',
    timestamp: new Date().toISOString(),
    position: null,
    clientRecordId: randomUUID(),
  });
  await expect(card.getByRole('link', { name: `Alma Espera${suffix}` })).toHaveCount(0);
});
