import { sql } from 'drizzle-orm';
import { inBranchScope } from '../../auth/scope';
import type { ViewDefinition } from '../views/views.registry';
import { personColumns } from './reports.columns';

/**
 * The time to resolve report (issue 24 item 5 "time to resolve"): every completed case in the caller's branches
 * with its number (CASE-000123, caseNumberLabel's form), type, branch, client, when it was reported and completed,
 * the hours between them (one decimal) and whether it was completed by its resolve deadline (null when the type set
 * none). Cancelled cases are not resolved and are left out; a reopened case is listed again once completed again.
 */
export const reportCaseResolutionView: ViewDefinition = {
  name: 'reportCaseResolution',
  label: 'Case resolution',
  tables: ['cases', 'case_types', 'clients', 'branches'],
  source: (scope) => ({
    from: sql`cases
      join case_types on case_types.id = cases.case_type_id
      join clients on clients.id = cases.client_id
      join branches on branches.id = cases.branch_id`,
    where: sql`cases.status = 'completed' and cases.completed_at is not null and ${inBranchScope(scope, sql`cases.branch_id`)}`,
  }),
  timeZone: sql`branches.timezone`,
  id: sql`cases.id`,
  optionLabel: sql`'CASE-' || lpad(cases.number::text, 6, '0') || ' ' || cases.title`,
  columns: [
    { key: 'caseNumber', label: 'Case', type: 'text', sql: sql`'CASE-' || lpad(cases.number::text, 6, '0')`, searchable: true },
    { key: 'caseTypeName', label: 'Case type', type: 'text', sql: sql`case_types.name`, searchable: true },
    ...personColumns('clients'),
    { key: 'reportedAt', label: 'Reported', type: 'datetime', sql: sql`cases.reported_at` },
    { key: 'completedAt', label: 'Completed', type: 'datetime', sql: sql`cases.completed_at` },
    {
      key: 'hoursToResolve',
      label: 'Hours to resolve',
      type: 'number',
      sql: sql`round((extract(epoch from (cases.completed_at - cases.reported_at)) / 3600)::numeric, 1)::float8`,
    },
    {
      key: 'metDeadline',
      label: 'By the deadline',
      type: 'boolean',
      sql: sql`(case when cases.resolve_due_at is null then null else cases.completed_at <= cases.resolve_due_at end)`,
    },
  ],
  defaultSort: [
    { column: 'completedAt', direction: 'desc' },
    { column: 'caseNumber', direction: 'asc' },
  ],
  rowLink: '/cases/{id}',
};
