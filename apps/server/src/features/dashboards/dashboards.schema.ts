import { boolean, date, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

/**
 * The EVV dashboard's stored figures (issue "The largest agencies" item 3): the per-visit EVV flags of every
 * completed visit and three rollups of them, so the company-wide dashboard reads a few hundred thousand rolled-up
 * rows instead of computing the flags of millions of visits. Triggers (migration 0037_evv_rollups_triggers.sql)
 * keep all four current in the transaction that changes a shift, its timesheets or its branch's time zone; nothing
 * else writes them. `evv_rollups_rebuild()` recomputes them from scratch (after a bulk load with triggers off).
 * The flags are those of evvVisitsCte (dashboards-evv.sql.ts); local dates are in the branch's time zone, weeks
 * run Sunday-Saturday and are named by their Sunday.
 */

/** One completed visit's EVV flags (no row for other statuses). No foreign keys: the triggers keep it exact. */
export const evvVisitFlags = pgTable(
  'evv_visit_flags',
  {
    shiftId: integer('shift_id').primaryKey(),
    branchId: integer('branch_id').notNull(),
    localDate: date('local_date').notNull(),
    caregiverId: integer('caregiver_id'),
    clientId: integer('client_id').notNull(),
    compliant: boolean('compliant').notNull(),
    geofenceException: boolean('geofence_exception').notNull(),
    manualEdit: boolean('manual_edit').notNull(),
    lateCheckIn: boolean('late_check_in').notNull(),
  },
  // The dashboard reads the days of a period's partial weeks here.
  (t) => [index('evv_visit_flags_date_idx').on(t.localDate, t.branchId)],
);

/** Counts of completed visits and their flags, the columns every rollup shares. */
const counts = () => ({
  visits: integer('visits').notNull(),
  compliant: integer('compliant').notNull(),
  geofenceExceptions: integer('geofence_exceptions').notNull(),
  manualEdits: integer('manual_edits').notNull(),
  lateCheckIns: integer('late_check_ins').notNull(),
});

/** Per branch and local date: the dashboard's totals and weekly trends. Rows may hold zeros. */
export const evvBranchDays = pgTable(
  'evv_branch_days',
  { localDate: date('local_date').notNull(), branchId: integer('branch_id').notNull(), ...counts() },
  (t) => [primaryKey({ columns: [t.localDate, t.branchId] })],
);

/** Per Sunday-Saturday week, branch and caregiver (visits with a caregiver): the caregivers list. */
export const evvCaregiverWeeks = pgTable(
  'evv_caregiver_weeks',
  {
    weekStart: date('week_start').notNull(),
    branchId: integer('branch_id').notNull(),
    caregiverId: integer('caregiver_id').notNull(),
    ...counts(),
  },
  (t) => [primaryKey({ columns: [t.weekStart, t.branchId, t.caregiverId] })],
);

/** Per Sunday-Saturday week, branch and client: the clients list. */
export const evvClientWeeks = pgTable(
  'evv_client_weeks',
  {
    weekStart: date('week_start').notNull(),
    branchId: integer('branch_id').notNull(),
    clientId: integer('client_id').notNull(),
    ...counts(),
  },
  (t) => [primaryKey({ columns: [t.weekStart, t.branchId, t.clientId] })],
);
