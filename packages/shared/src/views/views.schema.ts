import { z } from 'zod';
import { zText, ZId } from '../app/input-rules';
import { zPage } from '../app/outputs.schema';

/** Column types of a backend view (issue: view engine). Money is integer cents; datetime is ISO 8601 UTC. */
export const COLUMN_TYPES = ['text', 'number', 'money', 'date', 'datetime', 'enum', 'boolean'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

/** Filter operators. `value` shapes: equals/contains/before/after a scalar, in an array, between [from, to]. */
export const FILTER_OPERATORS = ['equals', 'in', 'contains', 'between', 'before', 'after', 'isEmpty', 'isNotEmpty'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** Which operators each column type accepts. */
export const OPERATORS_BY_TYPE: Record<ColumnType, readonly FilterOperator[]> = {
  text: ['equals', 'in', 'contains', 'isEmpty', 'isNotEmpty'],
  number: ['equals', 'in', 'between', 'before', 'after', 'isEmpty', 'isNotEmpty'],
  money: ['equals', 'between', 'before', 'after', 'isEmpty', 'isNotEmpty'],
  date: ['equals', 'between', 'before', 'after', 'isEmpty', 'isNotEmpty'],
  datetime: ['between', 'before', 'after', 'isEmpty', 'isNotEmpty'],
  enum: ['equals', 'in', 'isEmpty', 'isNotEmpty'],
  boolean: ['equals', 'isEmpty', 'isNotEmpty'],
};

/** Largest page a view serves (issue: pageSize 1 to 500). */
export const MAX_VIEW_PAGE_SIZE = 500;
export const DEFAULT_VIEW_PAGE_SIZE = 50;

export const ZViewFilter = z.object({
  column: zText().min(1).max(100),
  operator: z.enum(FILTER_OPERATORS, { message: 'Unknown filter operator' }),
  value: z.unknown().optional(),
});
export type ViewFilter = z.infer<typeof ZViewFilter>;

export const ZViewSort = z.object({
  column: zText().min(1).max(100),
  direction: z.enum(['asc', 'desc']).default('asc'),
});
export type ViewSort = z.infer<typeof ZViewSort>;

/** Input of queryView (spec section 7): a page of a backend view, filtered, sorted and searched. */
export const ZQueryViewInput = z.object({
  view: zText().min(1).max(100),
  frontendView: ZId.nullish(),
  filters: z.array(ZViewFilter).max(50).default([]),
  sort: z.array(ZViewSort).max(5).default([]),
  search: zText().trim().max(200).optional(),
  page: z.number().int().min(1, 'page must be at least 1').default(1),
  pageSize: z
    .number()
    .int()
    .min(1, `pageSize must be between 1 and ${MAX_VIEW_PAGE_SIZE}`)
    .max(MAX_VIEW_PAGE_SIZE, `pageSize must be between 1 and ${MAX_VIEW_PAGE_SIZE}`)
    .default(DEFAULT_VIEW_PAGE_SIZE),
});
export type QueryViewInput = z.infer<typeof ZQueryViewInput>;

/** Input of queryOptionsView (spec section 7): options matching typed text; the client sends only non-empty text. */
export const ZQueryOptionsViewInput = z.object({
  view: zText().min(1).max(100),
  value: zText().trim().min(1, 'Type something to search').max(200),
});

/** Input of getBackendView and getFrontendViews. */
export const ZViewNameInput = z.object({ view: zText().min(1).max(100) });

/**
 * How a column's values are written beyond their type (issue 18 item 6): 'dateOfBirth' (a date column) with its
 * four-digit year and the age, "03/14/1942 (84)"; 'timeRange' (a text column holding an ISO 8601 interval of two
 * UTC instants, "2026-03-09T14:00:00.000Z/2026-03-09T18:00:00.000Z", so it sorts by its start) as the span's times
 * in the row's zone, "9:00 AM – 1:00 PM CDT".
 */
export const COLUMN_DISPLAYS = ['dateOfBirth', 'timeRange'] as const;
export type ColumnDisplay = (typeof COLUMN_DISPLAYS)[number];

/**
 * The key every row of a view carries beside its columns: the IANA time zone its datetimes are written in (the
 * row's branch's; the signed-in user's own zone for a row of no branch). Not a column: it cannot be chosen,
 * filtered or sorted.
 */
export const ROW_TIME_ZONE_KEY = '_timeZone';

/** One {value, label} choice: an enum column's option, or a row queryOptionsView found. */
export const ZViewOption = z.object({ value: z.string(), label: z.string() });
export type ViewOption = z.infer<typeof ZViewOption>;

/** One column of a backend view, as getBackendView returns it. */
export const ZViewColumnMeta = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(COLUMN_TYPES),
  display: z.enum(COLUMN_DISPLAYS).optional(),
  options: z.array(ZViewOption).optional(),
  filterable: z.boolean(),
  sortable: z.boolean(),
  visibleByDefault: z.boolean(),
});
export type ViewColumnMeta = z.infer<typeof ZViewColumnMeta>;

/** A backend view's metadata (getBackendView). */
export const ZBackendViewMeta = z.object({
  name: z.string(),
  label: z.string(),
  columns: z.array(ZViewColumnMeta),
  searchable: z.boolean(),
  defaultSort: z.array(ZViewSort),
  /** Where a row links to, with {id} replaced by the row's id; null when rows do not link. */
  rowLink: z.string().nullable(),
});
export type BackendViewMeta = z.infer<typeof ZBackendViewMeta>;

/**
 * One row of a view page. Its columns are open (any key, unknown values): which columns a row has and their types
 * depend on the view named in the input (a view's getBackendView metadata declares them), so no one static schema
 * fits every view. What every row carries is declared: its `id` and ROW_TIME_ZONE_KEY. The whitelist of a view's
 * fields is its definition (the select list of views.query.ts reads only the declared columns), not this schema.
 */
export const ZViewRow = z
  // A bigint id (import rows, the audit log) reaches node-postgres as a string and PGlite as a number: one number on
  // both engines (such ids stay far below 2^53).
  .object({ id: z.coerce.number(), [ROW_TIME_ZONE_KEY]: z.string() })
  .catchall(z.unknown());
export type ViewRow = z.infer<typeof ZViewRow>;

/** A page of a view (queryView). A next page exists while page < totalPages (spec section 4). */
export const ZQueryViewOutput = zPage(ZViewRow);
export type QueryViewOutput = z.infer<typeof ZQueryViewOutput>;

/** Who sees a saved view: its owner only, one branch, or the whole company. */
export const FRONTEND_VIEW_SHARING = ['user', 'branch', 'company'] as const;

/**
 * Input of upsertFrontendView: a named preset of columns, order, widths, filters and sort. A new view's omitted
 * sharing, widths, filters and sort are 'user', none, none, none; an edit ({id}) keeps the stored ones it leaves
 * out (issue 28: an edit without `sharedWith` had made a shared view private again).
 */
export const ZUpsertFrontendViewInput = z.object({
  id: ZId.optional(),
  view: zText().min(1).max(100),
  name: zText().trim().min(1, 'Name is required').max(100),
  sharedWith: z.enum(FRONTEND_VIEW_SHARING).optional(),
  branchId: ZId.nullish(),
  columns: z.array(zText().min(1).max(100)).max(100),
  widths: z.record(zText(), z.number().int().min(40).max(2000)).optional(),
  filters: z.array(ZViewFilter).max(50).optional(),
  sort: z.array(ZViewSort).max(5).optional(),
});
export type UpsertFrontendViewInput = z.infer<typeof ZUpsertFrontendViewInput>;

/** A saved view as getFrontendViews and upsertFrontendView return it. */
export const ZFrontendView = z.object({
  id: z.number(),
  view: z.string(),
  name: z.string(),
  sharedWith: z.enum(FRONTEND_VIEW_SHARING),
  branchId: z.number().nullable(),
  ownerUserId: z.number(),
  ownerName: z.string(),
  /** Whether the caller owns it, so may edit or delete it. */
  canEdit: z.boolean(),
  columns: z.array(z.string()),
  /** Column widths in pixels by column key. */
  widths: z.record(z.string(), z.number()),
  filters: z.array(ZViewFilter),
  sort: z.array(ZViewSort),
});
export type FrontendView = z.infer<typeof ZFrontendView>;

/** Input of upsertFrontendViewUserPreference: the user's last saved view and page size for one table. */
export const ZUpsertFrontendViewUserPreferenceInput = z.object({
  view: zText().min(1).max(100),
  frontendViewId: ZId.nullable().optional(),
  pageSize: z.number().int().min(1).max(MAX_VIEW_PAGE_SIZE).optional(),
});

/** A user's preference for one table (getFrontendViewUserPreferences, upsertFrontendViewUserPreference). */
export const ZFrontendViewUserPreference = z.object({
  view: z.string(),
  frontendViewId: z.number().nullable(),
  pageSize: z.number(),
});
export type FrontendViewUserPreference = z.infer<typeof ZFrontendViewUserPreference>;

/** Export formats of a view (all pages of the current state). */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
