import { sql, type SQL } from 'drizzle-orm';
import {
  OPERATORS_BY_TYPE,
  ROW_TIME_ZONE_KEY,
  type ColumnType,
  type QueryViewOutput,
  type ViewOption,
  type ViewRow,
  type ViewFilter,
  type ViewSort,
} from '@hearth/shared/views/views.schema';
import { hasNulCharacter } from '@hearth/shared/app/input-rules';
import type { CATALOGUES, Language } from '@hearth/shared/i18n/languages';
import type { Scope } from '../../auth/scope';
import { AppError, type ErrorText } from '../../errors/app-error';
import { msg } from '../../i18n/server-i18n';
import { viewName } from '../../i18n/record-names';
import type { ViewColumnDefinition, ViewDefinition } from './views.registry';
import { rowsOf } from '../../db/rows';
import { translateEnglish } from '../../i18n/english-messages';
import { resolveBranchNameFilters } from './views.branch-names';

/** The state a view query runs with: filters, sort and search (paging is separate). */
export interface ViewState {
  filters: ViewFilter[];
  sort: ViewSort[];
  search?: string | undefined;
}

const MAX_IN_VALUES = 200;
/** The page query's extra column carrying the count of all matching rows (no view column key starts with "__"). */
const TOTAL_KEY = '__total_count';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** An ISO 8601 date and time, with Z or an offset or neither ("2026-03-09T14:00:00.000Z"). */
const INSTANT = /^(\d{4}-\d{2}-\d{2})[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;
/** Past the range of a PostgreSQL bigint, which whole-number filter values bind as (2^63). */
const BIGINT_LIMIT = 2 ** 63;

/** Whether a YYYY-MM-DD text is a day of the calendar (JavaScript's Date.parse reads 2025-02-30 as March 2). */
function isRealDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/** Whether a text is an ISO 8601 instant on a real day. */
function isRealInstant(text: string): boolean {
  const match = INSTANT.exec(text);
  return !!match && isRealDate(match[1] ?? '') && !Number.isNaN(Date.parse(text));
}

/** What a filter's value needs, a text of the catalogue's errors.views.filterNeeds ("a real date written YYYY-MM-DD"). */
type FilterNeed = keyof typeof CATALOGUES.en.server.errors.views.filterNeeds;

function bad(message: ErrorText): AppError {
  return new AppError('BAD_REQUEST', message);
}

function columnOf(view: ViewDefinition, key: string): ViewColumnDefinition {
  const column = view.columns.find((c) => c.key === key);
  if (!column) throw bad(msg('errors.views.unknownColumn', { column: key, view: viewName(view.name) }));
  return column;
}

/**
 * One filter or sort value as a bound parameter cast to the column's type. Values are never spliced into SQL.
 * @throws AppError BAD_REQUEST naming the column when the value does not fit its type.
 */
function param(column: ViewColumnDefinition, value: unknown): SQL {
  const shown = typeof value === 'string' && value.length > 40 ? `${value.slice(0, 40)}…` : value;
  const json = JSON.stringify(shown);
  // What the value needs and what came, each worded in the reader's language (the value itself as sent).
  const fail = (needs: FilterNeed) =>
    bad(
      msg('errors.views.filterValue', {
        column: column.key,
        needs: msg(`errors.views.filterNeeds.${needs}`),
        got: json ?? msg('errors.views.filterGotNothing'),
      }),
    );
  switch (column.type) {
    case 'text':
      if (typeof value !== 'string' || value.length > 500) throw fail('text');
      if (hasNulCharacter(value)) throw fail('textWithoutNul');
      return sql`${value}::text`;
    case 'enum':
      if (typeof value !== 'string' || !column.options?.some((o) => o.value === value)) throw fail('enum');
      return sql`${value}::text`;
    case 'number':
    case 'money': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n) || (column.type === 'money' && !Number.isInteger(n))) {
        throw fail(column.type);
      }
      if (Math.abs(n) >= BIGINT_LIMIT) throw fail('shortNumber');
      // A whole number binds as bigint so an integer id column keeps its index (integer = numeric casts the column).
      return column.type === 'money' || Number.isSafeInteger(n) ? sql`${n}::bigint` : sql`${n}::numeric`;
    }
    case 'date':
      if (typeof value !== 'string' || !isRealDate(value)) throw fail('realDate');
      return sql`${value}::date`;
    case 'datetime':
      if (typeof value !== 'string' || !isRealInstant(value)) throw fail('realInstant');
      return sql`${new Date(value).toISOString()}::timestamptz`;
    case 'boolean': {
      const b = value === 'true' ? true : value === 'false' ? false : value;
      if (typeof b !== 'boolean') throw fail('boolean');
      return sql`${b}::boolean`;
    }
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A calendar date (YYYY-MM-DD) given to a datetime filter: a whole day on the row's wall clock. */
function isDayValue(column: ViewColumnDefinition, value: unknown): value is string {
  return column.type === 'datetime' && typeof value === 'string' && isRealDate(value);
}

/**
 * `expr` on or after (`>=`) or before (`<`) the midnight starting `day` (+ `plusDays`) in the row's time zone, so
 * "visits of 11/28" are that day in each visit's branch whatever the viewer's zone (issue 18 item 6), across a
 * daylight saving change too (PostgreSQL's AT TIME ZONE). A coarse bound that holds in every zone (UTC-12 to
 * UTC+14) is added beside it, so an index on `expr` still narrows the rows.
 */
function dayBound(expr: SQL, comparison: '>=' | '<', day: string, plusDays: number, timeZone: SQL): SQL {
  const date = sql`(${day}::date + ${plusDays}::int)`;
  const local = sql`(${date}::timestamp at time zone ${timeZone})`;
  const utc = sql`(${date}::timestamp at time zone 'UTC')`;
  return comparison === '>='
    ? sql`(${expr} >= ${local} and ${expr} >= ${utc} - interval '14 hours')`
    : sql`(${expr} < ${local} and ${expr} < ${utc} + interval '12 hours')`;
}

/**
 * Compiles one filter on a declared column into a SQL condition. A datetime filter given calendar dates
 * (YYYY-MM-DD) compares whole days on the wall clock of `timeZone` (the row's zone, rowTimeZone): between days
 * from the first's midnight to the end of the last, before a day, after a day; given instants, it compares them.
 * @throws AppError BAD_REQUEST for an unknown column, an operator the column's type does not allow, a column that
 * is not filterable, or a value of the wrong shape.
 */
export function compileFilter(view: ViewDefinition, filter: ViewFilter, timeZone: SQL = sql`'UTC'`): SQL {
  const column = columnOf(view, filter.column);
  if (column.filterable === false) throw bad(msg('errors.views.notFilterable', { column: column.key }));
  if (!OPERATORS_BY_TYPE[column.type].includes(filter.operator)) {
    throw bad(msg('errors.views.operatorNotAllowed', { operator: filter.operator, type: column.type, column: column.key }));
  }
  const expr = column.sql;
  const v = filter.value;
  switch (filter.operator) {
    case 'equals':
      return sql`${expr} = ${param(column, v)}`;
    case 'in': {
      if (!Array.isArray(v) || v.length === 0 || v.length > MAX_IN_VALUES) {
        throw bad(msg('errors.views.filterInList', { column: column.key, max: MAX_IN_VALUES }));
      }
      return sql`${expr} in (${sql.join(
        v.map((item) => param(column, item)),
        sql`, `,
      )})`;
    }
    case 'contains':
      if (typeof v !== 'string' || v.length === 0) throw bad(msg('errors.views.filterContainsText', { column: column.key }));
      if (v.length > 500 || hasNulCharacter(v)) throw bad(msg('errors.views.filterContainsLimit', { column: column.key }));
      return sql`${expr}::text ilike ${`%${escapeLike(v)}%`}`;
    case 'between': {
      if (!Array.isArray(v) || v.length !== 2) throw bad(msg('errors.views.filterBetweenPair', { column: column.key }));
      const [from, to] = v as unknown[];
      const parts: SQL[] = [];
      if (isDayValue(column, from)) parts.push(dayBound(expr, '>=', from, 0, timeZone));
      else if (from !== null && from !== undefined && from !== '') parts.push(sql`${expr} >= ${param(column, from)}`);
      if (isDayValue(column, to)) parts.push(dayBound(expr, '<', to, 1, timeZone));
      else if (to !== null && to !== undefined && to !== '') parts.push(sql`${expr} <= ${param(column, to)}`);
      if (parts.length === 0) throw bad(msg('errors.views.filterBetweenBound', { column: column.key }));
      return sql.join(parts, sql` and `);
    }
    case 'before':
      if (isDayValue(column, v)) return dayBound(expr, '<', v, 0, timeZone);
      return sql`${expr} < ${param(column, v)}`;
    case 'after':
      if (isDayValue(column, v)) return dayBound(expr, '>=', v, 1, timeZone);
      return sql`${expr} > ${param(column, v)}`;
    case 'isEmpty':
      return isTextual(column.type) ? sql`(${expr} is null or ${expr}::text = '')` : sql`${expr} is null`;
    case 'isNotEmpty':
      return isTextual(column.type) ? sql`(${expr} is not null and ${expr}::text <> '')` : sql`${expr} is not null`;
  }
}

function isTextual(type: ColumnType): boolean {
  return type === 'text' || type === 'enum';
}

/**
 * Compiles a sort into ORDER BY terms from declared expressions, ending with the row id so pages are stable.
 * @throws AppError BAD_REQUEST for an unknown or unsortable column.
 */
export function compileSort(view: ViewDefinition, sort: ViewSort[]): SQL {
  const terms = (sort.length ? sort : view.defaultSort).map((s) => {
    const column = columnOf(view, s.column);
    if (column.sortable === false) throw bad(msg('errors.views.notSortable', { column: column.key }));
    return s.direction === 'desc' ? sql`${column.sql} desc nulls last` : sql`${column.sql} asc nulls last`;
  });
  return sql.join([...terms, sql`${view.id} asc`], sql`, `);
}

/** The free-text search condition over the view's searchable columns, or undefined without search text. */
export function compileSearch(view: ViewDefinition, search: string | undefined): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const columns = view.columns.filter((c) => c.searchable);
  if (columns.length === 0) throw bad(msg('errors.views.notSearchable', { view: viewName(view.name) }));
  const pattern = `%${escapeLike(text)}%`;
  return sql`(${sql.join(
    columns.map((c) => sql`${c.sql} ilike ${pattern}`),
    sql` or `,
  )})`;
}

/** The output expression of a column: one shape on both engines (dates as YYYY-MM-DD, datetimes as ISO UTC). */
function outputExpression(column: ViewColumnDefinition): SQL {
  switch (column.type) {
    case 'date':
      return sql`to_char(${column.sql}, 'YYYY-MM-DD')`;
    case 'datetime':
      return sql`to_char(${column.sql} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    case 'number':
    case 'money':
      return sql`(${column.sql})::float8`;
    default:
      return column.sql;
  }
}

/**
 * The full WHERE condition of a view for a scope and state: scope, filters, search and the view's own rule.
 * `resolved` gives conditions that replace some filters (branch names resolved to ids: resolveWhere).
 */
export function compileWhere(
  scope: Scope,
  view: ViewDefinition,
  state: ViewState,
  resolved: ReadonlyMap<ViewFilter, SQL> = new Map(),
): { from: SQL; where: SQL } {
  const { from, where } = view.source(scope);
  const timeZone = rowTimeZone(scope, view);
  const conditions = [where, ...state.filters.map((f) => resolved.get(f) ?? compileFilter(view, f, timeZone))];
  const search = compileSearch(view, state.search);
  if (search) conditions.push(search);
  const refined = view.refine?.(state.filters);
  if (refined) conditions.push(sql`(${refined})`);
  return { from, where: sql.join(conditions, sql` and `) };
}

/**
 * compileWhere after the filters that are cheaper as ids are resolved (views.branch-names.ts: a branch name filter
 * becomes the ids of the matching branches in scope, one small query before the view's own).
 * @throws AppError BAD_REQUEST for invalid filters or search.
 */
export async function resolveWhere(scope: Scope, view: ViewDefinition, state: ViewState): Promise<{ from: SQL; where: SQL }> {
  const resolved = await resolveBranchNameFilters(scope, view, state.filters, (f) => compileFilter(view, f));
  return compileWhere(scope, view, state, resolved);
}

/**
 * The time zone a row's datetimes are written in: the view's row expression (its branch's zone), else the
 * signed-in user's own zone (an uncorrelated subquery: read once per query).
 */
function rowTimeZone(scope: Scope, view: ViewDefinition): SQL {
  const own = sql`(select tz_user.timezone from users tz_user where tz_user.id = ${scope.userId})`;
  return view.timeZone ? sql`coalesce(${view.timeZone}, ${own})` : own;
}

function selectList(scope: Scope, view: ViewDefinition, columns?: string[]): SQL {
  const chosen = columns ? columns.map((k) => columnOf(view, k)) : view.columns;
  const items = chosen.filter((c) => c.key !== 'id').map((c) => sql`${outputExpression(c)} as ${sql.identifier(c.key)}`);
  const zone = sql`${rowTimeZone(scope, view)} as ${sql.identifier(ROW_TIME_ZONE_KEY)}`;
  return sql.join([sql`${view.id} as "id"`, ...items, zone], sql`, `);
}

/**
 * Rows with the values of the view's `translatable` columns worded in `language` (translateEnglish: a catalogue
 * message's English in that language, any other text as stored). English rows, and views without such a column,
 * are returned as they are.
 */
export function localizeRows<Row extends Record<string, unknown>>(view: ViewDefinition, rows: Row[], language: Language): Row[] {
  const keys = view.columns.filter((c) => c.translatable).map((c) => c.key);
  if (language === 'en' || keys.length === 0) return rows;
  return rows.map((row) => {
    const worded: Record<string, unknown> = { ...row };
    for (const key of keys) {
      const value = row[key];
      if (typeof value === 'string' && value !== '') worded[key] = translateEnglish(value, language);
    }
    return worded as Row;
  });
}

/**
 * Runs a page of a view for a scope: rows (every declared column plus id and ROW_TIME_ZONE_KEY), totalCount, page,
 * pageSize, totalPages. Translatable columns are worded in `language` (localizeRows; English by default).
 * @throws AppError BAD_REQUEST for invalid filters, sort or search.
 */
export async function runViewPage(
  scope: Scope,
  view: ViewDefinition,
  state: ViewState,
  page: number,
  pageSize: number,
  language: Language = 'en',
): Promise<QueryViewOutput> {
  const { from, where } = await resolveWhere(scope, view, state);
  const orderBy = compileSort(view, state.sort);
  const offset = (page - 1) * pageSize;
  // One statement for the page and the count (issue 26: two round trips). The count is an uncorrelated subquery,
  // run once: it reads only the joins its filters need (PostgreSQL drops the others), while the page stops at its
  // limit. A window count(*) over () was measured slower: it carries every matching row through every join and
  // column before the limit (a branch's shifts: 2.5x; a whole clients list: 2.7x).
  const counted = rowsOf<ViewRow & { [TOTAL_KEY]?: number }>(
    await scope.db.execute(
      sql`select ${selectList(scope, view)}, (select count(*)::int from ${from} where ${where}) as ${sql.identifier(TOTAL_KEY)}
        from ${from} where ${where} order by ${orderBy} limit ${pageSize} offset ${offset}`,
    ),
  );
  let totalCount = counted[0]?.[TOTAL_KEY] ?? 0;
  // A page past the last has no row to carry the count (nor runs its subquery): only then is it counted apart.
  if (counted.length === 0 && offset > 0) {
    const [countRow] = rowsOf<{ n: number }>(await scope.db.execute(sql`select count(*)::int as n from ${from} where ${where}`));
    totalCount = countRow?.n ?? 0;
  }
  const rows = counted.map(({ [TOTAL_KEY]: _total, ...row }) => row as ViewRow);
  return { rows: localizeRows(view, rows, language), totalCount, page, pageSize, totalPages: Math.ceil(totalCount / pageSize) };
}

/**
 * Runs a view's query for at most one row and drops it, so a state the database would refuse fails before an
 * export starts streaming: a refusal after the response's headers would reach the user as a 200 cut short.
 * @throws AppError BAD_REQUEST for invalid filters, sort or search; the database's own refusal otherwise (a bad
 * value's one is mapped to 400 by the error handler in app.ts).
 */
export async function assertViewQueryRuns(scope: Scope, view: ViewDefinition, state: ViewState): Promise<void> {
  const { from, where } = compileWhere(scope, view, state);
  compileSort(view, state.sort);
  await scope.db.execute(sql`select 1 from ${from} where ${where} limit 1`);
}

/**
 * Yields all rows of a view for a scope and state in chunks (for exports), with only `columns` (in order), id and
 * ROW_TIME_ZONE_KEY.
 * @throws AppError BAD_REQUEST for invalid state or unknown columns.
 */
export async function* iterateViewRows(
  scope: Scope,
  view: ViewDefinition,
  state: ViewState,
  columns: string[],
  chunkSize = 2000,
): AsyncGenerator<Record<string, unknown>[]> {
  const { from, where } = await resolveWhere(scope, view, state);
  const orderBy = compileSort(view, state.sort);
  const select = selectList(scope, view, columns);
  for (let offset = 0; ; offset += chunkSize) {
    const rows = rowsOf<Record<string, unknown>>(
      await scope.db.execute(
        sql`select ${select} from ${from} where ${where} order by ${orderBy} limit ${chunkSize} offset ${offset}`,
      ),
    );
    if (rows.length) yield rows;
    if (rows.length < chunkSize) return;
  }
}

/** Up to 20 {value, label} options of a view matching typed text (queryOptionsView), in scope. */
export async function runViewOptions(scope: Scope, view: ViewDefinition, text: string): Promise<ViewOption[]> {
  const { from, where } = compileWhere(scope, view, { filters: [], sort: [], search: text });
  return rowsOf<ViewOption>(
    await scope.db.execute(
      sql`select (${view.id})::text as value, ${view.optionLabel} as label from ${from} where ${where} order by 2 limit 20`,
    ),
  );
}
