/** Money in the UI is in dollars; on the wire and in the database it is integer cents. */

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Integer cents as $1,234.56. */
export function formatMoney(cents: number): string {
  return dollars.format(cents / 100);
}

/** Cents as a dollar amount for an input (1234 → 12.34). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/**
 * A dollar amount typed by a person (a number, or a string such as "12.5" or "$1,200.00") as integer cents,
 * rounded to the nearest cent; null when blank or not a number.
 */
export function dollarsToCents(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const amount = typeof value === 'number' ? value : Number(value.replace(/[$,\s]/g, ''));
  if (typeof value === 'string' && value.trim() === '') return null;
  if (!Number.isFinite(amount)) return null;
  return Math.round(amount * 100);
}
