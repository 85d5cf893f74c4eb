import { expect, type Download, type Locator, type Page } from '@playwright/test';

/** What the flows do on Mantine widgets again and again: selects, date pickers, notifications, downloads. */

/** Picks `option` (the first matching) of the Mantine Select labelled `label` inside `scope`. */
export async function pick(page: Page, scope: Locator, label: string, option: string | RegExp): Promise<void> {
  await scope.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Waits for the notifications to go, so a screenshot shows the page itself. */
export async function noNotifications(page: Page): Promise<void> {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
}

/** The next download the page starts, in a new tab (reported on the opening page) or in the tab itself. */
export function nextDownload(page: Page): Promise<Download> {
  return new Promise((resolve) => {
    page.once('download', resolve);
    page.once('popup', (popup) => void popup.waitForEvent('download').then(resolve, () => undefined));
  });
}

/** A calendar date as YYYY-MM-DD, as the app shows it (MM/DD/YY) and as the date picker names its day buttons. */
export interface PickerDay {
  iso: string;
  shown: string;
  /** "3 November 2026". */
  label: string;
}

/** The calendar date `days` from today (negative: back) in the browser's zone. */
export function day(days: number): PickerDay {
  const now = new Date();
  return pickerDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days));
}

/** A local date (its year, month and day) as a PickerDay. */
export function pickerDay(d: Date): PickerDay {
  const mm = String(d.getMonth() + 1).padStart(2, '0');
  const dd = String(d.getDate()).padStart(2, '0');
  return {
    iso: `${d.getFullYear()}-${mm}-${dd}`,
    shown: `${mm}/${dd}/${String(d.getFullYear()).slice(-2)}`,
    label: `${d.getDate()} ${d.toLocaleString('en-US', { month: 'long' })} ${d.getFullYear()}`,
  };
}

/** The day button of `target` in the open date picker. */
function dayButton(page: Page, target: PickerDay) {
  return page.getByRole('button', { name: target.label, exact: true }).filter({ visible: true });
}

/** Waits until the picker that showed `target` has closed, so the next picker opened is the only one on screen. */
async function closed(page: Page, target: PickerDay): Promise<void> {
  await expect(dayButton(page, target)).toHaveCount(0);
}

/** Turns the open Mantine date picker to the month of `target` and picks its day. */
async function chooseDay(page: Page, target: PickerDay): Promise<void> {
  const wanted = new Date(`${target.iso}T12:00:00`);
  for (let turns = 0; turns < 36; turns++) {
    const button = dayButton(page, target);
    if (await button.isVisible()) return button.click();
    // The month on show is the header's middle button, between "Previous month" and "Next month".
    const shown = await page
      .locator('button[data-direction="previous"]:visible')
      .locator('xpath=following-sibling::button[1]')
      .innerText();
    const direction = wanted < new Date(`1 ${shown}`) ? 'Previous month' : 'Next month';
    await page.getByRole('button', { name: direction }).click();
  }
  throw new Error(`could not reach ${target.label} in the date picker`);
}

/** Opens the Mantine date picker labelled `name`, turns to the month of `target` and picks it. */
export async function pickDay(page: Page, name: string, target: PickerDay): Promise<void> {
  await page.getByRole('button', { name, exact: true }).click();
  await chooseDay(page, target);
  await closed(page, target);
}

/** Opens the Mantine range picker labelled `name` and picks its first and last days. */
export async function pickRange(page: Page, name: string, from: PickerDay, to: PickerDay): Promise<void> {
  await page.getByRole('button', { name, exact: true }).click();
  await chooseDay(page, from);
  await chooseDay(page, to);
  await closed(page, to);
}
