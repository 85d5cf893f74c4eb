import { expect, type Locator, type Page } from '@playwright/test';

/** The caregiver app (/app) as the flows work it: visit cards, the service worker, signature pads. */

/** The card of a visit on the schedule. */
export function card(page: Page, shiftId: number): Locator {
  return page.locator(`article[data-shift-id="${shiftId}"]`);
}

/** Waits until the service worker is active and controls the page, so the shell is precached before going offline. */
export async function serviceWorkerReady(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Draws a short zig-zag on a signature canvas with the mouse. */
export async function drawOn(page: Page, canvas: Locator): Promise<void> {
  // In the middle of the screen: at its edges the bottom bar or a notification would take the strokes.
  await canvas.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 6; i++)
    await page.mouse.move(box.x + 20 + i * 30, box.y + box.height / 2 + (i % 2 ? -20 : 20), { steps: 4 });
  await page.mouse.up();
}

/**
 * Signs both pads of the check-out page (client, then caregiver). A pad sizes itself once laid out and ink drawn
 * before that is gone, so it draws until the pad's Clear button is enabled.
 */
export async function signBothPads(page: Page): Promise<void> {
  const canvases = page.locator('canvas');
  await expect(canvases).toHaveCount(2);
  for (const i of [0, 1]) {
    await expect(async () => {
      await drawOn(page, canvases.nth(i));
      await expect(page.getByRole('button', { name: 'Clear' }).nth(i)).toBeEnabled({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
  }
}

/** The data of a tRPC response, batched (an array) or not. */
export async function trpcData<T>(response: { json(): Promise<unknown> }): Promise<T> {
  const body = (await response.json()) as { result: { data: T } } | { result: { data: T } }[];
  return (Array.isArray(body) ? body[0]! : body).result.data;
}

/**
 * How many schedule windows the phone has saved for offline use (entries `u<userId>:shifts:<input>` of the
 * encrypted cache, the IndexedDB database `cache`); 0 while that database does not exist yet.
 */
export function savedScheduleWindows(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const request = indexedDB.open('cache');
        // Not created here: the app's own code creates it with its tables.
        request.onupgradeneeded = () => request.transaction?.abort();
        request.onerror = () => resolve(0);
        request.onsuccess = () => {
          const db = request.result;
          try {
            const keys = db.transaction('entries', 'readonly').objectStore('entries').getAllKeys();
            keys.onsuccess = () => resolve(keys.result.filter((key) => /^u\d+:shifts:/.test(String(key))).length);
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
