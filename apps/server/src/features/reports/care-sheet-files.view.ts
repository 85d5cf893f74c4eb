import { sql } from 'drizzle-orm';
import { inBranchScope } from '../../auth/scope';
import { shifts } from '../shifts/shifts.schema';
import { isoInterval, type ViewDefinition } from '../views/views.registry';

/** A care sheet's state: `draft` until the caregiver submits it, `submitted`, then `reviewed` once reviewed. */
const statusSql = sql`case when sheets.reviewed_at is not null then 'reviewed'
  when sheets.submitted_at is not null then 'submitted' else 'draft' end`;

/** The visit's scheduled span, an ISO interval the screen and the export write on the branch's clock. */
const visitTimes = isoInterval(sql`shifts.start_at`, sql`shifts.end_at`);

/**
 * The care sheet files report (issue "Payroll, billing, reports" item 3; docs/glossary.md "Care sheet"): each care
 * sheet of a visit in the caller's branches (the shift's branch) with the visit's date and scheduled times on the
 * branch's clock, client, caregiver, state (draft / submitted / reviewed), how many care plan tasks were done,
 * whether the client signed or initialled it or why they could not, whether the caregiver signed or initialled
 * it, and the miles driven. Its PDF is served by getCareSheetPDFFile {care_sheet_id} (the `id` column); the staff
 * web app has no route that opens it, so a row opens the client's schedule, where the visit is.
 */
export const reportCareSheetFilesView: ViewDefinition = {
  name: 'reportCareSheetFiles',
  label: 'Care sheet files',
  tables: ['care_sheets', 'shifts', 'clients', 'caregivers', 'branches'],
  source: (scope) => ({
    from: sql`care_sheets sheets
      join shifts on shifts.id = sheets.shift_id
      join branches on branches.id = shifts.branch_id
      join clients on clients.id = shifts.client_id
      join caregivers on caregivers.id = sheets.caregiver_id`,
    where: inBranchScope(scope, shifts.branchId),
  }),
  timeZone: sql`branches.timezone`,
  id: sql`sheets.id`,
  optionLabel: sql`clients.last_name || ', ' || clients.first_name || ' ' || to_char(shifts.start_at at time zone branches.timezone, 'MM/DD/YY')`,
  columns: [
    { key: 'id', label: 'Care sheet ID', type: 'number', sql: sql`sheets.id`, visibleByDefault: false },
    { key: 'shiftId', label: 'Visit ID', type: 'number', sql: sql`shifts.id`, visibleByDefault: false },
    { key: 'visitDate', label: 'Visit date', type: 'date', sql: sql`(shifts.start_at at time zone branches.timezone)::date` },
    { key: 'visitTimes', label: 'Time', type: 'text', display: 'timeRange', sql: visitTimes, filterable: false },
    { key: 'startTimestamp', label: 'Start', type: 'datetime', sql: sql`shifts.start_at`, visibleByDefault: false },
    { key: 'branchName', label: 'Branch', type: 'text', sql: sql`branches.name` },
    { key: 'clientId', label: 'Client ID', type: 'number', sql: sql`clients.id`, visibleByDefault: false },
    {
      key: 'clientName',
      label: 'Client',
      type: 'text',
      sql: sql`clients.last_name || ', ' || clients.first_name`,
      searchable: true,
    },
    { key: 'caregiverId', label: 'Caregiver ID', type: 'number', sql: sql`caregivers.id`, visibleByDefault: false },
    {
      key: 'caregiverName',
      label: 'Caregiver',
      type: 'text',
      sql: sql`caregivers.last_name || ', ' || caregivers.first_name`,
      searchable: true,
    },
    {
      key: 'status',
      label: 'Status',
      type: 'enum',
      sql: statusSql,
      options: [
        { value: 'draft', label: 'Draft' },
        { value: 'submitted', label: 'Submitted' },
        { value: 'reviewed', label: 'Reviewed' },
      ],
    },
    { key: 'tasksDone', label: 'Tasks done', type: 'number', sql: sql`jsonb_array_length(sheets.completed_tasks)` },
    {
      key: 'clientSigned',
      label: 'Client signed',
      type: 'boolean',
      sql: sql`(coalesce(sheets.client_signature, sheets.client_initials) is not null)`,
    },
    {
      key: 'clientUnableToSignReason',
      label: 'Unable to sign',
      type: 'text',
      sql: sql`sheets.client_unable_to_sign_reason`,
      searchable: true,
    },
    {
      key: 'caregiverSigned',
      label: 'Caregiver signed',
      type: 'boolean',
      sql: sql`(coalesce(sheets.caregiver_signature, sheets.caregiver_initials) is not null)`,
    },
    { key: 'miles', label: 'Miles', type: 'number', sql: sql`(sheets.transportation_data ->> 'miles')::numeric` },
    { key: 'submittedAt', label: 'Submitted', type: 'datetime', sql: sql`sheets.submitted_at`, visibleByDefault: false },
    { key: 'reviewedAt', label: 'Reviewed', type: 'datetime', sql: sql`sheets.reviewed_at`, visibleByDefault: false },
  ],
  defaultSort: [
    { column: 'startTimestamp', direction: 'desc' },
    { column: 'clientName', direction: 'asc' },
  ],
  rowLink: '/clients/{clientId}/schedule',
};
