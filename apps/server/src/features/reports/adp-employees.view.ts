import { sql } from 'drizzle-orm';
import { CAREGIVER_STATUSES, CAREGIVER_STATUS_LABELS } from '@hearth/shared/caregivers/caregivers.constants';
import { inBranchScope } from '../../auth/scope';
import { caregivers } from '../caregivers/caregivers.schema';
import type { ViewDefinition } from '../views/views.registry';
import { personColumns } from './reports.columns';

/**
 * The ADP employees report (issue "Payroll, billing, reports" item 3): every caregiver in the caller's branches
 * with the ADP file number payroll matches them by, status, hire date and branch. `missingAdpFileNumber` flags
 * those payroll cannot send to ADP yet.
 */
export const reportAdpEmployeesView: ViewDefinition = {
  name: 'reportAdpEmployees',
  label: 'ADP employees',
  tables: ['caregivers', 'branches'],
  source: (scope) => ({
    from: sql`caregivers join branches on branches.id = caregivers.branch_id`,
    where: inBranchScope(scope, caregivers.branchId),
  }),
  timeZone: sql`branches.timezone`,
  id: sql`caregivers.id`,
  optionLabel: sql`caregivers.last_name || ', ' || caregivers.first_name`,
  columns: [
    ...personColumns('caregivers'),
    { key: 'adpFileNumber', label: 'ADP file number', type: 'text', sql: sql`caregivers.adp_file_number`, searchable: true },
    {
      key: 'missingAdpFileNumber',
      label: 'No ADP number',
      type: 'boolean',
      sql: sql`(coalesce(trim(caregivers.adp_file_number), '') = '')`,
    },
    {
      key: 'status',
      label: 'Status',
      type: 'enum',
      sql: sql`caregivers.status`,
      options: CAREGIVER_STATUSES.map((value) => ({ value, label: CAREGIVER_STATUS_LABELS[value] })),
    },
    { key: 'hireDate', label: 'Hire date', type: 'date', sql: sql`caregivers.hire_date` },
    { key: 'email', label: 'Email', type: 'text', sql: sql`caregivers.email`, visibleByDefault: false },
    { key: 'externalId', label: 'External ID', type: 'text', sql: sql`caregivers.external_id`, visibleByDefault: false },
  ],
  defaultSort: [
    { column: 'lastName', direction: 'asc' },
    { column: 'firstName', direction: 'asc' },
  ],
  rowLink: '/caregivers/{caregiverId}/profile',
};
