import { DateTime } from 'luxon';

/**
 * The agency's week of the agency-week flow, and the figures a person computes by hand from it. Every time is on
 * the wall clock of the Boston branch (America/New_York). "The week" is the FLSA workweek before the current
 * one (Sunday to Saturday), so all of it lies in the past and its visits can be synced with their own times.
 */
export const ZONE = 'America/New_York';

/** The week's Sunday (local midnight) and its dates, from `now`. */
export function lastWeek(now = DateTime.now()) {
  const today = now.setZone(ZONE).startOf('day');
  const sunday = today.minus({ days: today.weekday % 7 }).minus({ weeks: 1 });
  const day = (offset: number) => sunday.plus({ days: offset });
  return { sunday, saturday: day(6), day, from: sunday.toISODate()!, to: day(6).toISODate()! };
}

/** One visit of the week: weekday (1 Monday ... 5 Friday), local start and end "HH:MM". */
export interface WeekVisit {
  weekday: number;
  start: string;
  end: string;
}

/**
 * The three caregivers whose pay is checked by hand and their visits, each at one client:
 * - A works Monday to Friday 08:00-17:00 at client X: 45 h in the workweek, 40 regular and 5 overtime (FLSA 1.5x);
 *   at $20.00 an hour the straight-time pay is 45 x 20 = $900.00, the overtime premium 0.5 x 20 x 5 = $50.00,
 *   gross $950.00.
 * - B works Monday, Wednesday and Friday 09:00-13:00 at client Y, and the branch manager corrects Wednesday's
 *   check-out to 12:30 (the caregiver forgot to check out on time): 4 + 3.5 + 4 = 11.5 h at $18.00 = $207.00.
 * - C works Tuesday and Thursday 08:00-12:00 at client Z: 8 h at $19.00 = $152.00.
 * Billing at the Medicaid payer's T1019 rate, $7.52 per 15-minute unit (CMS 8-minute rule): X 5 x 540 min = 5 x 36
 * units; with an authorization of 150 units a week, the first four visits (144 units) are billed and the fifth is
 * flagged over the authorization; Y 16 + 14 + 16 = 46 units = $345.92; Z 2 x 16 = 32 units = $240.64.
 */
export const HAND = {
  A: {
    rateCents: 2000,
    visits: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '17:00' })),
    regularHours: '40.00',
    overtimeHours: '5.00',
    grossPay: '$950.00',
  },
  B: {
    rateCents: 1800,
    visits: [1, 3, 5].map((weekday) => ({ weekday, start: '09:00', end: '13:00' })),
    corrected: { weekday: 3, checkOut: '12:30' },
    regularHours: '11.50',
    overtimeHours: '0.00',
    grossPay: '$207.00',
  },
  C: {
    rateCents: 1900,
    visits: [2, 4].map((weekday) => ({ weekday, start: '08:00', end: '12:00' })),
    regularHours: '8.00',
    overtimeHours: '0.00',
    grossPay: '$152.00',
  },
  billing: {
    unitCents: 752,
    X: { unitsPerVisit: 36, billedVisits: 4, overVisits: 1, authorizedPerWeek: 150 },
    Y: { units: 46, amount: '$345.92' },
    Z: { units: 32, amount: '$240.64' },
  },
} as const;

/** A local date and "HH:MM" of the week as a UTC ISO instant. */
export function instant(week: ReturnType<typeof lastWeek>, weekday: number, time: string): string {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return week.day(weekday).set({ hour, minute }).toUTC().toISO()!;
}
