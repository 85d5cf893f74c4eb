import { sql } from 'drizzle-orm';
import { CASE_PRIORITIES, CASE_STATUSES, type CasePriority, type CaseStatus } from '@hearth/shared/cases/cases.constants';
import type { ViewDefinition } from '../views/views.registry';
import { caseOverdueSql } from '../reports/cases-open.view';
import { caseReach } from './cases.read';

const STATUS_LABELS: Record<CaseStatus, string> = {
  draft: 'Draft',
  requested: 'Requested',
  accepted: 'Accepted',
  'in-progress': 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

const PRIORITY_LABELS: Record<CasePriority, string> = {
  routine: 'Routine',
  urgent: 'Urgent',
  asap: 'ASAP',
  stat: 'STAT',
};

/**
 * The cases list (/cases; issue 24 item 2) as a backend view: number, type, status, priority, client, assignee,
 * reported, the next due date and whether a deadline is overdue now (caseOverdueSql: the rule of isOverdue in
 * packages/shared/src/cases/case-deadlines.ts, in SQL), newest report first. Scoped as cases.detail (cases.read.ts
 * caseReach: the case's branch in the caller's scope).
 */
export const casesView: ViewDefinition = {
  name: 'cases',
  label: 'Cases',
  tables: ['cases', 'case_types', 'clients', 'branches', 'users'],
  source: (scope) => ({
    from: sql`cases join case_types on case_types.id = cases.case_type_id
      join clients on clients.id = cases.client_id
      join branches on branches.id = cases.branch_id
      join users reporter on reporter.id = cases.reported_by_user_id
      left join users assignee on assignee.id = cases.assignee_user_id`,
    where: caseReach(scope),
  }),
  timeZone: sql`branches.timezone`,
  id: sql`cases.id`,
  optionLabel: sql`'CASE-' || lpad(cases.number::text, 6, '0') || ' ' || cases.title`,
  columns: [
    { key: 'id', label: 'ID', type: 'number', sql: sql`cases.id`, visibleByDefault: false },
    { key: 'number', label: 'Number', type: 'number', sql: sql`cases.number` },
    { key: 'title', label: 'Title', type: 'text', sql: sql`cases.title`, searchable: true },
    { key: 'typeName', label: 'Type', type: 'text', sql: sql`case_types.name`, searchable: true },
    {
      key: 'status',
      label: 'Status',
      type: 'enum',
      sql: sql`cases.status`,
      options: CASE_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })),
    },
    {
      key: 'priority',
      label: 'Priority',
      type: 'enum',
      sql: sql`cases.priority`,
      options: CASE_PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] })),
    },
    {
      key: 'clientName',
      label: 'Client',
      type: 'text',
      sql: sql`clients.first_name || ' ' || clients.last_name`,
      searchable: true,
    },
    { key: 'clientId', label: 'Client ID', type: 'number', sql: sql`cases.client_id`, visibleByDefault: false },
    { key: 'branchName', label: 'Branch', type: 'text', sql: sql`branches.name`, visibleByDefault: false },
    { key: 'assigneeName', label: 'Assignee', type: 'text', sql: sql`assignee.name`, searchable: true },
    { key: 'reportedByName', label: 'Reported by', type: 'text', sql: sql`reporter.name`, visibleByDefault: false },
    { key: 'reportedAt', label: 'Reported', type: 'datetime', sql: sql`cases.reported_at` },
    {
      key: 'dueAt',
      label: 'Due',
      type: 'datetime',
      // The next deadline still to meet: acknowledgement and resolution while open, the state report until made.
      sql: sql`least(
        case when cases.acknowledged_at is null and cases.status not in ('completed', 'cancelled') then cases.acknowledge_due_at end,
        case when cases.state_reported_at is null then cases.state_report_due_at end,
        case when cases.status not in ('completed', 'cancelled') then cases.resolve_due_at end)`,
    },
    { key: 'overdue', label: 'Overdue', type: 'boolean', sql: caseOverdueSql('cases') },
  ],
  defaultSort: [{ column: 'reportedAt', direction: 'desc' }],
  rowLink: '/cases/{id}',
};
