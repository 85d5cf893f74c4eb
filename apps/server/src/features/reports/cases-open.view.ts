import { sql, type SQL } from 'drizzle-orm';
import { inBranchScope } from '../../auth/scope';
import type { ViewDefinition } from '../views/views.registry';

/**
 * Whether a case (the `cases` row named `alias`) has a deadline overdue at the database's now(): the rule of
 * isOverdue in packages/shared/src/cases/case-deadlines.ts, written in SQL; change both together.
 * - acknowledge: not acknowledged, not closed, acknowledge_due_at passed;
 * - state report: state_report_due_at set, not reported, passed (a closed case still owes it);
 * - resolve: not closed (completed or cancelled), resolve_due_at passed.
 * "Passed" is strictly after the due instant. A null due date is never overdue. Output: a boolean SQL expression.
 */
export function caseOverdueSql(alias: string): SQL {
  const c = sql.raw(alias);
  const open = sql`${c}.status not in ('completed', 'cancelled')`;
  return sql`(
    (${open} and ${c}.acknowledged_at is null and ${c}.acknowledge_due_at < now())
    or (${c}.state_reported_at is null and ${c}.state_report_due_at < now())
    or (${open} and ${c}.resolve_due_at < now())
  )`;
}

/**
 * The open cases report (issue 24 item 5 "open and overdue cases by type and branch"): one row per case type and
 * branch in the caller's reach with at least one open case (any status but completed and cancelled): how many are
 * open, how many of those are overdue now (caseOverdueSql, the rule of case-deadlines.ts isOverdue) and when the
 * oldest open one was reported. Row id: case type id * 10^9 + branch id.
 */
export const reportCasesOpenView: ViewDefinition = {
  name: 'reportCasesOpen',
  label: 'Open cases',
  tables: ['cases', 'case_types', 'branches'],
  source: (scope) => ({
    from: sql`(
        select cases.case_type_id, cases.branch_id, count(*)::int as open_count,
          (count(*) filter (where ${caseOverdueSql('cases')}))::int as overdue_count,
          min(cases.reported_at) as oldest_reported_at
        from cases
        where cases.status not in ('completed', 'cancelled')
        group by cases.case_type_id, cases.branch_id
      ) open_cases
      join case_types on case_types.id = open_cases.case_type_id
      join branches on branches.id = open_cases.branch_id`,
    where: inBranchScope(scope, sql`open_cases.branch_id`),
  }),
  timeZone: sql`branches.timezone`,
  id: sql`(open_cases.case_type_id::bigint * 1000000000 + open_cases.branch_id)`,
  optionLabel: sql`case_types.name || ' ' || branches.name`,
  columns: [
    { key: 'caseTypeName', label: 'Case type', type: 'text', sql: sql`case_types.name`, searchable: true },
    { key: 'branchName', label: 'Branch', type: 'text', sql: sql`branches.name`, searchable: true },
    { key: 'openCount', label: 'Open', type: 'number', sql: sql`open_cases.open_count` },
    { key: 'overdueCount', label: 'Overdue', type: 'number', sql: sql`open_cases.overdue_count` },
    { key: 'oldestReportedAt', label: 'Oldest open reported', type: 'datetime', sql: sql`open_cases.oldest_reported_at` },
  ],
  defaultSort: [
    { column: 'overdueCount', direction: 'desc' },
    { column: 'caseTypeName', direction: 'asc' },
    { column: 'branchName', direction: 'asc' },
  ],
  rowLink: null,
};
