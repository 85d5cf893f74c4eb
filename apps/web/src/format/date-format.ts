/** Date display of the whole app (spec section 9): MM/DD/YY, and MM/DD/YY h:mm A. */

/** A number as at least two digits (05). */
export const pad = (value: number) => String(value).padStart(2, '0');

/** `2026-01-05` (or an ISO timestamp's date part) as MM/DD/YY (spec section 9), without a time zone shift. */
export function formatDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const [, year, month, day] = match;
  return `${month}/${day}/${year!.slice(-2)}`;
}

/**
 * An ISO timestamp as MM/DD/YY h:mm A (spec section 9) in the BROWSER's time zone. Staff screens do not use it: they
 * write instants with formatInstant (packages/shared/src/app/time-display.ts) in the record's branch zone.
 * @deprecated kept for the file import pages until they move to formatInstant.
 */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const hours = date.getHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const yy = pad(date.getFullYear() % 100);
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${yy} ${hour12}:${pad(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}
