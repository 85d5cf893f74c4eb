import { DateTime } from 'luxon';
import { formatInstant } from '@/format/instant-format';
import { DASHBOARD_MAX_DAYS, EVV_SORT_KEYS, type EvvSortKey } from '@hearth/shared/dashboards/dashboards.schema';
import { i18n } from '@/i18n/i18n.setup';
import { intlLocale } from '@/format/locale';

/** A rate (fraction 0..1) as a whole percentage, "—" without a rate (no completed visit). */
export function percentText(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 100)}%`;
}

/** Minutes as hours with one decimal, in the shown language's digits: 150 -> "2.5 h". */
export function hoursText(minutes: number): string {
  return `${(Math.round(minutes / 6) / 10).toLocaleString(intlLocale())} h`;
}

/** Minutes as hours (one decimal) for chart values. */
export function hoursOf(minutes: number): number {
  return Math.round(minutes / 6) / 10;
}

/**
 * The EVV dashboard's default period: the last 4 full Sunday-Saturday weeks before `today` (YYYY-MM-DD, the
 * user's calendar date), i.e. from the Sunday 4 weeks before this week's Sunday to last Saturday.
 */
export function lastFullWeeks(today: string, weeks = 4): { from: string; to: string } {
  const day = DateTime.fromISO(today);
  const sunday = day.minus({ days: day.weekday % 7 });
  return { from: sunday.minus({ weeks }).toISODate()!, to: sunday.minus({ days: 1 }).toISODate()! };
}

/** Today's calendar date in the browser's time zone. */
export function todayText(): string {
  return DateTime.local().toISODate()!;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What an EVV dashboard URL holds, read by evvParamsOf. */
export interface EvvParams {
  from: string;
  to: string;
  branchId: number | undefined;
  tab: 'caregivers' | 'clients' | 'trends';
  /** The list's order: a column, ascending unless `desc`. */
  sort: EvvSortKey;
  desc: boolean;
  /** The list's page, from 1. */
  page: number;
}

/**
 * The period, branch, tab and list order and page of an EVV dashboard URL
 * (?from=&to=&branchId=&tab=&sort=&desc=1&page=): valid dates within DASHBOARD_MAX_DAYS, else the last 4 full
 * weeks; a positive branch id or none; a known tab or the first; a known column or the rate (lowest first, to start
 * with the visits needing attention); a page from 1 to 99,999, else 1.
 */
export function evvParamsOf(params: URLSearchParams, today: string): EvvParams {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const days = DATE.test(from) && DATE.test(to) ? DateTime.fromISO(to).diff(DateTime.fromISO(from), 'days').days + 1 : 0;
  const period = days >= 1 && days <= DASHBOARD_MAX_DAYS ? { from, to } : lastFullWeeks(today);
  const rawBranch = params.get('branchId');
  const branchId = rawBranch && /^[1-9]\d{0,9}$/.test(rawBranch) ? Number(rawBranch) : undefined;
  const tabParam = params.get('tab');
  const tab = tabParam === 'clients' || tabParam === 'trends' ? tabParam : 'caregivers';
  const sortParam = params.get('sort');
  const sort = EVV_SORT_KEYS.find((k) => k === sortParam) ?? 'rate';
  const rawPage = params.get('page');
  const page = rawPage && /^[1-9]\d{0,4}$/.test(rawPage) ? Number(rawPage) : 1;
  return { ...period, branchId, tab, sort, desc: params.get('desc') === '1', page };
}

/**
 * A local date (YYYY-MM-DD) in the shown language: in English the Luxon `format` ("LLL d": "Mar 2"), in another
 * language its own order and names for the same parts (`parts`, Intl options: "2 mar").
 */
export function localDate(date: string, format: string, parts: Intl.DateTimeFormatOptions): string {
  const day = DateTime.fromISO(date);
  return i18n.language === 'en' ? day.toFormat(format) : day.setLocale(i18n.language).toLocaleString(parts);
}

/** A local date as "Mar 2" (the week labels of the trend charts and the visits' dates). */
export function shortDate(date: string): string {
  return localDate(date, 'LLL d', { month: 'short', day: 'numeric' });
}

/**
 * An ISO instant as "3:05 PM" on the wall clock of `timeZone` (the branch's), "3:05 PM CST" where the zone can
 * differ from the viewer's; "—" for none.
 */
export function timeText(iso: string | null, timeZone: string): string {
  return iso ? formatInstant(iso, timeZone, { style: 'time' }) : '—';
}
