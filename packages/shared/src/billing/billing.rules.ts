import { BILLING_LINE_STATUSES, type BillingLineStatus } from './billing.constants';
import { englishOf } from '../i18n/english-messages';

/**
 * Billing rules (docs/glossary.md "Billing": units times the payer's rate per service code, per client and payer, for
 * completed and verified visits; issue "Payroll, billing, reports" item 2). The arithmetic of units and amounts is
 * in shifts/shift-units.ts (unitsFromMinutes) and file-exports/file-exports.billing.ts (billedAmountCents,
 * visitsOverAuthorization); this file decides each worked visit's status and sums the lines. Money integer cents.
 */

/** The lines, units and amount (cents) of one billing status (computeBillingReport's byStatus). */
export interface BillingStatusTotals {
  lines: number;
  units: number;
  amountCents: number;
}

/** Days from `from` to `to` (YYYY-MM-DD), both counted: 2025-03-01..2025-03-01 is 1. */
export function daysInPeriod(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** What the status of a worked visit with a payer depends on. */
export interface BillingFacts {
  /** The payer requires EVV (21st Century Cures Act visits: Medicaid personal care and home health). */
  evvRequired: boolean;
  /** The visit is EVV-verified (isEvvVerified). */
  evvVerified: boolean;
  /** The visit's service code, null when the visit has none. */
  serviceCode: string | null;
  /** The payer lists a service (and so a bill rate) for that code. */
  hasRate: boolean;
  /** The visit goes past its authorization (visitsOverAuthorization). */
  overAuthorization: boolean;
}

/**
 * A worked visit's billing status and why, in this order: a payer requiring EVV takes EVV-verified visits only
 * (not_evv_verified: not billed); a visit without a service code, or whose code the payer has no rate for, cannot be
 * priced (no_rate: not billed); a visit past its authorization is billed but flagged for the office to decide
 * (over_authorization, never silently billed); else billable. `note` says why in a few words ('' when billable), the
 * English of a `server` catalogue message (errors.billing.note*): stored so, with no migration, and worded in a
 * reader's language where it is shown by that text (translateEnglish, as any English message of the catalogue).
 */
export function billingStatusOf(facts: BillingFacts, payerName: string): { status: BillingLineStatus; note: string } {
  if (facts.evvRequired && !facts.evvVerified) {
    return {
      status: 'not_evv_verified',
      note: englishOf('errors.billing.noteEvv', { payer: payerName }),
    };
  }
  if (!facts.serviceCode) return { status: 'no_rate', note: englishOf('errors.billing.noteNoServiceCode') };
  if (!facts.hasRate) {
    return { status: 'no_rate', note: englishOf('errors.billing.noteNoRate', { code: facts.serviceCode, payer: payerName }) };
  }
  if (facts.overAuthorization) return { status: 'over_authorization', note: englishOf('errors.billing.noteOverAuthorization') };
  return { status: 'billable', note: '' };
}

/** Whether lines of a status are billed (in the claim and the billing export): billable and over_authorization. */
export function isBilledStatus(status: BillingLineStatus): boolean {
  return status === 'billable' || status === 'over_authorization';
}

/**
 * Totals of billing lines: per status (every status present, zeros when none) lines, units and amount in cents,
 * and the billed amount (isBilledStatus lines only) in cents.
 */
export function billingTotals(lines: readonly { status: BillingLineStatus; units: number; amountCents: number }[]): {
  byStatus: Record<BillingLineStatus, BillingStatusTotals>;
  billedAmountCents: number;
} {
  const byStatus = Object.fromEntries(BILLING_LINE_STATUSES.map((s) => [s, { lines: 0, units: 0, amountCents: 0 }])) as Record<
    BillingLineStatus,
    BillingStatusTotals
  >;
  let billedAmountCents = 0;
  for (const line of lines) {
    const totals = byStatus[line.status];
    totals.lines += 1;
    totals.units += line.units;
    totals.amountCents += line.amountCents;
    if (isBilledStatus(line.status)) billedAmountCents += line.amountCents;
  }
  return { byStatus, billedAmountCents };
}
