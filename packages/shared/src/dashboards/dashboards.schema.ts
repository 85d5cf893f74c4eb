import { z } from 'zod';
import { zText, ZId } from '../app/input-rules';
import { ZDateString } from '../records/records.fields';
import { SHIFT_STATUSES } from '../shifts/shifts.constants';

/**
 * Inputs and outputs of the dashboards (issue "Payroll, billing, reports" item 4; spec route table "Dashboard").
 * Calendar dates YYYY-MM-DD in each branch's time zone, instants ISO 8601 UTC, durations in minutes, distances in
 * metres, rates fractions 0..1 (null when there is no completed visit).
 */

/** The longest period a dashboard sums, in days (a quarter). */
export const DASHBOARD_MAX_DAYS = 92;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** A period of local dates `from`..`to`, both included, at most DASHBOARD_MAX_DAYS days. */
function checkPeriod(p: { from: string; to: string }, ctx: z.RefinementCtx) {
  const days = dayNumber(p.to) - dayNumber(p.from) + 1;
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must not be before the start date' });
  else if (days > DASHBOARD_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: `Choose at most ${DASHBOARD_MAX_DAYS} days` });
  }
}

/** Input of getDashboardSummary: one branch in scope or all; `date` the day to show (default today per branch). */
export const ZGetDashboardSummaryInput = z.object({ branchId: ZId.optional(), date: ZDateString.optional() }).optional();
export type GetDashboardSummaryInput = z.infer<typeof ZGetDashboardSummaryInput>;

/** The lists of the EVV dashboard: one row per caregiver or per client. */
export const EVV_LISTS = ['caregivers', 'clients'] as const;
/** What the EVV dashboard's lists sort by: the person's name or one of their counts (rate: compliant / visits). */
export const EVV_SORT_KEYS = [
  'name',
  'visits',
  'compliant',
  'rate',
  'geofenceExceptions',
  'manualEdits',
  'lateCheckIns',
] as const;
export type EvvSortKey = (typeof EVV_SORT_KEYS)[number];
/** The largest page of an EVV dashboard list. */
export const EVV_MAX_PAGE_SIZE = 200;

/**
 * Input of getEvvDashboard: the period and branch, and which page of which list (sorted by `sort`, ascending unless
 * `desc`; ties by name, then id). Defaults: caregivers by rate, lowest first, page 1 of 50.
 */
export const ZGetEvvDashboardInput = z
  .object({
    from: ZDateString,
    to: ZDateString,
    branchId: ZId.optional(),
    list: z.enum(EVV_LISTS).default('caregivers'),
    sort: z.enum(EVV_SORT_KEYS).default('rate'),
    desc: z.boolean().default(false),
    page: z.number().int().min(1).max(100_000).default(1),
    pageSize: z.number().int().min(1).max(EVV_MAX_PAGE_SIZE).default(50),
  })
  .superRefine(checkPeriod);
/** The parsed input (defaults filled in), as the service reads it. */
export type GetEvvDashboardInput = z.infer<typeof ZGetEvvDashboardInput>;

/** Input of getEvvClientDashboard. */
export const ZGetEvvClientDashboardInput = z
  .object({ clientId: ZId, from: ZDateString, to: ZDateString })
  .superRefine(checkPeriod);
export type GetEvvClientDashboardInput = z.infer<typeof ZGetEvvClientDashboardInput>;

/** Input of getEvvCaregiverDashboard. */
export const ZGetEvvCaregiverDashboardInput = z
  .object({ caregiverId: ZId, from: ZDateString, to: ZDateString })
  .superRefine(checkPeriod);
export type GetEvvCaregiverDashboardInput = z.infer<typeof ZGetEvvCaregiverDashboardInput>;

/** Input of getRollupDashboard. */
export const ZGetRollupDashboardInput = z.object({ from: ZDateString, to: ZDateString }).superRefine(checkPeriod);
export type GetRollupDashboardInput = z.infer<typeof ZGetRollupDashboardInput>;

/** Visit counts of a period: all on the schedule (not cancelled), by status, and open ones (no caregiver). */
export const ZVisitCounts = z.object({
  scheduled: z.number().int(),
  inProgress: z.number().int(),
  completed: z.number().int(),
  missed: z.number().int(),
  openShifts: z.number().int(),
});
export type VisitCounts = z.infer<typeof ZVisitCounts>;

/** Counts of completed visits and their EVV flags. */
export const ZEvvCounts = z.object({
  visits: z.number().int(),
  compliant: z.number().int(),
  rate: z.number().nullable(),
  geofenceExceptions: z.number().int(),
  manualEdits: z.number().int(),
  lateCheckIns: z.number().int(),
});
export type EvvCounts = z.infer<typeof ZEvvCounts>;

/** Output of getDashboardSummary. */
export const ZDashboardSummaryOutput = z.object({
  today: zText(),
  weekFrom: zText(),
  weekTo: zText(),
  todayCounts: ZVisitCounts,
  weekCounts: ZVisitCounts,
  /** Sunday (0) to Saturday (6) of this week: minutes scheduled (not cancelled) and worked (completed, effective times). */
  hoursByDay: z.array(
    z.object({ date: zText(), dayOfWeek: z.number().int(), scheduledMinutes: z.number(), workedMinutes: z.number() }),
  ),
  weekEvv: ZEvvCounts,
});
export type DashboardSummaryOutput = z.infer<typeof ZDashboardSummaryOutput>;

/** Output of getEvvDashboard. */
export const ZEvvDashboardOutput = z.object({
  totals: ZEvvCounts,
  /** One page of the list asked for: `total` people with completed visits in the period, `rows` of this page. */
  list: z.object({
    kind: z.enum(EVV_LISTS),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** `id` is the caregiver's or the client's. */
    rows: z.array(ZEvvCounts.extend({ id: z.number().int(), name: zText() })),
  }),
  /** Per week, Sunday (weekStart, local date) to Saturday. */
  trends: z.array(ZEvvCounts.extend({ weekStart: zText() })),
});
export type EvvDashboardOutput = z.infer<typeof ZEvvDashboardOutput>;

/** A completed visit with its EVV data and flags (drill-downs). */
export const ZEvvVisit = z.object({
  shiftId: z.number().int(),
  date: zText(),
  /** The branch's IANA time zone, in which the visit's times read as the office sees them. */
  timeZone: zText(),
  startAt: zText(),
  endAt: zText(),
  status: z.enum(SHIFT_STATUSES),
  clientId: z.number().int(),
  clientName: zText(),
  caregiverId: z.number().int().nullable(),
  caregiverName: zText().nullable(),
  checkIn: zText().nullable(),
  checkOut: zText().nullable(),
  checkInType: z.number().int().nullable(),
  checkOutType: z.number().int().nullable(),
  checkInDistanceMetres: z.number().nullable(),
  checkOutDistanceMetres: z.number().nullable(),
  reasonCode: zText().nullable(),
  compliant: z.boolean(),
  geofenceException: z.boolean(),
  manualEdit: z.boolean(),
  lateCheckIn: z.boolean(),
  /** A check sent from a phone whose clock was off beyond the company's tolerance (flagged for review). */
  clockSkew: z.boolean(),
  /** A phone check recorded offline that arrived after the visit's pay period was locked (AFTER_LOCK_REVIEW). */
  afterLock: z.boolean(),
});
export type EvvVisit = z.infer<typeof ZEvvVisit>;

/** Output of getEvvClientDashboard and getEvvCaregiverDashboard: the person, totals and completed visits. */
export const ZEvvPersonDashboardOutput = z.object({
  id: z.number().int(),
  name: zText(),
  branchId: z.number().int(),
  totals: ZEvvCounts,
  visits: z.array(ZEvvVisit),
});
export type EvvPersonDashboardOutput = z.infer<typeof ZEvvPersonDashboardOutput>;

/** Figures of one branch or region over a period (getRollupDashboard). */
export const ZRollupRow = ZVisitCounts.extend({
  scheduledMinutes: z.number(),
  workedMinutes: z.number(),
  evv: ZEvvCounts,
});
export type RollupRow = z.infer<typeof ZRollupRow>;

/** Output of getRollupDashboard: per branch in scope, per region ("No region": null), and all together. */
export const ZRollupDashboardOutput = z.object({
  branches: z.array(ZRollupRow.extend({ branchId: z.number().int(), name: zText(), region: zText().nullable() })),
  regions: z.array(ZRollupRow.extend({ region: zText().nullable(), branchCount: z.number().int() })),
  totals: ZRollupRow,
});
export type RollupDashboardOutput = z.infer<typeof ZRollupDashboardOutput>;
