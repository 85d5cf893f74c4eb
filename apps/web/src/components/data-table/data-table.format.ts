import { formatDate, pad } from '@/format/date-format';
import { formatMoney } from '@/format/money';
import { intlLocale } from '@/format/locale';
import { i18n } from '@/i18n/i18n.setup';
import { todayInZone, viewerTimeZone, zoneDiffersFromViewer, type ZoneNameRule } from '@hearth/shared/app/time-display';
import { formatDateOfBirth, formatInstant, formatInstantInterval } from '@/format/instant-format';
import {
  ROW_TIME_ZONE_KEY,
  type ColumnType,
  type FilterOperator,
  type ViewColumnMeta,
  type ViewFilter,
} from '@hearth/shared/views/views.schema';

/** One number formatter per locale: building an Intl.NumberFormat is slow, and a page formats many cells. */
const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number cell's value with the shown language's grouping and decimal mark, up to 6 decimals (12345.5 ->
 * "12,345.5").
 */
function formatNumber(value: number): string {
  const locale = intlLocale();
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 });
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

export { formatMoney };

/**
 * The time zone of a cell's row and whether its times name the zone: `timeZone` the row's (ROW_TIME_ZONE_KEY, its
 * branch's), `zoneName` one rule for the whole page (pageZoneName).
 */
export interface CellZone {
  timeZone: string;
  zoneName: ZoneNameRule;
}

/** A row's time zone (ROW_TIME_ZONE_KEY), the viewer's own when the row has none. */
export function rowTimeZone(row: Record<string, unknown>): string {
  const zone = row[ROW_TIME_ZONE_KEY];
  return typeof zone === 'string' && zone ? zone : viewerTimeZone();
}

/**
 * Whether a page's times carry the zone's abbreviation: all of them when any row's zone can differ from the
 * viewer's (issue 18 item 6), so one column reads alike from row to row; none when every row is in the viewer's.
 */
export function pageZoneName(rows: Record<string, unknown>[], viewerZone: string = viewerTimeZone()): ZoneNameRule {
  return rows.some((row) => zoneDiffersFromViewer(rowTimeZone(row), viewerZone)) ? 'always' : 'never';
}

/**
 * One cell's text: dates MM/DD/YY (a date of birth MM/DD/YYYY with the age on the row's today), datetimes and time
 * ranges on the wall clock of the row's zone (`zone`; the viewer's when absent) with its abbreviation as
 * `zone.zoneName` says, money from cents, Yes/No, enum values by their option label.
 */
export function formatCell(
  column: Pick<ViewColumnMeta, 'type' | 'options' | 'display'>,
  value: unknown,
  zone?: CellZone,
): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) {
    return value
      .map((item) => formatCell(column, item, zone))
      .filter(Boolean)
      .join(', ');
  }
  const timeZone = zone?.timeZone ?? viewerTimeZone();
  const zoneName = zone?.zoneName ?? 'auto';
  switch (column.type) {
    case 'date':
      if (typeof value !== 'string') return String(value);
      return column.display === 'dateOfBirth' ? formatDateOfBirth(value, todayInZone(timeZone)) : formatDate(value);
    case 'datetime':
      return typeof value === 'string' || value instanceof Date ? formatInstant(value, timeZone, { zoneName }) : String(value);
    case 'money': {
      const cents = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(cents) ? formatMoney(cents) : String(value);
    }
    case 'number':
      return typeof value === 'number' ? formatNumber(value) : String(value);
    case 'boolean':
      if (typeof value !== 'boolean') return String(value);
      return i18n.t(value ? 'dataTable:filters.yes' : 'dataTable:filters.no');
    case 'enum': {
      const option = column.options?.find((o) => o.value === String(value));
      return option?.label ?? String(value);
    }
    case 'text':
      if (column.display === 'timeRange' && typeof value === 'string') {
        const range = formatInstantInterval(value, timeZone, { zoneName });
        if (range !== null) return range;
      }
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** Numbers and money line up on the right. */
export function alignOf(type: ColumnType): 'left' | 'right' {
  return type === 'number' || type === 'money' ? 'right' : 'left';
}

/** An operator's words in the catalogue (data-table.json filters.operators). */
type OperatorWords = FilterOperator | 'lessThan' | 'moreThan';

/** A filter pill's sentence in the catalogue (data-table.json filters.describe). */
type FilterSentence = 'plain' | 'text' | 'empty' | 'onOrAfter' | 'atLeast' | 'onOrBefore' | 'atMost' | 'between';

/** The catalogue key of each operator's words, per column type ("before" a date, "less than" a number). */
function operatorKey(type: ColumnType, operator: FilterOperator): OperatorWords {
  const temporal = type === 'date' || type === 'datetime';
  if (operator === 'before' && !temporal) return 'lessThan';
  if (operator === 'after' && !temporal) return 'moreThan';
  return operator;
}

/** Operator names as a person reads them in the shown language, per column type ("is any of", "less than"). */
export function operatorLabel(type: ColumnType, operator: FilterOperator): string {
  return i18n.t(`dataTable:filters.operators.${operatorKey(type, operator)}`);
}

function formatFilterValue(column: ViewColumnMeta, value: unknown): string {
  if (column.type === 'datetime' && typeof value === 'string') {
    return formatDate(/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : localDateOf(value));
  }
  return formatCell(column, value);
}

/**
 * A short sentence for a filter pill in the shown language: "Role is any of Nurse, RVP", "Created between 01/01/26
 * and 01/31/26" (data-table.json filters.describe).
 */
export function describeFilter(column: ViewColumnMeta, filter: ViewFilter): string {
  const say = (key: FilterSentence, values: Record<string, string>) =>
    i18n.t(`dataTable:filters.describe.${key}`, { column: column.label, ...values });
  const operator = operatorLabel(column.type, filter.operator);
  const { value } = filter;
  if (filter.operator === 'isEmpty' || filter.operator === 'isNotEmpty') return say('empty', { operator });
  if (filter.operator === 'between' && Array.isArray(value)) {
    const temporal = column.type === 'date' || column.type === 'datetime';
    const [from, to] = value as unknown[];
    if (to === null || to === undefined) {
      return say(temporal ? 'onOrAfter' : 'atLeast', { value: formatFilterValue(column, from) });
    }
    if (from === null || from === undefined) {
      return say(temporal ? 'onOrBefore' : 'atMost', { value: formatFilterValue(column, to) });
    }
    return say('between', { from: formatFilterValue(column, from), to: formatFilterValue(column, to) });
  }
  if (Array.isArray(value)) {
    return say('plain', { operator, value: value.map((v) => formatFilterValue(column, v)).join(', ') });
  }
  if (column.type === 'text') return say('text', { operator, value: String(value) });
  return say('plain', { operator, value: formatFilterValue(column, value) });
}

/** The browser-local calendar date (YYYY-MM-DD) of an ISO timestamp. */
export function localDateOf(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function localDate(date: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [, year, month, day] = match;
  return new Date(Number(year), Number(month) - 1, Number(day));
}

/** The ISO timestamp of the local midnight starting a calendar date (YYYY-MM-DD); '' for a bad date. */
export function localDayStartIso(date: string): string {
  return localDate(date)?.toISOString() ?? '';
}

/** The ISO timestamp of the last millisecond of a local calendar date (YYYY-MM-DD); '' for a bad date. */
export function localDayEndIso(date: string): string {
  const start = localDate(date);
  if (!start) return '';
  const end = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1);
  return new Date(end.getTime() - 1).toISOString();
}

/** Cents from a dollar amount typed by a person. */
export function centsOf(dollarsValue: number): number {
  return Math.round(dollarsValue * 100);
}

/** A row's link: `{id}` (or any `{key}`) in the backend view's rowLink replaced by the row's value. */
export function rowHref(rowLink: string, row: Record<string, unknown>): string {
  return rowLink.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(String(row[key] ?? '')));
}

/**
 * Whether a cell's text wraps onto more lines (up to the cell's 320 px) instead of ending in an ellipsis: lists
 * ("a, b") and sentences longer than 40 characters (an import row's error or warning), so they are read whole.
 * A short text, or a long one without spaces (an id), stays on one line, its whole text in the cell's title.
 */
export function cellWraps(text: string): boolean {
  return text.includes(', ') || (text.length > 40 && text.includes(' '));
}
