import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DateTime } from 'luxon';
import { artifact, signInAs } from './support/session';
import { expectAccessible } from './support/a11y';

/** The demo branches' time zone: the schedule shows wall-clock times there. */
const ZONE = 'America/New_York';

/** Calls a procedure with the page's bearer token, outside the page (as another tab or person would). */
async function callApi<T>(page: Page, method: 'GET' | 'POST', path: string, input?: unknown): Promise<T> {
  const token = await page.evaluate(() => window.localStorage.getItem('hearth.token'));
  const headers = { authorization: `Bearer ${token}` };
  const response =
    method === 'GET'
      ? await page.request.get(
          `/api/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
          {
            headers,
          },
        )
      : await page.request.post(`/api/trpc/${path}`, { headers, data: input });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

test.use({ viewport: { width: 1280, height: 800 } });

test('live updates: a shift saved elsewhere appears on an open schedule without a reload', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, 'branchmanager', '/clients');
  const branches = await callApi<{ id: number; name: string }[]>(page, 'GET', 'getBranches');
  const boston = branches.find((b) => b.name === 'Boston')!;
  const client = await callApi<{ id: number }>(page, 'POST', 'createClient', {
    branchId: boston.id,
    firstName: 'Iris',
    lastName: `Live${Date.now().toString(36).slice(-5)}`,
  });
  // The event stream is opened with the bearer token in a header, never in its URL.
  const streamRequest = page.waitForRequest((request) => request.url().includes('/api/trpc/live.onEvent'));
  await page.goto(`/clients/${client.id}/schedule`);
  const stream = await streamRequest;
  expect(stream.url()).not.toContain('token');
  expect((await stream.allHeaders()).authorization).toMatch(/^Bearer /);
  const schedule = page.getByRole('region', { name: 'Schedule' });
  await expect(schedule).toBeVisible();
  await schedule.getByRole('button', { name: 'Next week' }).click();
  const monday = DateTime.now().setZone(ZONE).startOf('week').plus({ weeks: 1 });
  const column = page.locator(`td.fc-timegrid-col[data-date="${monday.toISODate()}"] [data-testid="shift-event"]`);
  await expect(column).toHaveCount(0);
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  await callApi(page, 'POST', 'createShift', {
    clientId: client.id,
    startTimestamp: monday.set({ hour: 9 }).toUTC().toISO(),
    endTimestamp: monday.set({ hour: 11 }).toUTC().toISO(),
  });
  await expect(column).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await page.screenshot({ path: artifact('live-updates-schedule.png') });
  await expectAccessible(page, 'schedule after a live update');
});
