import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { BASE_URL } from './support/base-url';
import { artifact, DEMO_PASSWORD, signInAs } from './support/session';

/** A shift as caregiverAppGetShifts returns it (the fields this flow needs). */
interface AppShift {
  id: number;
  startTimestamp: string;
  status: string;
  clientName: string;
  checkIn: string | null;
  address: { lat: number | null; lon: number | null } | null;
}

/** A bearer token of a demo user, signed in through the API. */
async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post('/api/auth/sign-in/username', {
    data: { username, password: DEMO_PASSWORD },
    headers: { origin: new URL(BASE_URL).origin },
  });
  expect(response.status(), await response.text()).toBe(200);
  return response.headers()['set-auth-token']!;
}

/** A tRPC query as the holder of `token`. */
async function query<T>(request: APIRequestContext, token: string, path: string, input?: unknown): Promise<T> {
  const qs = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await request.get(`/api/trpc/${path}${qs}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

function card(page: Page, shiftId: number): Locator {
  return page.locator(`article[data-shift-id="${shiftId}"]`);
}

/** Waits until the service worker is active and controls the page, so the shell is precached before going offline. */
async function serviceWorkerReady(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Draws a short zig-zag on a signature canvas with the mouse. */
async function drawOn(page: Page, canvas: Locator): Promise<void> {
  // In the middle of the screen: at its edges the bottom bar or a notification would take the strokes.
  await canvas.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 6; i++)
    await page.mouse.move(box.x + 20 + i * 30, box.y + box.height / 2 + (i % 2 ? -20 : 20), { steps: 4 });
  await page.mouse.up();
}

/** The data of a tRPC response, batched (an array) or not. */
async function trpcData<T>(response: { json(): Promise<unknown> }): Promise<T> {
  const body = (await response.json()) as { result: { data: T } } | { result: { data: T } }[];
  return (Array.isArray(body) ? body[0]! : body).result.data;
}

async function noNotifications(page: Page): Promise<void> {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
}

test.use({
  viewport: { width: 390, height: 844 },
  permissions: ['geolocation'],
  geolocation: { latitude: 42.3601, longitude: -71.0589, accuracy: 10 },
});

test('caregiver app: schedule, online and offline check-in, offline check-out with a signed care sheet, upload', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, 'caregiver', '/app');
  await expect(page.getByRole('heading', { name: 'Schedule' })).toBeVisible();

  // The demo caregiver's visits from today, to pick this flow's shifts (they have a home with coordinates).
  const caregiverToken = await tokenOf(request, 'caregiver');
  const page1 = await query<{ shifts: AppShift[] }>(request, caregiverToken, 'caregiverAppGetShifts', {});
  const open = page1.shifts.filter((s) => s.status !== 'cancelled' && !s.checkIn && s.address?.lat != null);
  expect(open.length, 'the demo caregiver has at least three visits to check in').toBeGreaterThanOrEqual(3);
  const [online, offline, far] = open as [AppShift, AppShift, AppShift];
  const near = (s: AppShift) => ({ latitude: s.address!.lat! + 0.0002, longitude: s.address!.lon!, accuracy: 8 });

  // Grouped by day with sticky headers (the demo week may start after a weekend): the visit's day section.
  await expect(card(page, online.id)).toBeVisible();
  const day = page.locator('section', { has: card(page, online.id) });
  await expect(day.getByText(/^((Today|Tomorrow) · )?(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d\d\/\d\d\/\d\d$/)).toBeVisible();
  await serviceWorkerReady(page);
  await page.screenshot({ path: artifact('app-schedule.png') });

  // Online check-in next to the client's home: inside the geofence, not flagged.
  await context.setGeolocation(near(online));
  const checkInResponse = page.waitForResponse((r) => r.url().includes('caregiverAppCheckInOut'));
  await card(page, online.id)
    .getByRole('button', { name: /^Check in/ })
    .click();
  expect(await trpcData(await checkInResponse)).toMatchObject({ flaggedForReview: false, insideGeofence: true });
  await expect(card(page, online.id).getByRole('button', { name: /^Check out/ })).toBeVisible();
  await expect(card(page, online.id).getByText('Saved on this phone')).toHaveCount(0);

  // Offline: check in to another visit; it is kept on the phone.
  await context.setOffline(true);
  await context.setGeolocation(near(offline));
  await card(page, offline.id)
    .getByRole('button', { name: /^Check in/ })
    .click();
  await expect(card(page, offline.id).getByText('Saved on this phone — will upload')).toBeVisible();

  // Reload with no network: the shell comes from the service worker, the schedule from the encrypted cache.
  await page.reload();
  await expect(page.getByText('Offline — showing saved schedule')).toBeVisible();
  await expect(card(page, offline.id).getByText('Saved on this phone — will upload')).toBeVisible();
  await noNotifications(page);
  await page.screenshot({ path: artifact('app-offline-schedule.png') });

  // Offline check-out: the care sheet page of the offline visit, signed on the canvas, saved on the phone.
  await card(page, offline.id)
    .getByRole('button', { name: /^Check out/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/app/care-sheets/offline/shifts/${offline.id}/checkout$`));
  const tasks = page.getByRole('group', { name: 'Tasks done' }).getByRole('checkbox');
  if ((await tasks.count()) > 0) await tasks.first().check();
  const canvases = page.locator('canvas');
  await expect(canvases).toHaveCount(2);
  // A pad sizes itself once laid out; ink drawn before that is gone, so draw until its Clear button is enabled.
  for (const i of [0, 1]) {
    await expect(async () => {
      await drawOn(page, canvases.nth(i));
      await expect(page.getByRole('button', { name: 'Clear' }).nth(i)).toBeEnabled({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
  }
  await page.screenshot({ path: artifact('app-offline-checkout.png'), fullPage: true });
  await page.getByRole('button', { name: 'Save care sheet' }).click();
  await expect(page.getByText(/Saved on this phone/).first()).toBeVisible();

  // Back online: the 'online' event uploads the visit; the schedule no longer shows it as waiting.
  await context.setOffline(false);
  await page.goto('/app');
  await expect(card(page, offline.id)).toBeVisible();
  await expect(card(page, offline.id).getByText('Saved on this phone')).toHaveCount(0, { timeout: 20_000 });

  // The office sees exactly one timesheet of that visit, both entries offline (type 2).
  const managerToken = await tokenOf(request, 'branchmanager');
  await expect
    .poll(async () => {
      const shift = await query<{ timesheets: { check_in_type: number | null; check_out_type: number | null }[] }>(
        request,
        managerToken,
        'getShift',
        { id: offline.id },
      );
      return shift.timesheets.map((t) => [t.check_in_type, t.check_out_type]);
    })
    .toEqual([[2, 2]]);

  // Far from the client: the reason is asked first.
  await noNotifications(page);
  await context.setGeolocation({ latitude: far.address!.lat! + 0.2, longitude: far.address!.lon!, accuracy: 10 });
  await card(page, far.id)
    .getByRole('button', { name: /^Check in/ })
    .click();
  const dialog = page.getByRole('dialog', { name: "You are outside the client's area" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Reason').fill('Client asked to meet at the pharmacy');
  await page.screenshot({ path: artifact('app-geofence-reason.png') });
  const farResponse = page.waitForResponse((r) => r.url().includes('caregiverAppCheckInOut'));
  await dialog.getByRole('button', { name: 'Check in' }).click();
  expect(await trpcData(await farResponse)).toMatchObject({ flaggedForReview: true });
});
