/**
 * Why a worked visit of a billing period is or is not billed (issue "Payroll, billing, reports" item 2):
 * billable (in the claim); over_authorization (billed lines past their authorization: flagged, for the office to
 * decide, never silently billed); not_evv_verified (the payer requires EVV and the visit is not verified: left
 * out); no_rate (no payer service for the visit's code: left out until the payer source has one).
 */
export const BILLING_LINE_STATUSES = ['billable', 'over_authorization', 'not_evv_verified', 'no_rate'] as const;
export type BillingLineStatus = (typeof BILLING_LINE_STATUSES)[number];

export const BILLING_LINE_STATUS_LABELS: Record<BillingLineStatus, string> = {
  billable: 'Billable',
  over_authorization: 'Over authorization',
  not_evv_verified: 'Not EVV-verified',
  no_rate: 'No rate',
};
