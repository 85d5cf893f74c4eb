import { intlLocale } from '@/format/locale';

/**
 * A statement's month (YYYY-MM) as its name and year in the shown language: "November 2026", "noviembre de 2026".
 * A calendar month, no instant: written as a UTC day so no zone shifts it.
 * @returns the name, or `month` as given when it is not YYYY-MM
 */
export function monthTitle(month: string, language?: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  const at = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 15));
  const text = new Intl.DateTimeFormat(intlLocale(language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(at);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Minutes as hours with two decimals (130 -> "2.17"), as the statement's PDF and the payroll files write them. */
export function hoursOf(minutes: number): string {
  return (Math.round((minutes * 100) / 60) / 100).toFixed(2);
}

/** A file's bytes from the base64 the server sends (a statement's PDF). */
export function bytesOfBase64(base64: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}
