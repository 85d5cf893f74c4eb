import type { SQL } from 'drizzle-orm';
import type { BackendViewMeta, ColumnType, ViewFilter, ViewSort } from '@hearth/shared/views/views.schema';
import type { Scope } from '../../auth/scope';

/** One column of a backend view: its metadata and the SQL expression it reads (never built from input). */
export interface ViewColumnDefinition {
  key: string;
  label: string;
  type: ColumnType;
  sql: SQL;
  options?: { value: string; label: string }[];
  filterable?: boolean;
  sortable?: boolean;
  visibleByDefault?: boolean;
  /** Whether free-text search looks in this column (text columns only). */
  searchable?: boolean;
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

/** The metadata getBackendView returns for a definition. */
export function viewMeta(view: ViewDefinition): BackendViewMeta {
  return {
    name: view.name,
    label: view.label,
    columns: view.columns.map((c) => ({
      key: c.key,
      label: c.label,
      type: c.type,
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
