import { formatInstant } from '@/format/instant-format';

/**
 * A message's or conversation's time as chat lists show it, on the wall clock of `zone` (the user's own): the time
 * alone when it is today there, else the date.
 * @param at ISO 8601 instant (UTC)
 * @param now the present instant (injectable for tests)
 */
export function shortWhen(at: string, zone: string, now: Date = new Date()): string {
  const day = formatInstant(at, zone, { style: 'date' });
  return day === formatInstant(now, zone, { style: 'date' })
    ? formatInstant(at, zone, { style: 'time', zoneName: 'never' })
    : day;
}
