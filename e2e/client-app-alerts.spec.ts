import crypto from 'node:crypto';
import fs from 'node:fs';
import { appOutboxCopyFile, expect, test } from './support/test';
import { DateTime } from 'luxon';
import { mutation, query, tokenOf } from './support/api';
import { expectAccessible } from './support/a11y';
import { artifact, signInAs } from './support/session';
import { standInPushService } from './support/push-service';

/**
 * Alerts to families (issue "client and family app" item 4), on the client's phone (390x844): the demo client
 * allows push on this device and adds email to "Visit started" on the alerts page; the office books a visit and a
 * caregiver checks it in from their phone (through the API, as another person would); both alerts arrive in the
 * open list without a reload, and the check-in goes out by push and by the email they chose (the outbox copy
 * stands in for the mailbox). Tapping an alert marks it read and opens the app's home.
 *
 * A headless browser has no push service, so PushManager's subscribe is a stand-in with real P-256 keys, as
 * e2e/push-button.spec.ts does; the registration with the server and everything after it are the app's own.
 */

/** The messages of `kind` in the outbox copy, as "channel recipient". */
function sentOf(kind: string): string[] {
  const lines = fs.readFileSync(appOutboxCopyFile(), 'utf8').trim().split('\n');
  return lines
    .map((line) => JSON.parse(line) as { channel: string; kind: string; recipient: string })
    .filter((m) => m.kind === kind)
    .map((m) => `${m.channel} ${m.recipient}`);
}

test.use({ viewport: { width: 390, height: 844 } });

test('a client chooses how visit alerts reach them and sees a check-in arrive live', async ({ page, context, request }) => {
  await context.grantPermissions(['notifications']);
  await standInPushService(context);
  const manager = await tokenOf(request, 'branchmanager');
  const own = await tokenOf(request, 'client');
  const [client] = await query<{ clientId: number; firstName: string }[]>(request, own, 'clientAppGetClients');
  const boston = (await query<{ id: number; name: string }[]>(request, manager, 'getBranches')).find((b) => b.name === 'Boston')!;
  const firstName = `Alba${Date.now().toString(36).slice(-4)}`;
  const caregiver = await mutation<{ id: number }>(request, manager, 'createCaregiver', {
    branchId: boston.id,
    firstName,
    lastName: 'Alerta',
    status: 'active',
  });
  const login = await mutation<{ username: string }>(request, manager, 'setCaregiverPassword', {
    caregiverId: caregiver.id,
    password: 'Hearth-demo-1!',
  });

  await signInAs(page, 'client', '/client-mobile-app/alerts');
  await expect(page.getByRole('heading', { name: 'Alerts' })).toBeVisible();

  // How they are told: push on this phone, and email too when a visit starts.
  await page.getByRole('tab', { name: 'How you are told' }).click();
  await page.getByRole('button', { name: 'Allow notifications' }).click();
  // Push needs the service worker active, and its first install downloads the whole app one file at a time: about
  // 15 s while another flow loads the machine (push-subscription.ts SERVICE_WORKER_WAIT_MS).
  await expect(page.getByText('This device shows your alerts, even when the app is closed.')).toBeVisible({ timeout: 60_000 });
  const started = page.getByTestId('channels-family_visit_started');
  await expect(started.getByRole('checkbox', { name: 'Push for Visit started' })).toBeChecked();
  // The box is ticked by the saved choice (optimistically, once the save starts), not by the click itself.
  const email = started.getByRole('checkbox', { name: 'Email for Visit started' });
  await email.click();
  await expect(email).toBeChecked();
  await expect(page.getByText('Your choice is saved')).toBeVisible();
  await page.screenshot({ path: artifact('client-app-alerts-channels-390.png'), fullPage: true });
  await expectAccessible(page, 'client app alerts: channels');

  // The office books a visit that starts now and the caregiver checks in: both alerts arrive in the open list.
  await page.getByRole('tab', { name: 'Received' }).click();
  const start = DateTime.now().startOf('minute');
  const booked = await mutation<{ shift: { id: number } }>(request, manager, 'createShift', {
    clientId: client!.clientId,
    caregiverId: caregiver.id,
    startTimestamp: start.toUTC().toISO(),
    endTimestamp: start.plus({ hours: 2 }).toUTC().toISO(),
    serviceCode: 'T1019',
  });
  const list = page.getByRole('list', { name: 'Your alerts' });
  // Other flows change this client's visits too: this alert is the one naming the new visit's start.
  const startShown = start.setZone('America/New_York').toFormat('h:mm a');
  await expect(
    list
      .getByRole('listitem')
      .filter({ hasText: `A visit of ${client!.firstName}` })
      .filter({ hasText: startShown }),
  ).not.toHaveCount(0);
  const phone = await tokenOf(request, login.username);
  await mutation(request, phone, 'caregiverAppCheckInOut', {
    scheduleId: booked.shift.id,
    kind: 'check_in',
    timestamp: new Date().toISOString(),
    position: null,
    clientRecordId: crypto.randomUUID(),
  });
  const alert = list.getByRole('listitem').filter({ hasText: `${firstName} checked in with ${client!.firstName}` });
  await expect(alert).toBeVisible();
  await expect(alert.getByText('New')).toBeVisible();
  await page.screenshot({ path: artifact('client-app-alerts-received-390.png'), fullPage: true });
  await expectAccessible(page, 'client app alerts: received');
  expect(
    sentOf('family_visit_started')
      .map((m) => m.split(' ')[0])
      .sort(),
  ).toEqual(['email', 'push']);

  // The same page on a desktop.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: artifact('client-app-alerts-received-1280.png') });

  // Tapping the alert marks it read and opens the app's home.
  await alert.getByRole('button').click();
  await expect(page).toHaveURL(/\/client-mobile-app$/);
  await page.goBack();
  await expect(
    list
      .getByRole('listitem')
      .filter({ hasText: `${firstName} checked in` })
      .getByText('New'),
  ).toHaveCount(0);
});
