import { sql } from 'drizzle-orm';
import { inBranchScope } from '../../auth/scope';
import type { ViewDefinition } from '../views/views.registry';
import { personColumns } from './reports.columns';

/** Minutes as hours with 2 decimals (the view engine has no duration type): 2550 -> 42.5. */
const hours = (column: string) => sql`round(${sql.raw(column)} / 60.0, 2)`;

/**
 * The payroll report (issue "Payroll, billing, reports" item 3): one row per caregiver per computed pay period
 * (payroll_lines, stored by computePayrollReport) in the caller's branches: visits, hours regular, overtime and
 * travel (minutes shown as hours with 2 decimals), the blended regular rate (29 CFR 778.115), straight-time pay,
 * overtime premium, gross pay (wages before deductions), mileage reimbursement and cash advance deductions in
 * cents, and whether some minutes had no pay rate.
 */
export const reportPayrollView: ViewDefinition = {
  name: 'reportPayroll',
  label: 'Payroll',
  tables: ['payroll_lines', 'caregivers', 'branches'],
  source: (scope) => ({
    from: sql`payroll_lines lines
      join caregivers on caregivers.id = lines.caregiver_id
      join branches on branches.id = lines.branch_id`,
    where: inBranchScope(scope, sql`lines.branch_id`),
  }),
  timeZone: sql`branches.timezone`,
  id: sql`lines.id`,
  optionLabel: sql`caregivers.last_name || ', ' || caregivers.first_name || ' ' || lines.period_from::text`,
  columns: [
    ...personColumns('caregivers'),
    { key: 'branchId', label: 'Branch ID', type: 'number', sql: sql`lines.branch_id`, visibleByDefault: false },
    { key: 'adpFileNumber', label: 'ADP file #', type: 'text', sql: sql`caregivers.adp_file_number`, visibleByDefault: false },
    { key: 'periodFrom', label: 'Period from', type: 'date', sql: sql`lines.period_from` },
    { key: 'periodTo', label: 'Period to', type: 'date', sql: sql`lines.period_to` },
    { key: 'visits', label: 'Visits', type: 'number', sql: sql`lines.visits` },
    { key: 'regularHours', label: 'Regular hours', type: 'number', sql: hours('lines.regular_minutes') },
    { key: 'overtimeHours', label: 'Overtime hours', type: 'number', sql: hours('lines.overtime_minutes') },
    { key: 'travelHours', label: 'Travel hours', type: 'number', sql: hours('lines.travel_minutes') },
    { key: 'visitHours', label: 'Visit hours', type: 'number', sql: hours('lines.visit_minutes'), visibleByDefault: false },
    { key: 'regularRateCents', label: 'Regular rate', type: 'money', sql: sql`lines.regular_rate_cents` },
    { key: 'straightTimePayCents', label: 'Straight-time pay', type: 'money', sql: sql`lines.straight_time_pay_cents` },
    { key: 'overtimePremiumCents', label: 'Overtime premium', type: 'money', sql: sql`lines.overtime_premium_cents` },
    { key: 'grossPayCents', label: 'Gross pay', type: 'money', sql: sql`lines.gross_pay_cents` },
    {
      key: 'mileageMiles',
      label: 'Miles',
      type: 'number',
      sql: sql`round(lines.mileage_hundredths / 100.0, 2)`,
      visibleByDefault: false,
    },
    { key: 'mileageCents', label: 'Mileage', type: 'money', sql: sql`lines.mileage_cents` },
    { key: 'deductionCents', label: 'Deductions', type: 'money', sql: sql`lines.deduction_cents` },
    { key: 'missingPayRate', label: 'Missing pay rate', type: 'boolean', sql: sql`lines.missing_pay_rate` },
    { key: 'computedAt', label: 'Computed', type: 'datetime', sql: sql`lines.computed_at`, visibleByDefault: false },
  ],
  defaultSort: [
    { column: 'periodFrom', direction: 'desc' },
    { column: 'lastName', direction: 'asc' },
    { column: 'firstName', direction: 'asc' },
  ],
  rowLink: '/caregivers/{caregiverId}/profile',
};
