import { sql, type SQL } from 'drizzle-orm';
import type { ViewFilter } from '@hearth/shared/views/views.schema';
import { SHIFT_STATUSES, SHIFT_STATUS_LABELS } from '@hearth/shared/shifts/shifts.constants';
import { inBranchScope } from '../../auth/scope';
import type { ViewDefinition } from '../views/views.registry';
import { shifts } from './shifts.schema';

/**
 * A shift's time entry is missing (spec "Shift" timeEntryMissing; docs/glossary.md "Missing visit"): it is not
 * cancelled and its start has passed without a check-in, or its end has passed without a check-out. A visit in progress
 * (checked in, end not reached) is not missing anything yet. The same rule as isTimeEntryMissing
 * (packages/shared/src/shifts/shift-flags.ts, used by the shift procedures), in SQL so the view can filter and sort
 * by it. Reads the `shifts` table by name, at the database's now().
 */
export const timeEntryMissingSql: SQL = sql`(shifts.status <> 'cancelled' and (
  (shifts.start_at < now() and shifts.check_in_at is null) or (shifts.end_at < now() and shifts.check_out_at is null)))`;

/**
 * The statuses a shifts-list filter narrows to: the values of its `equals` / `in` filters on status, or null when
 * no such filter is given.
 */
function filteredStatuses(filters: ViewFilter[]): string[] | null {
  const values = filters
    .filter((f) => f.column === 'status' && (f.operator === 'equals' || f.operator === 'in'))
    .flatMap((f) => (Array.isArray(f.value) ? f.value : [f.value]));
  return values.length ? values.map(String) : null;
}

/**
 * The spec's shift-list rule (section 4: "Shift lists filtered to a status other than scheduled keep only shifts
 * with tasksMissing or timeEntryMissing"; issue "Scheduling" item 6): when the status filter names any status
 * besides scheduled, shifts of those other statuses are kept only when tasksMissing or timeEntryMissing; scheduled
 * shifts a filter also asks for stay. Without a status filter, or filtered to scheduled alone, nothing changes.
 * @returns the extra condition, or undefined when the rule does not apply.
 */
export function shiftStatusRule(filters: ViewFilter[]): SQL | undefined {
  const statuses = filteredStatuses(filters);
  if (!statuses || statuses.every((s) => s === 'scheduled')) return undefined;
  return sql`shifts.status = 'scheduled' or shifts.tasks_missing or ${timeEntryMissingSql}`;
}

const clientName = sql`clients.last_name || ', ' || clients.first_name`;
const caregiverName = sql`caregivers.last_name || ', ' || caregivers.first_name`;

/**
 * The shifts table (/shifts; issue "Scheduling" item 6) as a backend view, scoped to the caller's branches: start
 * and end (instants, shown in the branch's zone), branch, client, caregiver (empty for an open shift), service,
 * payer, status, check-in and check-out, the missing-entry flags and scheduled hours. Filters on every column (branch, start between two
 * times, status, caregiver, client, service, open shift); the spec's status rule through `refine`. Rows open the
 * client's schedule.
 */
export const shiftsView: ViewDefinition = {
  name: 'shifts',
  label: 'Shifts',
  tables: ['shifts', 'branches', 'clients', 'caregivers', 'payer_sources'],
  // branch_id and client_id are NOT NULL foreign keys, so left joins give the same rows as inner ones; they let
  // PostgreSQL drop the joins a query reads nothing from (the page count reads none of them).
  source: (scope) => ({
    from: sql`shifts left join branches on branches.id = shifts.branch_id
      left join clients on clients.id = shifts.client_id
      left join caregivers on caregivers.id = shifts.caregiver_id
      left join payer_sources on payer_sources.id = shifts.payer_source_id`,
    where: inBranchScope(scope, shifts.branchId),
  }),
  timeZone: sql`branches.timezone`,
  branchId: sql`shifts.branch_id`,
  id: sql`shifts.id`,
  optionLabel: sql`${clientName} || ' · ' || to_char(shifts.start_at at time zone branches.timezone, 'MM/DD/YY HH24:MI')`,
  columns: [
    { key: 'id', label: 'ID', type: 'number', sql: sql`shifts.id`, visibleByDefault: false },
    { key: 'startTimestamp', label: 'Start', type: 'datetime', sql: sql`shifts.start_at` },
    { key: 'endTimestamp', label: 'End', type: 'datetime', sql: sql`shifts.end_at` },
    { key: 'branchId', label: 'Branch ID', type: 'number', sql: sql`shifts.branch_id`, visibleByDefault: false },
    { key: 'branchName', label: 'Branch', type: 'text', sql: sql`branches.name` },
    { key: 'clientId', label: 'Client ID', type: 'number', sql: sql`shifts.client_id`, visibleByDefault: false },
    { key: 'clientName', label: 'Client', type: 'text', sql: clientName, searchable: true },
    { key: 'caregiverId', label: 'Caregiver ID', type: 'number', sql: sql`shifts.caregiver_id`, visibleByDefault: false },
    { key: 'caregiverName', label: 'Caregiver', type: 'text', sql: caregiverName, searchable: true },
    { key: 'serviceCode', label: 'Service', type: 'text', sql: sql`shifts.service_code` },
    { key: 'payerName', label: 'Payer', type: 'text', sql: sql`payer_sources.name` },
    {
      key: 'status',
      label: 'Status',
      type: 'enum',
      sql: sql`shifts.status`,
      options: SHIFT_STATUSES.map((value) => ({ value, label: SHIFT_STATUS_LABELS[value] })),
    },
    { key: 'openShift', label: 'Open shift', type: 'boolean', sql: sql`(shifts.caregiver_id is null)` },
    { key: 'checkIn', label: 'Check-in', type: 'datetime', sql: sql`shifts.check_in_at` },
    { key: 'checkOut', label: 'Check-out', type: 'datetime', sql: sql`shifts.check_out_at` },
    { key: 'tasksMissing', label: 'Tasks missing', type: 'boolean', sql: sql`shifts.tasks_missing` },
    { key: 'timeEntryMissing', label: 'Time entry missing', type: 'boolean', sql: timeEntryMissingSql },
    {
      key: 'scheduledHours',
      label: 'Hours',
      type: 'number',
      sql: sql`round((extract(epoch from shifts.end_at - shifts.start_at) / 3600)::numeric, 2)`,
    },
    { key: 'notes', label: 'Notes', type: 'text', sql: sql`shifts.notes`, visibleByDefault: false },
  ],
  defaultSort: [{ column: 'startTimestamp', direction: 'desc' }],
  rowLink: '/clients/{clientId}/schedule',
  refine: shiftStatusRule,
};
