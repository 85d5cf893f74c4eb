import { sql } from 'drizzle-orm';
import { inBranchScope } from '../../auth/scope';
import { isoInterval, type ViewDefinition } from '../views/views.registry';

/** A caregiver id of the audited shift row (`old_row` or `new_row`), null for an open shift. */
const caregiverIdOf = (side: 'old_row' | 'new_row') => sql.raw(`(changes.${side} ->> 'caregiver_id')::int`);

/** The name of the caregiver joined as `alias`, or "Open shift" when the row had none. */
const caregiverName = (side: 'old_row' | 'new_row', alias: string) =>
  sql.raw(`case when changes.${side} ->> 'caregiver_id' is null then 'Open shift'
    else ${alias}.last_name || ', ' || ${alias}.first_name end`);

/** The shift's start or end as the changed row held it (the audit row outlives a deleted shift). */
const shiftTime = (field: 'start_at' | 'end_at') => sql.raw(`(changes.new_row ->> '${field}')::timestamptz`);

/**
 * The caregiver changes report (issue "Payroll, billing, reports" item 3): every change of a visit's caregiver,
 * read from the audit trail (audit_log rows of `shifts`, UPDATEs whose old and new caregiver_id differ: a
 * reassignment, an open shift assigned, or a caregiver taken off so the shift is open again). Each row gives the
 * shift, its date and scheduled times on its branch's clock as the change left them, the client, the caregiver
 * before and after ("Open shift" for none), who changed it (the request's user; "System" for a change outside a
 * request) and when (shown in the branch's zone). Scoped by the branch the audit trigger recorded (the shift's
 * branch_id), so a change stays visible after the shift is deleted. A row opens the client's schedule.
 */
export const reportCaregiverChangesView: ViewDefinition = {
  name: 'reportCaregiverChanges',
  label: 'Caregiver changes',
  tables: ['audit_log', 'branches', 'clients', 'caregivers', 'users'],
  source: (scope) => ({
    from: sql`audit_log changes
      left join branches on branches.id = changes.branch_id
      left join clients on clients.id = (changes.new_row ->> 'client_id')::int
      left join caregivers from_caregiver on from_caregiver.id = ${caregiverIdOf('old_row')}
      left join caregivers to_caregiver on to_caregiver.id = ${caregiverIdOf('new_row')}
      left join users on users.id = changes.changed_by`,
    where: sql`changes.table_name = 'shifts' and changes.operation = 'UPDATE'
      and (changes.old_row ->> 'caregiver_id') is distinct from (changes.new_row ->> 'caregiver_id')
      and ${inBranchScope(scope, sql`changes.branch_id`)}`,
  }),
  timeZone: sql`branches.timezone`,
  id: sql`changes.id`,
  optionLabel: sql`'Visit #' || changes.row_id || ' ' || to_char(changes.created_at at time zone coalesce(branches.timezone, 'UTC'), 'MM/DD/YY HH24:MI')`,
  columns: [
    { key: 'id', label: 'Change ID', type: 'number', sql: sql`changes.id`, visibleByDefault: false },
    { key: 'shiftId', label: 'Visit ID', type: 'number', sql: sql`changes.row_id`, visibleByDefault: false },
    {
      key: 'visitDate',
      label: 'Visit date',
      type: 'date',
      sql: sql`(${shiftTime('start_at')} at time zone branches.timezone)::date`,
    },
    {
      key: 'visitTimes',
      label: 'Time',
      type: 'text',
      display: 'timeRange',
      sql: isoInterval(shiftTime('start_at'), shiftTime('end_at')),
      filterable: false,
    },
    { key: 'branchName', label: 'Branch', type: 'text', sql: sql`branches.name` },
    { key: 'clientId', label: 'Client ID', type: 'number', sql: sql`clients.id`, visibleByDefault: false },
    {
      key: 'clientName',
      label: 'Client',
      type: 'text',
      sql: sql`clients.last_name || ', ' || clients.first_name`,
      searchable: true,
    },
    {
      key: 'fromCaregiverId',
      label: 'From caregiver ID',
      type: 'number',
      sql: caregiverIdOf('old_row'),
      visibleByDefault: false,
    },
    { key: 'fromCaregiver', label: 'From', type: 'text', sql: caregiverName('old_row', 'from_caregiver'), searchable: true },
    { key: 'toCaregiverId', label: 'To caregiver ID', type: 'number', sql: caregiverIdOf('new_row'), visibleByDefault: false },
    { key: 'toCaregiver', label: 'To', type: 'text', sql: caregiverName('new_row', 'to_caregiver'), searchable: true },
    { key: 'changedByName', label: 'Changed by', type: 'text', sql: sql`coalesce(users.name, 'System')`, searchable: true },
    { key: 'changedAt', label: 'Changed at', type: 'datetime', sql: sql`changes.created_at` },
  ],
  defaultSort: [{ column: 'changedAt', direction: 'desc' }],
  rowLink: '/clients/{clientId}/schedule',
};
