import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import {
  type BackendViewMeta,
  type FrontendView,
  type FrontendViewUserPreference,
  type QueryViewInput,
  type UpsertFrontendViewInput,
  type QueryViewOutput,
  type ViewOption,
  DEFAULT_VIEW_PAGE_SIZE,
} from '@hearth/shared/views/views.schema';
import type { OkOutput } from '@hearth/shared/app/outputs.schema';
import type { Language } from '@hearth/shared/i18n/languages';
import { inBranchScope, type Scope } from '../../auth/scope';
import { AppError, notFound } from '../../errors/app-error';
import { msg } from '../../i18n/server-i18n';
import { viewName } from '../../i18n/record-names';
import { users } from '../users/users.schema';
import { findView } from './views.catalog';
import { viewMeta, type ViewDefinition } from './views.registry';
import { compileFilter, compileSort, runViewOptions, runViewPage } from './views.query';
import { frontendViews, frontendViewUserPreferences } from './views.schema';

/**
 * The view named `name` if the scope's role may read it: the view in its view permissions and every table the
 * view reads in its table permissions (system level reaches all).
 * @throws AppError NOT_FOUND for an unknown view, FORBIDDEN naming what is missing.
 */
export function authorizeView(scope: Scope, name: string): ViewDefinition {
  const view = findView(name);
  if (!view) throw new AppError('NOT_FOUND', `Unknown view: ${name}`);
  if (scope.level === 'system') return view;
  if (!scope.viewPermissions.includes(view.name)) {
    throw new AppError('FORBIDDEN', msg('errors.views.mayNotRead', { view: viewName(view.name) }));
  }
  const missing = view.tables.filter((t) => !scope.tablePermissions.includes(t));
  if (missing.length) throw new AppError('FORBIDDEN', `Your role may not read the table ${missing.join(', ')}`);
  return view;
}

/** getBackendView {view}: the view's columns, search, default sort and row link. */
export function getBackendView({ scope, input }: { scope: Scope; input: { view: string } }): BackendViewMeta {
  return viewMeta(authorizeView(scope, input.view));
}

/**
 * queryView: a page of rows in scope. A saved view (`frontendView`) adds its filters to the request's and gives
 * its sort when the request has none. Columns declared `translatable` are worded in the caller's `language`
 * (English when not given).
 * @returns {rows, totalCount, page, pageSize, totalPages}
 * @throws AppError BAD_REQUEST for unknown columns or operators, FORBIDDEN, NOT_FOUND (view or saved view).
 */
export async function queryView({
  scope,
  input,
  language = 'en',
}: {
  scope: Scope;
  input: QueryViewInput;
  language?: Language;
}): Promise<QueryViewOutput> {
  const view = authorizeView(scope, input.view);
  let { filters, sort } = input;
  if (input.frontendView) {
    const saved = await findVisibleFrontendView(scope, input.frontendView);
    if (saved.view !== view.name) {
      throw new AppError('BAD_REQUEST', msg('errors.views.savedOfOther', { id: saved.id, view: viewName(saved.view) }));
    }
    filters = [...saved.filters, ...filters];
    if (sort.length === 0) sort = saved.sort;
  }
  return runViewPage(scope, view, { filters, sort, search: input.search }, input.page, input.pageSize, language);
}

/** queryOptionsView {view, value}: up to 20 {value, label} rows matching the text, in scope. */
export async function queryOptionsView({
  scope,
  input,
}: {
  scope: Scope;
  input: { view: string; value: string };
}): Promise<ViewOption[]> {
  return runViewOptions(scope, authorizeView(scope, input.view), input.value);
}

/** Saved views the scope may see: its own, its company's, and those shared with a branch in its scope. */
function visibleFrontendViews(scope: Scope): SQL {
  const company = scope.companyId === null ? sql`false` : eq(frontendViews.companyId, scope.companyId);
  return or(
    eq(frontendViews.ownerUserId, scope.userId),
    and(eq(frontendViews.sharedWith, 'company'), company),
    and(eq(frontendViews.sharedWith, 'branch'), inBranchScope(scope, frontendViews.branchId)),
  )!;
}

type FrontendViewRow = typeof frontendViews.$inferSelect;

function toFrontendView(scope: Scope, row: FrontendViewRow, ownerName: string): FrontendView {
  return {
    id: row.id,
    view: row.view,
    name: row.name,
    sharedWith: row.sharedWith,
    branchId: row.branchId,
    ownerUserId: row.ownerUserId,
    ownerName,
    canEdit: row.ownerUserId === scope.userId,
    columns: row.columns,
    widths: row.widths,
    filters: row.filters,
    sort: row.sort,
  };
}

async function findVisibleFrontendView(scope: Scope, id: number): Promise<FrontendViewRow> {
  const [row] = await scope.db
    .select()
    .from(frontendViews)
    .where(and(eq(frontendViews.id, id), visibleFrontendViews(scope)));
  if (!row) throw notFound('Saved view', id);
  return row;
}

/** getFrontendViews {view}: the saved views of a backend view the scope may see, by name. */
export async function getFrontendViews({ scope, input }: { scope: Scope; input: { view: string } }): Promise<FrontendView[]> {
  authorizeView(scope, input.view);
  const rows = await scope.db
    .select({ view: frontendViews, ownerName: users.name })
    .from(frontendViews)
    .innerJoin(users, eq(users.id, frontendViews.ownerUserId))
    .where(and(eq(frontendViews.view, input.view), visibleFrontendViews(scope)))
    .orderBy(asc(frontendViews.name), asc(frontendViews.id));
  return rows.map((r) => toFrontendView(scope, r.view, r.ownerName));
}

/**
 * upsertFrontendView: creates a saved view, or edits one the caller owns (sharing, widths, filters and sort it
 * leaves out keep their stored values). Columns, filters and sort are
 * checked against the backend view. Sharing with a branch needs that branch in scope; with the company, company
 * or system level.
 * @throws AppError BAD_REQUEST (unknown columns, bad filters), FORBIDDEN (sharing, not the owner), NOT_FOUND.
 */
export async function upsertFrontendView({
  scope,
  input,
}: {
  scope: Scope;
  input: UpsertFrontendViewInput;
}): Promise<FrontendView> {
  const view = authorizeView(scope, input.view);
  const existing = input.id ? await findVisibleFrontendView(scope, input.id) : undefined;
  if (existing && existing.ownerUserId !== scope.userId)
    throw new AppError('FORBIDDEN', 'Only the owner may change a saved view');
  // An edit keeps what it leaves out; a new view starts private, with no widths, filters or sort.
  const sharedWith = input.sharedWith ?? existing?.sharedWith ?? 'user';
  const widths = input.widths ?? existing?.widths ?? {};
  const filters = input.filters ?? existing?.filters ?? [];
  const sort = input.sort ?? existing?.sort ?? [];
  const unknown = input.columns.filter((c) => !view.columns.some((col) => col.key === c));
  if (unknown.length) {
    throw new AppError(
      'BAD_REQUEST',
      msg('errors.views.unknownColumns', { view: viewName(view.name), columns: unknown.join(', ') }),
    );
  }
  filters.forEach((f) => compileFilter(view, f));
  compileSort(view, sort);
  const branchId = sharedWith === 'branch' ? (input.branchId === undefined ? existing?.branchId : input.branchId) : null;
  if (sharedWith === 'branch') {
    if (!branchId) throw new AppError('BAD_REQUEST', 'Choose the branch to share this view with', { branchId: ['Required'] });
    const inScope = scope.level === 'system' || scope.branchIds.includes(branchId) || scope.level === 'company';
    if (!inScope) throw new AppError('FORBIDDEN', `Branch ${branchId} is outside your branches`);
  }
  if (sharedWith === 'company' && scope.level !== 'company' && scope.level !== 'system') {
    throw new AppError('FORBIDDEN', 'Only company-level roles may share a view with the whole company');
  }
  const values = {
    view: view.name,
    name: input.name,
    sharedWith,
    branchId: branchId ?? null,
    companyId: scope.companyId,
    columns: input.columns,
    widths,
    filters,
    sort,
  };
  let row: FrontendViewRow | undefined;
  if (existing) {
    [row] = await scope.db
      .update(frontendViews)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(frontendViews.id, existing.id))
      .returning();
  } else {
    [row] = await scope.db
      .insert(frontendViews)
      .values({ ...values, ownerUserId: scope.userId })
      .returning();
  }
  const [owner] = await scope.db.select({ name: users.name }).from(users).where(eq(users.id, scope.userId));
  return toFrontendView(scope, row!, owner?.name ?? '');
}

/**
 * deleteFrontendView {id}: deletes a saved view the caller owns.
 * @throws AppError NOT_FOUND when not visible, FORBIDDEN when not the owner.
 */
export async function deleteFrontendView({ scope, input }: { scope: Scope; input: { id: number } }): Promise<OkOutput> {
  const existing = await findVisibleFrontendView(scope, input.id);
  if (existing.ownerUserId !== scope.userId) throw new AppError('FORBIDDEN', 'Only the owner may delete a saved view');
  await scope.db.delete(frontendViews).where(eq(frontendViews.id, input.id));
  return { ok: true };
}

/** getFrontendViewUserPreferences {view}: the caller's last saved view and page size for a table. */
export async function getFrontendViewUserPreferences({
  scope,
  input,
}: {
  scope: Scope;
  input: { view: string };
}): Promise<FrontendViewUserPreference> {
  authorizeView(scope, input.view);
  const [row] = await scope.db
    .select()
    .from(frontendViewUserPreferences)
    .where(and(eq(frontendViewUserPreferences.userId, scope.userId), eq(frontendViewUserPreferences.view, input.view)));
  return { view: input.view, frontendViewId: row?.frontendViewId ?? null, pageSize: row?.pageSize ?? DEFAULT_VIEW_PAGE_SIZE };
}

/**
 * upsertFrontendViewUserPreference {view, frontendViewId?, pageSize?}: remembers the caller's last saved view
 * (null clears it) and page size; omitted fields keep their value.
 * @throws AppError NOT_FOUND for a saved view the caller cannot see.
 */
export async function upsertFrontendViewUserPreference({
  scope,
  input,
}: {
  scope: Scope;
  input: { view: string; frontendViewId?: number | null | undefined; pageSize?: number | undefined };
}): Promise<FrontendViewUserPreference> {
  authorizeView(scope, input.view);
  if (input.frontendViewId) await findVisibleFrontendView(scope, input.frontendViewId);
  const current = await getFrontendViewUserPreferences({ scope, input: { view: input.view } });
  const next = {
    frontendViewId: input.frontendViewId === undefined ? current.frontendViewId : input.frontendViewId,
    pageSize: input.pageSize ?? current.pageSize,
  };
  await scope.db
    .insert(frontendViewUserPreferences)
    .values({ userId: scope.userId, view: input.view, ...next })
    .onConflictDoUpdate({
      target: [frontendViewUserPreferences.userId, frontendViewUserPreferences.view],
      set: { ...next, updatedAt: new Date() },
    });
  return { view: input.view, ...next };
}
