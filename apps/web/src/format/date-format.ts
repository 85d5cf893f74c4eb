/**
 * Calendar dates of the whole app (spec section 9): MM/DD/YY. Instants (MM/DD/YY h:mm A) are written in their
 * record's time zone by formatInstant (packages/shared/src/app/time-display.ts), never in the browser's.
 */

/** A number as at least two digits (05). */
export const pad = (value: number) => String(value).padStart(2, '0');

/** `2026-01-05` (or an ISO timestamp's date part) as MM/DD/YY (spec section 9), without a time zone shift. */
export function formatDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const [, year, month, day] = match;
  return `${month}/${day}/${year!.slice(-2)}`;
}
