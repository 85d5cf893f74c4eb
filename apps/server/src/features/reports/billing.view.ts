import { sql } from 'drizzle-orm';
import { BILLING_LINE_STATUSES, BILLING_LINE_STATUS_LABELS } from '@hearth/shared/billing/billing.constants';
import { inBranchScope } from '../../auth/scope';
import type { ViewDefinition } from '../views/views.registry';

/**
 * The billing report (issue "Payroll, billing, reports" item 3): the billing lines computeBillingReport stored
 * (billing.lines.ts: one per worked visit with a payer in the period, units by the payer's rule, money in cents)
 * of the caller's branches, with payer, client, caregiver, service, units, rate, amount, authorization, EVV and the
 * status saying whether the visit is billed and why not. The page filters it to one computed period.
 */
export const reportBillingView: ViewDefinition = {
  name: 'reportBilling',
  label: 'Billing lines',
  tables: ['billing_lines', 'branches', 'clients', 'caregivers', 'payer_sources', 'client_authorizations'],
  source: (scope) => ({
    from: sql`billing_lines lines
      join branches on branches.id = lines.branch_id
      join clients on clients.id = lines.client_id
      join payer_sources on payer_sources.id = lines.payer_source_id
      left join caregivers on caregivers.id = lines.caregiver_id
      left join client_authorizations auths on auths.id = lines.authorization_id`,
    where: inBranchScope(scope, sql`lines.branch_id`),
  }),
  timeZone: sql`branches.timezone`,
  id: sql`lines.id`,
  optionLabel: sql`clients.last_name || ', ' || clients.first_name || ' ' || lines.visit_date::text`,
  columns: [
    { key: 'id', label: 'Line ID', type: 'number', sql: sql`lines.id`, visibleByDefault: false },
    { key: 'clientId', label: 'Client ID', type: 'number', sql: sql`lines.client_id`, visibleByDefault: false },
    { key: 'shiftId', label: 'Visit ID', type: 'number', sql: sql`lines.shift_id`, visibleByDefault: false },
    { key: 'branchId', label: 'Branch ID', type: 'number', sql: sql`lines.branch_id`, visibleByDefault: false },
    { key: 'payerSourceId', label: 'Payer source ID', type: 'number', sql: sql`lines.payer_source_id`, visibleByDefault: false },
    {
      key: 'clientName',
      label: 'Client',
      type: 'text',
      sql: sql`clients.last_name || ', ' || clients.first_name`,
      searchable: true,
    },
    { key: 'payerName', label: 'Payer', type: 'text', sql: sql`payer_sources.name`, searchable: true },
    {
      key: 'medicaidId',
      label: 'Medicaid ID',
      type: 'text',
      sql: sql`clients.medicaid_id`,
      searchable: true,
      visibleByDefault: false,
    },
    {
      key: 'caregiverName',
      label: 'Caregiver',
      type: 'text',
      sql: sql`caregivers.last_name || ', ' || caregivers.first_name`,
      searchable: true,
    },
    { key: 'branchName', label: 'Branch', type: 'text', sql: sql`branches.name`, visibleByDefault: false },
    { key: 'visitDate', label: 'Visit date', type: 'date', sql: sql`lines.visit_date` },
    { key: 'checkIn', label: 'Check-in', type: 'datetime', sql: sql`lines.check_in_at` },
    { key: 'checkOut', label: 'Check-out', type: 'datetime', sql: sql`lines.check_out_at` },
    {
      key: 'service',
      label: 'Service',
      type: 'text',
      sql: sql`trim(coalesce(lines.service_code, '') || ' ' || replace(lines.modifiers, ':', ' '))`,
      searchable: true,
    },
    { key: 'minutes', label: 'Minutes', type: 'number', sql: sql`lines.minutes`, visibleByDefault: false },
    { key: 'units', label: 'Units', type: 'number', sql: sql`lines.units` },
    { key: 'rateCents', label: 'Rate', type: 'money', sql: sql`lines.rate_cents` },
    { key: 'amountCents', label: 'Amount', type: 'money', sql: sql`lines.amount_cents` },
    {
      key: 'status',
      label: 'Status',
      type: 'enum',
      sql: sql`lines.status`,
      options: BILLING_LINE_STATUSES.map((value) => ({ value, label: BILLING_LINE_STATUS_LABELS[value] })),
    },
    {
      key: 'authorizationNumber',
      label: 'Authorization #',
      type: 'text',
      sql: sql`auths.authorization_number`,
      searchable: true,
      visibleByDefault: false,
    },
    { key: 'evvRequired', label: 'EVV required', type: 'boolean', sql: sql`lines.evv_required`, visibleByDefault: false },
    {
      key: 'overAuthorization',
      label: 'Over authorization',
      type: 'boolean',
      sql: sql`lines.over_authorization`,
      visibleByDefault: false,
    },
    { key: 'evvVerified', label: 'EVV verified', type: 'boolean', sql: sql`lines.evv_verified`, visibleByDefault: false },
    // Stored as the English of its catalogue message (billingStatusOf): worded in the reader's language.
    { key: 'note', label: 'Note', type: 'text', sql: sql`lines.note`, searchable: true, translatable: true },
    { key: 'periodFrom', label: 'Period from', type: 'date', sql: sql`lines.period_from`, visibleByDefault: false },
    { key: 'periodTo', label: 'Period to', type: 'date', sql: sql`lines.period_to`, visibleByDefault: false },
    { key: 'computedAt', label: 'Computed', type: 'datetime', sql: sql`lines.computed_at`, visibleByDefault: false },
  ],
  defaultSort: [
    { column: 'payerName', direction: 'asc' },
    { column: 'clientName', direction: 'asc' },
    { column: 'visitDate', direction: 'asc' },
    { column: 'checkIn', direction: 'asc' },
  ],
  rowLink: '/clients/{clientId}/schedule',
};
