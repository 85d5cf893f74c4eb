import { sql } from 'drizzle-orm';
import { inBranchScope } from '../../auth/scope';
import { caregivers } from '../caregivers/caregivers.schema';
import type { ViewDefinition } from '../views/views.registry';
import { personColumns } from './reports.columns';

/**
 * The caregiver cash advances report (issue "Payroll, billing, reports" item 3): each advance (amount in cents,
 * docs/glossary.md "Cash advance") of a caregiver in the caller's branches, with whether a payroll has deducted it yet.
 */
export const reportCaregiverCashAdvancesView: ViewDefinition = {
  name: 'reportCaregiverCashAdvances',
  label: 'Caregiver cash advances',
  tables: ['caregiver_cash_advances', 'caregivers', 'branches', 'users'],
  source: (scope) => ({
    from: sql`caregiver_cash_advances advances
      join caregivers on caregivers.id = advances.caregiver_id
      join branches on branches.id = caregivers.branch_id
      left join users on users.id = advances.created_by_user_id`,
    where: inBranchScope(scope, caregivers.branchId),
  }),
  timeZone: sql`branches.timezone`,
  id: sql`advances.id`,
  optionLabel: sql`caregivers.last_name || ', ' || caregivers.first_name || ' ' || advances.advanced_on::text`,
  columns: [
    ...personColumns('caregivers'),
    { key: 'advancedOn', label: 'Advanced on', type: 'date', sql: sql`advances.advanced_on` },
    { key: 'amountCents', label: 'Amount', type: 'money', sql: sql`advances.amount_cents` },
    { key: 'reason', label: 'Reason', type: 'text', sql: sql`advances.reason`, searchable: true },
    { key: 'deducted', label: 'Deducted', type: 'boolean', sql: sql`(advances.deducted_on is not null)` },
    { key: 'deductedOn', label: 'Deducted on', type: 'date', sql: sql`advances.deducted_on` },
    { key: 'createdByName', label: 'Entered by', type: 'text', sql: sql`users.name`, visibleByDefault: false },
  ],
  defaultSort: [
    { column: 'advancedOn', direction: 'desc' },
    { column: 'lastName', direction: 'asc' },
  ],
  rowLink: '/caregivers/{caregiverId}/profile',
};
