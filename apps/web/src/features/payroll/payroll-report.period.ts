import { previousSemiMonthlyPeriod, semiMonthlyPeriodOf } from '@hearth/shared/payroll/payroll-period';
import { ROW_TIME_ZONE_KEY, type ViewFilter } from '@hearth/shared/views/views.schema';
import { parseTableUrl } from '@/components/data-table/data-table.state';
import { intlLocale, plainSpaces } from '@/format/locale';

/** How the pay period is picked: this or last semi-monthly pay period, or custom dates. */
export type Preset = 'this' | 'last' | 'custom';

/** A pay period: its first and last day (YYYY-MM-DD, both included). */
export interface Period {
  from: string;
  to: string;
}

/** The columns the page's period and branch pickers filter on. */
export const PERIOD_COLUMNS = ['periodFrom', 'periodTo', 'branchId'];

/**
 * The filters that narrow the report's table to a period (and a branch): they live in the table's URL.
 * @param branchId a branch id as the Select holds it (a decimal string), or null for all branches
 */
export function periodFilters(from: string, to: string, branchId: string | null): ViewFilter[] {
  return [
    { column: 'periodFrom', operator: 'equals', value: from },
    { column: 'periodTo', operator: 'equals', value: to },
    ...(branchId ? [{ column: 'branchId', operator: 'equals' as const, value: Number(branchId) }] : []),
  ];
}

/** The period and branch the URL's table filters name, if they name one (the branch id as a string). */
export function periodOfUrl(params: URLSearchParams): { from: string; to: string; branchId: string | null } | null {
  const filters = parseTableUrl(params).filters ?? [];
  const value = (column: string) => filters.find((f) => f.column === column && f.operator === 'equals')?.value;
  const from = value('periodFrom');
  const to = value('periodTo');
  const branch = value('branchId');
  return typeof from === 'string' && typeof to === 'string' ? { from, to, branchId: branch ? String(branch) : null } : null;
}

/** A stored payroll line as far as the page reads it: its period, when it was computed, and its branch zone. */
export interface ComputedLine {
  periodFrom: string;
  periodTo: string;
  computedAt: string;
  /** The IANA zone of the line's branch; empty when the row does not say. */
  timeZone: string;
}

/** The computed line a reportPayroll row holds, or null for no row or a row missing its period or computedAt. */
export function computedLineOf(row: Record<string, unknown> | undefined): ComputedLine | null {
  if (!row) return null;
  const { periodFrom, periodTo, computedAt } = row;
  const timeZone = row[ROW_TIME_ZONE_KEY];
  if (typeof periodFrom !== 'string' || typeof periodTo !== 'string' || typeof computedAt !== 'string') return null;
  return { periodFrom, periodTo, computedAt, timeZone: typeof timeZone === 'string' ? timeZone : '' };
}

/** The preset naming a period on `today` (YYYY-MM-DD): this or last pay period, else custom dates. */
export function presetOf(period: Period, today: string): Preset {
  const last = previousSemiMonthlyPeriod(today);
  const current = semiMonthlyPeriodOf(today);
  if (period.from === last.from && period.to === last.to) return 'last';
  return period.from === current.from && period.to === current.to ? 'this' : 'custom';
}

/**
 * The period a preset picks on `today` (YYYY-MM-DD); for 'custom' the two picked days, or null until both are
 * picked (and for no preset yet).
 */
export function periodOfPreset(preset: Preset | null, custom: [string | null, string | null], today: string): Period | null {
  if (preset === 'this') return semiMonthlyPeriodOf(today);
  if (preset === 'last') return previousSemiMonthlyPeriod(today);
  return preset === 'custom' && custom[0] && custom[1] ? { from: custom[0], to: custom[1] } : null;
}

/**
 * A pay period of two YYYY-MM-DD dates in the shown language: "Mar 1 – Mar 15, 2031" in English; other languages
 * through Intl's range in their locale (Spanish "1–15 de mar de 2031"), the dates read as calendar days (UTC).
 * @param language a language tag; the shown language when left out
 */
export function formatPeriod(from: string, to: string, language?: string): string {
  const locale = intlLocale(language);
  const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
  const options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', timeZone: 'UTC' };
  if (locale !== 'en-US') {
    return plainSpaces(new Intl.DateTimeFormat(locale, { ...options, year: 'numeric' }).formatRange(day(from), day(to)));
  }
  // English keeps the spec's wording, both months named ("Mar 1 – Mar 15"), where Intl's range writes "Mar 1 – 15".
  const date = (iso: string, year: boolean) =>
    day(iso).toLocaleDateString(locale, { ...options, ...(year ? { year: 'numeric' } : {}) });
  return `${date(from, false)} – ${date(to, true)}`;
}
