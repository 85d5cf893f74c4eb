import { sql, type SQL } from 'drizzle-orm';
import type { BackendViewMeta, ColumnDisplay, ColumnType, ViewFilter, ViewSort } from '@hearth/shared/views/views.schema';
import type { Scope } from '../../auth/scope';

/** One column of a backend view: its metadata and the SQL expression it reads (never built from input). */
export interface ViewColumnDefinition {
  key: string;
  label: string;
  type: ColumnType;
  sql: SQL;
  /** How the screen and the export write the values beyond their type (a date of birth with the age, a time range). */
  display?: ColumnDisplay;
  options?: { value: string; label: string }[];
  filterable?: boolean;
  sortable?: boolean;
  visibleByDefault?: boolean;
  /** Whether free-text search looks in this column (text columns only). */
  searchable?: boolean;
  /**
   * A text column whose stored values are English messages of the `server` catalogue (a billing line's note): a
   * page's rows give them in the reader's language (translateEnglish; a text the catalogue lacks stays as stored).
   * Filters, search and sort still work on the stored English.
   */
  translatable?: boolean;
  /** Export formatting of money columns is in dollars; other types export as they are. */
}

/**
 * A backend view (issue: view engine): a declaration of columns and a query. `source` gives the FROM clause
 * (with joins) and the scope condition for the caller; `tables` are the tables it reads, each of which the
 * caller's role must hold in its table permissions; the view's name must be in its view permissions.
 */
export interface ViewDefinition {
  name: string;
  label: string;
  tables: string[];
  source: (scope: Scope) => { from: SQL; where: SQL };
  /**
   * The IANA time zone of a row, in which its datetimes are shown and exported (issue 18 item 6): the row's
   * branch's `branches.timezone`. A view of no branch, or a row whose expression is null, uses the signed-in
   * user's own time zone (users.timezone, spec "User").
   */
  timeZone?: SQL;
  /**
   * The row's branch id on the view's main table (`shifts.branch_id`), where the view joins `branches` on it and
   * shows `branches.name` as its `branchName` column: a filter on that column is then resolved to branch ids before
   * the view's query runs, so the main table's branch index narrows it (views.branch-names.ts).
   */
  branchId?: SQL;
  /** The row id expression (stable tiebreaker for paging, and the options' value). */
  id: SQL;
  /** The label of a row in queryOptionsView. */
  optionLabel: SQL;
  columns: ViewColumnDefinition[];
  defaultSort: ViewSort[];
  rowLink: string | null;
  /**
   * A view's own rule on top of its filters: given the request's filters (already checked against the columns),
   * an extra SQL condition, or undefined for none. It applies wherever the view's rows are read (queryView with
   * or without a saved view, queryOptionsView, export). Example: the shifts view's spec rule that a list filtered
   * to a status other than scheduled keeps only shifts with a missing entry (spec section 4).
   */
  refine?: (filters: ViewFilter[]) => SQL | undefined;
}

/**
 * The SQL of a 'timeRange' column: two timestamptz expressions as an ISO 8601 interval of UTC instants
 * ("2026-03-09T14:00:00.000Z/2026-03-09T18:00:00.000Z"), the same text form as datetime columns, so it sorts by
 * its start; null when the start is null.
 */
export function isoInterval(start: SQL, end: SQL): SQL {
  const iso = (at: SQL) => sql`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return sql`(${iso(start)} || '/' || ${iso(end)})`;
}

/** The metadata getBackendView returns for a definition. */
export function viewMeta(view: ViewDefinition): BackendViewMeta {
  return {
    name: view.name,
    label: view.label,
    columns: view.columns.map((c) => ({
      key: c.key,
      label: c.label,
      type: c.type,
      ...(c.display ? { display: c.display } : {}),
      ...(c.options ? { options: c.options } : {}),
      filterable: c.filterable ?? true,
      sortable: c.sortable ?? true,
      visibleByDefault: c.visibleByDefault ?? true,
    })),
    searchable: view.columns.some((c) => c.searchable),
    defaultSort: view.defaultSort,
    rowLink: view.rowLink,
  };
}
