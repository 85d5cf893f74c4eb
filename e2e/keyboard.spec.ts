import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DateTime } from 'luxon';
import { mutation, offlineReplayHeaders, query, tokenOf } from './support/api';
import { totpNow } from './support/mfa';
import { artifact, DEMO_PASSWORD, signInAs } from './support/session';

/**
 * Issue 27, WCAG 2.2 AA: the staff screens worked with the keyboard only (2.1.1, 2.4.3, 2.4.7), their reflow at
 * 200 percent zoom (1.4.10) and the caregiver's typed signature, the pad's alternative to drawing.
 */

/** The demo branches' time zone. */
const ZONE = 'America/New_York';

/** Whether `target` (one element) has the keyboard focus. */
const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/**
 * Presses Tab (Shift+Tab with `backwards`) until `target` has the focus: it is reachable in the page's focus order.
 * Fails after `max` presses.
 */
async function tabTo(page: Page, target: Locator, options: { max?: number; backwards?: boolean } = {}): Promise<void> {
  const { max = 60, backwards = false } = options;
  await expect(target).toBeAttached();
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  expect(await isFocused(target), `reached with ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`).toBe(true);
}

/** The focused element's outline as the browser draws it: its style, width and colour. */
async function focusOutline(page: Page): Promise<{ style: string; width: string; color: string }> {
  return page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!);
    return { style: style.outlineStyle, width: style.outlineWidth, color: style.outlineColor };
  });
}

/** Expects a visible 2 px focus outline on the focused element. */
async function expectFocusRing(page: Page): Promise<void> {
  const outline = await focusOutline(page);
  expect(outline.style).toBe('solid');
  expect(outline.width).toBe('2px');
}

/** Whether the keyboard focus is inside `container`. */
const focusWithin = (container: Locator) => container.evaluate((el) => el.contains(document.activeElement));

test('keyboard only: sign in, the clients table, a client, the schedule and the shift drawer', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await tabTo(page, page.getByLabel('Username or email'));
  await page.keyboard.type('branchmanager');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  // The second factor: the demo users' authenticator code, typed and sent with Enter.
  await tabTo(page, page.getByLabel('Verification code'));
  await page.keyboard.type(totpNow());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();

  // The skip link comes before the header's controls, shown once focused.
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await tabTo(page, skip, { max: 3 });
  await expect(skip).toBeInViewport();
  await page.screenshot({ path: artifact('keyboard-skip-link.png') });

  await tabTo(page, page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Clients', exact: true }));
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/clients$/);
  const table = page.getByRole('table', { name: 'Clients' });
  await expect(table.locator('tbody tr[data-link]').first()).toBeVisible();

  // The skip link moves the focus to the page; the next Tab is the page's first control, not the menu.
  await page.keyboard.press('Shift+Tab');
  await tabTo(page, skip, { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();

  // Sort by a column the list is not sorted by (it opens sorted by last name) with Enter: aria-sort says so.
  const cityHeader = table.getByRole('columnheader', { name: 'City' });
  await expect(cityHeader).toHaveAttribute('aria-sort', 'none');
  await tabTo(page, cityHeader.getByRole('button'));
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  await expect(cityHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(table.locator('th[aria-sort="ascending"]')).toHaveCount(1);
  await page.screenshot({ path: artifact('keyboard-sort-focus.png') });

  // The filter editor opens on Enter with the focus inside it; Escape closes it and gives the focus back.
  const filtersButton = page.getByRole('button', { name: 'Filters' });
  await tabTo(page, filtersButton, { backwards: true });
  await page.keyboard.press('Enter');
  const filterDialog = page.getByRole('dialog');
  await expect(filterDialog).toBeVisible();
  await expect.poll(() => focusWithin(filterDialog)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(filterDialog).toBeHidden();
  await expect(filtersButton).toBeFocused();

  // Search for the first row's client by typing, then open it from its row with Enter.
  const firstRow = table.locator('tbody tr[data-link]').first();
  const href = (await firstRow.locator('a').first().getAttribute('href'))!;
  const name = (await firstRow.locator('td').first().innerText()).trim();
  await tabTo(page, page.getByRole('textbox', { name: 'Search clients' }), { backwards: true });
  await page.keyboard.type(name.split(/[\s,]+/)[0]!);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/search=/);
  const row = table.locator(`tbody tr[data-link]:has(a[href="${href}"])`);
  await tabTo(page, row);
  await expectFocusRing(page);
  await page.screenshot({ path: artifact('keyboard-row-focus.png') });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href}(/schedule)?$`));
  const clientId = Number(/\/clients\/(\d+)/.exec(page.url())![1]);

  // An open shift of this client today, early in the morning (hours the demo schedule leaves free).
  const token = await tokenOf(request, 'branchmanager');
  const shiftId = await createOpenShift(request, token, clientId);
  await page.reload();
  const calendar = page.getByTestId('shift-calendar');
  const event = calendar.locator(`.fc-event:has([data-shift-id="${shiftId}"])`);
  await expect(event).toBeAttached();

  // "New shift" opens the form with the focus in it; Escape closes it and the focus is back on the button.
  const newShift = page.getByRole('button', { name: 'New shift' });
  await tabTo(page, newShift);
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: 'New shift' });
  await expect(form).toBeVisible();
  await expect.poll(() => focusWithin(form)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(newShift).toBeFocused();

  // The shift is a link in the focus order: Enter opens its drawer with the focus inside, Escape closes it and
  // the focus is back on the shift.
  await tabTo(page, event);
  await expectFocusRing(page);
  await page.screenshot({ path: artifact('keyboard-event-focus.png') });
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Shift', exact: true });
  await expect(drawer).toBeVisible();
  await expect.poll(() => focusWithin(drawer)).toBe(true);
  await page.screenshot({ path: artifact('keyboard-drawer.png') });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(event).toBeFocused();

  // The view switch: its checked radio is in the focus order, the arrow keys change the view.
  const week = page.getByRole('radio', { name: 'Week' });
  await tabTo(page, week, { backwards: true });
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Month' })).toBeChecked();
  await expect(calendar.locator('.fc-dayGridMonth-view')).toBeVisible();
  // The radio itself is hidden: its label carries the outline.
  const labelOutline = await page.evaluate(() => {
    const label = (document.activeElement as HTMLInputElement).labels![0]!;
    return getComputedStyle(label).outlineStyle;
  });
  expect(labelOutline).toBe('solid');
  await page.screenshot({ path: artifact('keyboard-view-focus.png') });
});

/** Creates an open shift (no caregiver) of `clientId` today between midnight and 4 AM, trying again on a clash. */
async function createOpenShift(request: APIRequestContext, token: string, clientId: number): Promise<number> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const from = DateTime.now()
      .setZone(ZONE)
      .startOf('day')
      .set({ hour: Math.floor(Math.random() * 4), minute: 15 * Math.floor(Math.random() * 4) });
    const response = await request.post('/api/trpc/createShift', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        clientId,
        caregiverId: null,
        startTimestamp: from.toUTC().toISO(),
        endTimestamp: from.plus({ minutes: 45 }).toUTC().toISO(),
        serviceCode: 'T1019',
      },
    });
    if (response.status() === 409) continue;
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { result: { data: { shift: { id: number } } } }).result.data.shift.id;
  }
  throw new Error('no free time for a shift today');
}

test.describe('reflow at 200 percent zoom (640 by 400 CSS pixels)', () => {
  test.use({ viewport: { width: 640, height: 400 } });

  test('the main staff screens scroll only vertically, tables inside themselves', async ({ page }) => {
    test.setTimeout(90_000);
    await signInAs(page, 'branchmanager', '/clients');
    const firstLink = page.locator('tbody tr[data-link] a').first();
    await expect(firstLink).toBeAttached();
    const client = (await firstLink.getAttribute('href'))!;
    for (const path of ['/clients', `${client}/profile`, `${client}/schedule`, '/shifts', '/dashboard']) {
      await page.goto(path);
      await expect(page.locator('#main-content')).toBeVisible();
      // The page's data has arrived: no loader left (the live event stream keeps the network busy for good).
      await page.waitForLoadState('load');
      await expect(page.locator('#main-content .mantine-Loader-root')).toHaveCount(0);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.scrollingElement!.scrollWidth,
        clientWidth: document.scrollingElement!.clientWidth,
      }));
      expect(scrollWidth, `${path}: no horizontal scroll of the page`).toBeLessThanOrEqual(clientWidth);
      await page.screenshot({ path: artifact(`reflow${path.replace(/\/\d+/, '-client').replace(/\//g, '-')}.png`) });
    }
    // The menu is behind the burger, which opens it with the keyboard.
    await tabTo(page, page.getByRole('button', { name: 'Open menu' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Clients', exact: true })).toBeVisible();
  });
});

interface AppShift {
  id: number;
  startTimestamp: string;
  endTimestamp: string;
}

/** A past visit of the demo caregiver, worked through the API (checked in and out): its care sheet to fill. */
async function workedVisit(request: APIRequestContext): Promise<{ shiftId: number; careSheetId: number }> {
  const token = await tokenOf(request, 'caregiver');
  const managerToken = await tokenOf(request, 'branchmanager');
  const upcoming = await query<{ shifts: AppShift[] }>(request, token, 'caregiverAppGetShifts', {});
  const theirs = await query<{ caregiverId: number; clientId: number }>(request, managerToken, 'getShift', {
    id: upcoming.shifts[0]!.id,
  });
  for (let attempt = 0; attempt < 10; attempt++) {
    const from = DateTime.now()
      .setZone(ZONE)
      .startOf('day')
      .minus({ days: 2 + Math.floor(Math.random() * 5) })
      .set({ hour: 4, minute: 15 * Math.floor(Math.random() * 12) });
    const to = from.plus({ minutes: 30 });
    const response = await request.post('/api/trpc/createShift', {
      headers: { authorization: `Bearer ${managerToken}` },
      data: { ...theirs, startTimestamp: from.toUTC().toISO(), endTimestamp: to.toUTC().toISO(), serviceCode: 'T1019' },
    });
    if (response.status() === 409) continue;
    expect(response.status(), await response.text()).toBe(200);
    const shiftId = ((await response.json()) as { result: { data: { shift: { id: number } } } }).result.data.shift.id;
    let careSheetId = 0;
    for (const [kind, at] of [
      ['check_in', from],
      ['check_out', to],
    ] as const) {
      const timestamp = at.toUTC().toISO()!;
      const result = await mutation<{ careSheetId: number }>(
        request,
        token,
        'caregiverAppCheckInOut',
        {
          scheduleId: shiftId,
          kind,
          timestamp,
          position: null,
          outsideGeofenceReason: 'No GPS in the test',
          clientRecordId: randomUUID(),
        },
        offlineReplayHeaders(timestamp),
      );
      careSheetId = result.careSheetId;
    }
    return { shiftId, careSheetId };
  }
  throw new Error('no free time for a visit');
}

test.describe('typed signature on the phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the client and the caregiver sign a care sheet by typing their names, with the keyboard only', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const { shiftId, careSheetId } = await workedVisit(request);
    await signInAs(page, 'caregiver', `/app/care-sheets/${careSheetId}/shifts/${shiftId}/checkout`);
    await expect(page.getByRole('heading', { name: 'Care sheet' })).toBeVisible();

    const clientPad = page.getByRole('img', { name: "Client's signature pad" });
    await tabTo(page, page.getByRole('button', { name: 'Type name instead' }).first());
    await page.keyboard.press('Enter');
    const clientName = page.getByRole('textbox', { name: "Client's signature, typed" });
    await expect(clientName).toBeFocused();
    await page.keyboard.type('Dorothy Hale');
    await expect(clientPad).toHaveAttribute('data-signed', 'true');

    const yourPad = page.getByRole('img', { name: 'Your signature pad' });
    await tabTo(page, page.getByRole('button', { name: 'Type name instead' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: 'Your signature, typed' })).toBeFocused();
    await page.keyboard.type('Grace Okafor');
    await expect(yourPad).toHaveAttribute('data-signed', 'true');
    await yourPad.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: artifact('app-typed-signature.png') });

    // Going back to drawing empties the pad: a typed name is never left behind a drawing.
    await page.keyboard.press('Shift+Tab');
    await tabTo(page, page.getByRole('button', { name: 'Draw instead' }).first(), { backwards: true });
    await page.keyboard.press('Enter');
    await expect(clientPad).toHaveAttribute('data-signed', 'false');
    await tabTo(page, page.getByRole('button', { name: 'Type name instead' }).first(), { backwards: true });
    await page.keyboard.press('Enter');
    await page.keyboard.type('Dorothy Hale');
    await expect(clientPad).toHaveAttribute('data-signed', 'true');

    await tabTo(page, page.getByRole('button', { name: 'Save care sheet' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/app/care-sheets/${careSheetId}/review$`));
    // Saved as images, as a drawn signature is.
    for (const name of ["Client's signature", 'Caregiver signature']) {
      await expect(page.getByRole('img', { name })).toHaveAttribute('src', /^data:image\/png;base64,/);
    }
  });
});
