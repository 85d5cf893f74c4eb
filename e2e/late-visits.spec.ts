import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import { DateTime } from 'luxon';
import { mutation, tokenOf } from './support/api';
import { expectAccessible } from './support/a11y';
import { artifact, signInAs } from './support/session';
import { createVisitTeam } from './support/visit-team';

/** A Boston client's home (Beacon Hill). */
const BOSTON_HOME = { lat: 42.3581, lon: -71.0636 };

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
  const suffix = Date.now().toString(36).slice(-5);
  const team = await createVisitTeam(request, manager, {
    branch: { name: 'Boston' },
    client: { firstName: 'Alma', lastName: `Espera${suffix}`, line1: '24 Beacon St', home: BOSTON_HOME },
    caregiver: { firstName: 'Rui', lastName: `Tardo${suffix}`, phoneNumber: '617-555-0188' },
  });
  const start = DateTime.now().minus({ minutes: 25 }).startOf('minute');
  const shift = await team.book(start, start.plus({ hours: 2 }));

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
  const phone = await tokenOf(request, team.username);
  await mutation(request, phone, 'caregiverAppCheckInOut', {
    scheduleId: shift.id,
    kind: 'check_in',
    timestamp: new Date().toISOString(),
    position: null,
    clientRecordId: randomUUID(),
  });
  await expect(card.getByRole('link', { name: `Alma Espera${suffix}` })).toHaveCount(0);
});
