import type { BillingLineStatus } from '@hearth/shared/billing/billing.constants';
import type { ViewFilter } from '@hearth/shared/views/views.schema';
import { monthRange } from '@/format/local-date';

/**
 * The billing page's selection (period, branch, payer) lives in the reportBilling table's filters, so the URL holds
 * it, the table shows exactly the computed period, and a link reproduces the page. Column keys of the view:
 */
const PERIOD_FROM = 'periodFrom';
const PERIOD_TO = 'periodTo';
const BRANCH = 'branchId';
const PAYER = 'payerSourceId';
const STATUS = 'status';
const OWN = new Set([PERIOD_FROM, PERIOD_TO, BRANCH, PAYER]);

/** A billing period (YYYY-MM-DD, both days included) and its optional branch and payer. */
export interface BillingSelection {
  from: string;
  to: string;
  branchId: number | null;
  payerSourceId: number | null;
}

export type PeriodPreset = 'this' | 'last' | 'custom';

/** The calendar month holding `now` ('this') or the one before it ('last'), in the browser's calendar. */
export function presetPeriod(preset: 'this' | 'last', now: Date = new Date()): { from: string; to: string } {
  const month = preset === 'this' ? now : new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const { startDate, endDate } = monthRange(month);
  return { from: startDate, to: endDate };
}

/** Which preset a period is, 'custom' when neither month. */
export function presetOf(period: { from: string; to: string }, now: Date = new Date()): PeriodPreset {
  for (const preset of ['this', 'last'] as const) {
    const p = presetPeriod(preset, now);
    if (p.from === period.from && p.to === period.to) return preset;
  }
  return 'custom';
}

const equalsValue = (filters: readonly ViewFilter[], column: string): unknown => {
  const own = filters.filter((f) => f.column === column);
  return own.length === 1 && own[0]!.operator === 'equals' ? own[0]!.value : undefined;
};
const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

/** The selection the filters hold, or null when they do not fix one period (one equals filter on each end). */
export function selectionOf(filters: readonly ViewFilter[]): BillingSelection | null {
  const from = equalsValue(filters, PERIOD_FROM);
  const to = equalsValue(filters, PERIOD_TO);
  if (!isDate(from) || !isDate(to)) return null;
  const branchId = equalsValue(filters, BRANCH);
  const payerSourceId = equalsValue(filters, PAYER);
  return { from, to, branchId: isId(branchId) ? branchId : null, payerSourceId: isId(payerSourceId) ? payerSourceId : null };
}

/** The filters of a selection (period, and branch and payer when set); other filters are kept after them. */
export function withSelection(filters: readonly ViewFilter[], s: BillingSelection): ViewFilter[] {
  return [
    { column: PERIOD_FROM, operator: 'equals', value: s.from },
    { column: PERIOD_TO, operator: 'equals', value: s.to },
    ...(s.branchId ? [{ column: BRANCH, operator: 'equals' as const, value: s.branchId }] : []),
    ...(s.payerSourceId ? [{ column: PAYER, operator: 'equals' as const, value: s.payerSourceId }] : []),
    ...filters.filter((f) => !OWN.has(f.column)),
  ];
}

/** The filters showing one status's lines ('all': any status), the selection kept. */
export function withStatus(filters: readonly ViewFilter[], status: BillingLineStatus | 'all'): ViewFilter[] {
  const others = filters.filter((f) => f.column !== STATUS);
  return status === 'all' ? others : [...others, { column: STATUS, operator: 'equals', value: status }];
}

/** The same selection's key, so a computed result is shown only while its selection is on screen. */
export function selectionKey(s: BillingSelection): string {
  return [s.from, s.to, s.branchId ?? '', s.payerSourceId ?? ''].join('|');
}
