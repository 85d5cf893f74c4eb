import {
  DEFAULT_VIEW_PAGE_SIZE,
  FILTER_OPERATORS,
  OPERATORS_BY_TYPE,
  type BackendViewMeta,
  type FilterOperator,
  type ViewColumnMeta,
  type ViewFilter,
  type ViewSort,
} from '@hearth/shared/views/views.schema';

/** Page sizes the table offers (the server serves up to 500). */
export const PAGE_SIZE_OPTIONS = [25, 50, 100, 250, 500] as const;

/** Query parameters the table owns; every other parameter of the page is left alone. */
export const URL_KEYS = {
  viewId: 'viewId',
  page: 'page',
  pageSize: 'pageSize',
  sort: 'sort',
  filters: 'filters',
  search: 'search',
  columns: 'columns',
} as const;

/**
 * The table state as the URL holds it. An absent field means "not chosen": the page falls back to the saved
 * view, the user's preference or the backend view's defaults. `sort: []` is an explicit "no sort".
 */
export interface TableUrlState {
  viewId?: number;
  page?: number;
  pageSize?: number;
  sort?: ViewSort[];
  filters?: ViewFilter[];
  search?: string;
  columns?: string[];
}

/** The state a query runs with: every field resolved against the backend view's columns. */
export interface TableState {
  viewId: number | null;
  page: number;
  pageSize: number;
  sort: ViewSort[];
  filters: ViewFilter[];
  search: string;
  columns: string[];
}

const MAX_SEARCH_LENGTH = 200;
const MAX_FILTERS = 50;
const MAX_SORTS = 5;
const KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_.]{0,99}$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function positiveInt(raw: string | null, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (raw === null || !/^\d{1,15}$/.test(raw)) return undefined;
  const value = Number(raw);
  return value >= 1 && value <= max ? value : undefined;
}

function parseSort(raw: string | null): ViewSort[] | undefined {
  if (raw === null) return undefined;
  const sort: ViewSort[] = [];
  for (const part of raw.split(',')) {
    const desc = part.startsWith('-');
    const column = desc ? part.slice(1) : part;
    if (!KEY_PATTERN.test(column) || sort.some((s) => s.column === column)) continue;
    sort.push({ column, direction: desc ? 'desc' : 'asc' });
  }
  return sort.slice(0, MAX_SORTS);
}

function parseColumns(raw: string | null): string[] | undefined {
  if (raw === null) return undefined;
  const columns = [...new Set(raw.split(',').filter((key) => KEY_PATTERN.test(key)))];
  return columns.length > 0 ? columns : undefined;
}

function isOperator(value: unknown): value is FilterOperator {
  return typeof value === 'string' && (FILTER_OPERATORS as readonly string[]).includes(value);
}

/** A filter read from untrusted JSON: the right keys and types, or null. Values are checked against columns later. */
function parseFilter(raw: unknown): ViewFilter | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const { column, operator, value } = raw as Record<string, unknown>;
  if (typeof column !== 'string' || !KEY_PATTERN.test(column) || !isOperator(operator)) return null;
  return value === undefined ? { column, operator } : { column, operator, value };
}

function parseFilters(raw: string | null): ViewFilter[] | undefined {
  if (raw === null) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!Array.isArray(json)) return undefined;
  return json
    .map(parseFilter)
    .filter((f): f is ViewFilter => f !== null)
    .slice(0, MAX_FILTERS);
}

/** Reads the table's parameters from a query string; anything malformed is dropped, never thrown. */
export function parseTableUrl(params: URLSearchParams): TableUrlState {
  const state: TableUrlState = {};
  const viewId = positiveInt(params.get(URL_KEYS.viewId));
  if (viewId !== undefined) state.viewId = viewId;
  const page = positiveInt(params.get(URL_KEYS.page));
  if (page !== undefined) state.page = page;
  const pageSize = positiveInt(params.get(URL_KEYS.pageSize), 500);
  if (pageSize !== undefined) state.pageSize = pageSize;
  const sort = parseSort(params.get(URL_KEYS.sort));
  if (sort !== undefined) state.sort = sort;
  const filters = parseFilters(params.get(URL_KEYS.filters));
  if (filters !== undefined) state.filters = filters;
  const search = params.get(URL_KEYS.search)?.trim().slice(0, MAX_SEARCH_LENGTH);
  if (search) state.search = search;
  const columns = parseColumns(params.get(URL_KEYS.columns));
  if (columns !== undefined) state.columns = columns;
  return state;
}

/** `lastName,-createdAt`: the sort as the URL writes it. */
export function formatSort(sort: readonly ViewSort[]): string {
  return sort.map((s) => (s.direction === 'desc' ? `-${s.column}` : s.column)).join(',');
}

/**
 * Writes the table state into a copy of `base` (other parameters are kept): set fields are written, absent ones
 * removed. An empty filter list is written (it overrides a saved view's filters); an empty search is left out.
 */
export function serializeTableUrl(state: TableUrlState, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of Object.values(URL_KEYS)) params.delete(key);
  if (state.viewId !== undefined) params.set(URL_KEYS.viewId, String(state.viewId));
  if (state.page !== undefined && state.page > 1) params.set(URL_KEYS.page, String(state.page));
  if (state.pageSize !== undefined) params.set(URL_KEYS.pageSize, String(state.pageSize));
  if (state.sort !== undefined) params.set(URL_KEYS.sort, formatSort(state.sort));
  if (state.filters !== undefined) params.set(URL_KEYS.filters, JSON.stringify(state.filters));
  if (state.search) params.set(URL_KEYS.search, state.search);
  if (state.columns !== undefined && state.columns.length > 0) params.set(URL_KEYS.columns, state.columns.join(','));
  return params;
}

/** True when the URL names none of the table's state, so a remembered saved view may be applied. */
export function isBlankTableUrl(state: TableUrlState): boolean {
  return Object.keys(state).length === 0;
}

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isIsoDateTime = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 40 && !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}T/.test(value);
const isDate = (value: unknown): value is string =>
  typeof value === 'string' && DATE_PATTERN.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** Whether one scalar fits a column type (enum values must be among the options when the column lists them). */
function fitsScalar(column: ViewColumnMeta, value: unknown): boolean {
  switch (column.type) {
    case 'text':
      return typeof value === 'string' && value.trim().length > 0 && value.length <= 200;
    case 'number':
      return isFiniteNumber(value);
    case 'money':
      return isFiniteNumber(value) && Number.isInteger(value);
    case 'date':
      return isDate(value);
    case 'datetime':
      // A calendar date is that day on each row's wall clock; an ISO timestamp an instant.
      return isIsoDateTime(value) || isDate(value);
    case 'enum':
      return typeof value === 'string' && (!column.options || column.options.some((o) => o.value === value));
    case 'boolean':
      return typeof value === 'boolean';
  }
}

/** A filter that fits its column (type, operator and value shape), or null. */
export function normalizeFilter(filter: ViewFilter, column: ViewColumnMeta | undefined): ViewFilter | null {
  if (!column || !column.filterable || !OPERATORS_BY_TYPE[column.type].includes(filter.operator)) return null;
  const { operator, value } = filter;
  switch (operator) {
    case 'isEmpty':
    case 'isNotEmpty':
      return { column: column.key, operator };
    case 'in': {
      if (!Array.isArray(value)) return null;
      const values = [...new Set(value.filter((v) => fitsScalar(column, v)))].slice(0, 100);
      return values.length > 0 ? { column: column.key, operator, value: values } : null;
    }
    case 'between': {
      // [from, to]; one end may be left open (null), not both.
      if (!Array.isArray(value) || value.length !== 2) return null;
      const [from, to] = (value as unknown[]).map((end) => (end === undefined || end === '' ? null : end));
      const fits = (end: unknown) => end === null || fitsScalar(column, end);
      if (!fits(from) || !fits(to) || (from === null && to === null)) return null;
      return { column: column.key, operator, value: [from, to] };
    }
    case 'contains':
    case 'equals':
    case 'before':
    case 'after':
      return fitsScalar(column, value) ? { column: column.key, operator, value } : null;
  }
}

/** Visible columns in the backend view's order, when nothing else chose them. */
export function defaultColumns(meta: BackendViewMeta): string[] {
  return meta.columns.filter((c) => c.visibleByDefault).map((c) => c.key);
}

/** Keeps the known keys of a column list, each once; falls back to the defaults when none is left. */
export function resolveColumns(meta: BackendViewMeta, columns: readonly string[] | undefined): string[] {
  const known = new Set(meta.columns.map((c) => c.key));
  const kept = [...new Set((columns ?? []).filter((key) => known.has(key)))];
  return kept.length > 0 ? kept : defaultColumns(meta);
}

/** Keeps the sort entries on sortable columns. */
export function resolveSort(meta: BackendViewMeta, sort: readonly ViewSort[]): ViewSort[] {
  const sortable = new Set(meta.columns.filter((c) => c.sortable).map((c) => c.key));
  const seen = new Set<string>();
  const kept: ViewSort[] = [];
  for (const s of sort) {
    if (!sortable.has(s.column) || seen.has(s.column)) continue;
    seen.add(s.column);
    kept.push({ column: s.column, direction: s.direction === 'desc' ? 'desc' : 'asc' });
  }
  return kept.slice(0, MAX_SORTS);
}

/** Keeps the filters that fit their columns. */
export function resolveFilters(meta: BackendViewMeta, filters: readonly ViewFilter[]): ViewFilter[] {
  const byKey = new Map(meta.columns.map((c) => [c.key, c]));
  return filters.map((f) => normalizeFilter(f, byKey.get(f.column))).filter((f): f is ViewFilter => f !== null);
}

/** What the URL state falls back to: a saved view's choices, then the user's page size. */
export interface TableDefaults {
  columns?: readonly string[];
  sort?: readonly ViewSort[];
  filters?: readonly ViewFilter[];
  pageSize?: number;
}

/** The state to query with: URL first, then the defaults, then the backend view's own; unknown parts dropped. */
export function resolveTableState(meta: BackendViewMeta, url: TableUrlState, defaults: TableDefaults = {}): TableState {
  return {
    viewId: url.viewId ?? null,
    page: url.page ?? 1,
    pageSize: url.pageSize ?? defaults.pageSize ?? DEFAULT_VIEW_PAGE_SIZE,
    sort: resolveSort(meta, url.sort ?? defaults.sort ?? meta.defaultSort),
    filters: resolveFilters(meta, url.filters ?? defaults.filters ?? []),
    search: meta.searchable ? (url.search ?? '') : '',
    columns: resolveColumns(meta, url.columns ?? defaults.columns),
  };
}

/** The sort after clicking a header: ascending, then descending, then none. */
export function nextSort(current: readonly ViewSort[], column: string): ViewSort[] {
  const primary = current[0];
  if (primary?.column !== column) return [{ column, direction: 'asc' }];
  if (primary.direction === 'asc') return [{ column, direction: 'desc' }];
  return [];
}

/** The aria-sort value of a header. */
export function ariaSortOf(sort: readonly ViewSort[], column: string): 'ascending' | 'descending' | 'none' {
  const primary = sort[0];
  if (primary?.column !== column) return 'none';
  return primary.direction === 'asc' ? 'ascending' : 'descending';
}

/** Moves one key of a list up (-1) or down (+1); out of range moves leave it as it is. */
export function moveKey(keys: readonly string[], key: string, delta: -1 | 1): string[] {
  const index = keys.indexOf(key);
  const target = index + delta;
  if (index < 0 || target < 0 || target >= keys.length) return [...keys];
  const next = [...keys];
  next[index] = next[target]!;
  next[target] = key;
  return next;
}

/** Same filters, sort and columns: whether the table still shows a saved view as it was saved. */
export function sameSetup(
  a: { columns: readonly string[]; sort: readonly ViewSort[]; filters: readonly ViewFilter[] },
  b: { columns: readonly string[]; sort: readonly ViewSort[]; filters: readonly ViewFilter[] },
): boolean {
  return (
    a.columns.join(',') === b.columns.join(',') &&
    formatSort(a.sort) === formatSort(b.sort) &&
    JSON.stringify(a.filters) === JSON.stringify(b.filters)
  );
}
