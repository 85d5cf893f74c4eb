import { sql } from 'drizzle-orm';
import { NURSE_ASSESSMENT_TYPES } from '@hearth/shared/clients/clients.constants';
import { inBranchScope } from '../../auth/scope';
import { clients } from '../clients/clients.schema';
import type { ViewDefinition } from '../views/views.registry';
import { personColumns } from './reports.columns';

const TYPE_LABELS: Record<(typeof NURSE_ASSESSMENT_TYPES)[number], string> = {
  initial: 'Initial',
  supervisory: 'Supervisory',
  reassessment: 'Reassessment',
  discharge: 'Discharge',
};

/**
 * The nurse assessments report (issue "Payroll, billing, reports" item 3): every nurse assessment of a client in
 * the caller's branches, with the nurse, findings, care plan changes and the next due date; `overdue` flags a
 * next due date before today in the client's branch time zone.
 */
export const reportNurseAssessmentsView: ViewDefinition = {
  name: 'reportNurseAssessments',
  label: 'Nurse assessments',
  tables: ['nurse_assessments', 'clients', 'branches', 'users'],
  source: (scope) => ({
    from: sql`nurse_assessments assessments
      join clients on clients.id = assessments.client_id
      join branches on branches.id = clients.branch_id
      left join users on users.id = assessments.nurse_user_id`,
    where: inBranchScope(scope, clients.branchId),
  }),
  timeZone: sql`branches.timezone`,
  id: sql`assessments.id`,
  optionLabel: sql`clients.last_name || ', ' || clients.first_name || ' ' || assessments.assessed_on::text`,
  columns: [
    ...personColumns('clients'),
    {
      key: 'assessmentType',
      label: 'Type',
      type: 'enum',
      sql: sql`assessments.assessment_type`,
      options: NURSE_ASSESSMENT_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] })),
    },
    { key: 'assessedOn', label: 'Assessed on', type: 'date', sql: sql`assessments.assessed_on` },
    { key: 'nurseName', label: 'Nurse', type: 'text', sql: sql`users.name`, searchable: true },
    { key: 'nextDueOn', label: 'Next due', type: 'date', sql: sql`assessments.next_due_on` },
    {
      key: 'overdue',
      label: 'Overdue',
      type: 'boolean',
      sql: sql`coalesce(assessments.next_due_on < (now() at time zone branches.timezone)::date, false)`,
    },
    { key: 'findings', label: 'Findings', type: 'text', sql: sql`assessments.findings`, searchable: true },
    {
      key: 'carePlanChanges',
      label: 'Care plan changes',
      type: 'text',
      sql: sql`assessments.care_plan_changes`,
      visibleByDefault: false,
    },
  ],
  defaultSort: [
    { column: 'assessedOn', direction: 'desc' },
    { column: 'lastName', direction: 'asc' },
  ],
  rowLink: '/clients/{clientId}/profile',
};
