/**
 * The weekly rules the pattern form writes (RFC 5545 RRULE bodies without DTSTART, as ZRRule accepts them):
 * days of the week and an interval in weeks. Anything else (daily, monthly, other parts) is edited as text.
 */

/** RFC 5545 weekday codes, Monday first, with their short and long names. */
export const WEEKDAYS = [
  { code: 'MO', short: 'Mon', name: 'Monday' },
  { code: 'TU', short: 'Tue', name: 'Tuesday' },
  { code: 'WE', short: 'Wed', name: 'Wednesday' },
  { code: 'TH', short: 'Thu', name: 'Thursday' },
  { code: 'FR', short: 'Fri', name: 'Friday' },
  { code: 'SA', short: 'Sat', name: 'Saturday' },
  { code: 'SU', short: 'Sun', name: 'Sunday' },
] as const;
export type WeekdayCode = (typeof WEEKDAYS)[number]['code'];

const ORDER: string[] = WEEKDAYS.map((d) => d.code);

/** "FREQ=WEEKLY;BYDAY=MO,WE,FR" (INTERVAL only when more than 1), days in weekday order, each once. */
export function weeklyRule(days: string[], interval: number): string {
  const byDay = ORDER.filter((code) => days.includes(code));
  const every = Number.isInteger(interval) && interval > 1 ? `;INTERVAL=${interval}` : '';
  return `FREQ=WEEKLY${every};BYDAY=${byDay.join(',')}`;
}

/**
 * The days and interval of a plain weekly rule ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH"), or null for any other
 * rule (another frequency, or parts the form does not show such as COUNT or BYSETPOS).
 */
export function parseWeeklyRule(rule: string): { days: WeekdayCode[]; interval: number } | null {
  const parts = new Map(
    rule
      .trim()
      .toUpperCase()
      .split(';')
      .map((part) => part.split('=') as [string, string | undefined]),
  );
  if (parts.get('FREQ') !== 'WEEKLY') return null;
  for (const key of parts.keys()) if (!['FREQ', 'INTERVAL', 'BYDAY', 'WKST'].includes(key)) return null;
  const interval = parts.has('INTERVAL') ? Number(parts.get('INTERVAL')) : 1;
  if (!Number.isInteger(interval) || interval < 1) return null;
  const days = (parts.get('BYDAY') ?? '').split(',').filter(Boolean);
  if (days.length === 0 || days.some((d) => !ORDER.includes(d))) return null;
  return { days: days as WeekdayCode[], interval };
}
