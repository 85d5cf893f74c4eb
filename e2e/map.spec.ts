import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { tokenOf } from './support/api';
import { artifact, signInAs } from './support/session';
import { expectAccessible } from './support/a11y';

/** Why the pins' size is not scanned: a pin's place is the information, so WCAG 2.5.8's "Essential" exception. */
const MAP_PINS =
  'map pins: their size and place carry the map (WCAG 2.5.8 Essential exception); the same people are listed in the records';

/** The legend's count of a layer: "Clients (42)" -> 42. */
async function legendCount(page: Page, label: string): Promise<number> {
  const text = await page
    .getByRole('region', { name: 'Map layers' })
    .getByText(new RegExp(`^${label} \\(\\d+\\)$`))
    .innerText();
  return Number(/\((\d+)\)/.exec(text)![1]);
}

const markers = (page: Page, layer: string) => page.locator(`[data-map-marker="${layer}"]`);

/** Bearer headers of the demo company admin, for API calls beside the page. */
async function adminHeaders(page: Page) {
  return { authorization: `Bearer ${await tokenOf(page.request, 'companyadmin')}` };
}

/** The map's clients and today's visits, straight from the API. */
async function mapPeople(page: Page) {
  const headers = await adminHeaders(page);
  const map = (await (await page.request.get('/api/trpc/getMapLocations', { headers })).json()) as {
    result: { data: { clients: { id: number }[]; visits: { clientId: number; clientName: string }[] } };
  };
  return map.result.data;
}

/**
 * An open visit happening now at the first client of the map with no visit today, so today's visits are never
 * empty (the demo schedule has none on some days) and its marker is the only one of that client. It spans the
 * present moment, so it is today in any time zone's day.
 * @returns the client's name as the visit marker gives it
 */
async function addVisitNow(page: Page): Promise<string> {
  const before = await mapPeople(page);
  const busy = new Set(before.visits.map((v) => v.clientId));
  const client = before.clients.find((c) => !busy.has(c.id))!;
  const now = Date.now();
  const response = await page.request.post('/api/trpc/createShift', {
    headers: await adminHeaders(page),
    data: {
      clientId: client.id,
      startTimestamp: new Date(now - 30 * 60_000).toISOString(),
      endTimestamp: new Date(now + 30 * 60_000).toISOString(),
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await mapPeople(page)).visits.find((v) => v.clientId === client.id)!.clientName;
}

/** The demo Worcester branch's id and its map counts, straight from the API. */
async function worcesterCounts(page: Page) {
  const headers = await adminHeaders(page);
  const branches = (await (await page.request.get('/api/trpc/getBranches', { headers })).json()) as {
    result: { data: { id: number; name: string }[] };
  };
  const id = branches.result.data.find((b) => b.name === 'Worcester')!.id;
  const input = encodeURIComponent(JSON.stringify({ branchId: id }));
  const map = (await (await page.request.get(`/api/trpc/getMapLocations?input=${input}`, { headers })).json()) as {
    result: { data: { clients: unknown[]; caregivers: unknown[] } };
  };
  return { clients: map.result.data.clients.length, caregivers: map.result.data.caregivers.length };
}

test('the map shows clients, caregivers and visits; layers, branch filter and styles work', async ({ page }) => {
  const openVisitClient = await addVisitNow(page);
  await signInAs(page, 'companyadmin', '/map');
  await expect(page.getByRole('heading', { name: 'Map', level: 2 })).toBeVisible();
  const region = page.getByRole('region', { name: 'Map of locations' });
  await expect(markers(page, 'clients').first()).toBeVisible();
  const renderer = await region.locator('[data-map-renderer]').getAttribute('data-map-renderer');
  test.info().annotations.push({ type: 'map renderer', description: renderer ?? 'none' });
  console.log(`map renderer: ${renderer}`);

  const clients = await legendCount(page, 'Clients');
  const caregivers = await legendCount(page, 'Caregivers');
  expect(clients).toBeGreaterThan(0);
  expect(caregivers).toBeGreaterThan(0);
  await expect(markers(page, 'clients')).toHaveCount(clients);
  await expect(markers(page, 'caregivers')).toHaveCount(caregivers);
  const visits = await legendCount(page, "Today's visits");
  expect(visits).toBeGreaterThan(0);
  await expect(markers(page, 'visits')).toHaveCount(visits);
  await page.screenshot({ path: artifact('map-light.png') });
  await expectAccessible(page, '/map', { exceptions: { 'target-size': MAP_PINS } });

  // A visit's popup names the client (a profile link), the times and status; markers overlap, so by keyboard.
  const escaped = openVisitClient.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await markers(page, 'visits')
    .and(page.getByRole('button', { name: new RegExp(`Visit: ${escaped}$`) }))
    .focus();
  await page.keyboard.press('Enter');
  const popup = page.getByTestId('map-popup');
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('link').first()).toHaveAttribute('href', /^\/clients\/\d+\/profile$/);
  await expect(popup.getByText('Open shift: no caregiver yet')).toBeVisible();
  await page.screenshot({ path: artifact('map-popup.png') });

  // Hiding a layer removes its markers; showing it brings them back.
  const legend = page.getByRole('region', { name: 'Map layers' });
  await legend.getByRole('checkbox', { name: /^Caregivers/ }).uncheck();
  await expect(markers(page, 'caregivers')).toHaveCount(0);
  await expect(markers(page, 'clients')).toHaveCount(clients);
  await legend.getByRole('checkbox', { name: /^Caregivers/ }).check();
  await expect(markers(page, 'caregivers')).toHaveCount(caregivers);

  // One branch: the counts the API gives for it.
  const worcester = await worcesterCounts(page);
  await page.getByRole('textbox', { name: 'Branch' }).click();
  await page.getByRole('option', { name: 'Worcester' }).click();
  await expect(markers(page, 'clients')).toHaveCount(worcester.clients);
  await expect(markers(page, 'caregivers')).toHaveCount(worcester.caregivers);
  expect(worcester.clients).toBeLessThan(clients);

  // Dark and navigation styles keep the markers.
  await page.getByText('Dark', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(markers(page, 'clients')).toHaveCount(worcester.clients);
  await page.screenshot({ path: artifact('map-dark.png') });
  await page.getByText('Navigation', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Navigation' })).toBeChecked();
  await page.screenshot({ path: artifact('map-navigation.png') });
});

test('without WebGL the same markers, popups and layers are drawn on a plain plot', async ({ page }) => {
  // As a browser without a GPU: no WebGL context at all.
  await page.addInitScript(() => {
    const original = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, kind: string, ...rest: unknown[]) {
      return /webgl/.test(kind) ? null : (original as (...a: unknown[]) => unknown).call(this, kind, ...rest);
    } as typeof original;
  });
  await signInAs(page, 'companyadmin', '/map');
  const region = page.getByRole('region', { name: 'Map of locations' });
  await expect(region.locator('[data-map-renderer="plot"]')).toBeVisible();
  await expect(
    page.getByText('This browser cannot draw the interactive map (no WebGL); showing locations on a plain plot.'),
  ).toBeVisible();
  const clients = await legendCount(page, 'Clients');
  expect(clients).toBeGreaterThan(0);
  await expect(markers(page, 'clients')).toHaveCount(clients);
  await expect(markers(page, 'caregivers')).toHaveCount(await legendCount(page, 'Caregivers'));

  await markers(page, 'caregivers').first().focus();
  await page.keyboard.press('Enter');
  const popup = page.getByTestId('map-popup');
  await expect(popup.getByRole('link')).toHaveAttribute('href', /^\/caregivers\/\d+\/profile$/);
  await page.screenshot({ path: artifact('map-plot.png') });
  await expectAccessible(page, '/map plain plot', { exceptions: { 'target-size': MAP_PINS } });

  await page
    .getByRole('region', { name: 'Map layers' })
    .getByRole('checkbox', { name: /^Clients/ })
    .uncheck();
  await expect(markers(page, 'clients')).toHaveCount(0);
  await page.getByText('Dark', { exact: true }).click();
  await expect(markers(page, 'caregivers').first()).toBeVisible();
  await page.screenshot({ path: artifact('map-plot-dark.png') });
});
