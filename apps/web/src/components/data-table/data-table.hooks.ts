import { useEffect, useMemo } from 'react';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import type { BackendViewMeta, FrontendView, FrontendViewUserPreference } from '@hearth/shared/views/views.schema';
import { useTRPC } from '@/api/trpc';
import {
  isBlankTableUrl,
  parseTableUrl,
  resolveTableState,
  sameSetup,
  serializeTableUrl,
  type TableState,
  type TableUrlState,
} from './data-table.state';
import type { ViewSetup } from './saved-views.queries';
import { localizeViewMeta } from './data-table.labels';

type SetSearchParams = ReturnType<typeof useSearchParams>[1];

/** What the user's table preference may change: the remembered saved view and the page size. */
type PreferencePatch = { frontendViewId?: number | null; pageSize?: number };

/** How a change of the table's URL state is written (see `useDataTableState`'s `change`). */
export interface ChangeOptions {
  /** Back to page 1 (filters, sort, search and page size changes). */
  resetPage?: boolean;
  /** Replace the history entry instead of pushing one. */
  replace?: boolean;
}

/** The URL state that shows a saved view: its columns, sort and filters (the page size is kept). */
function urlOfView(view: FrontendView, keep: TableUrlState): TableUrlState {
  return {
    viewId: view.id,
    pageSize: keep.pageSize,
    columns: view.columns.length > 0 ? view.columns : undefined,
    sort: view.sort,
    filters: view.filters,
  };
}

/**
 * The table's setup: the view's columns, the user's preference, the saved views, and the URL state they resolve to.
 * A URL naming none of the table's state opens the user's last saved view (rewritten into the URL).
 */
function useTableSetup(view: string, url: TableUrlState, setSearchParams: SetSearchParams) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const metaQuery = useQuery({ ...trpc.getBackendView.queryOptions({ view }), staleTime: 5 * 60_000 });
  const prefsQuery = useQuery(trpc.getFrontendViewUserPreferences.queryOptions({ view }));
  const savedQuery = useQuery(trpc.getFrontendViews.queryOptions({ view }));
  const savePreference = useMutation(trpc.upsertFrontendViewUserPreference.mutationOptions());
  const prefs = prefsQuery.data;
  const savedViews = useMemo<FrontendView[]>(() => savedQuery.data ?? [], [savedQuery.data]);
  // Column and option names in the shown language, again when it changes.
  const { i18n } = useTranslation();
  const language = i18n.language;
  const meta: BackendViewMeta | undefined = useMemo(
    () => (metaQuery.data && language ? localizeViewMeta(metaQuery.data, i18n) : metaQuery.data),
    [metaQuery.data, i18n, language],
  );

  // A URL naming none of the table's state opens the user's last saved view.
  const blank = isBlankTableUrl(url);
  const rememberedId = blank ? (prefs?.frontendViewId ?? null) : null;
  const rememberedView = rememberedId === null ? undefined : savedViews.find((v) => v.id === rememberedId);
  const waitingForRemembered = rememberedId !== null && savedQuery.isPending;
  const effectiveUrl = rememberedView ? urlOfView(rememberedView, url) : url;
  const currentView = effectiveUrl.viewId === undefined ? null : (savedViews.find((v) => v.id === effectiveUrl.viewId) ?? null);

  useEffect(() => {
    if (rememberedView) setSearchParams((prev) => serializeTableUrl(urlOfView(rememberedView, {}), prev), { replace: true });
  }, [rememberedView, setSearchParams]);

  const state: TableState | null = meta
    ? resolveTableState(meta, effectiveUrl, {
        ...(currentView ? { columns: currentView.columns, sort: currentView.sort, filters: currentView.filters } : {}),
        pageSize: prefs?.pageSize,
      })
    : null;
  const ready = state !== null && !prefsQuery.isPending && !waitingForRemembered;

  const rememberPreference = (patch: PreferencePatch) => {
    const key = trpc.getFrontendViewUserPreferences.queryKey({ view });
    queryClient.setQueryData<FrontendViewUserPreference>(key, (old) => (old ? { ...old, ...patch } : old));
    savePreference.mutate({ view, ...patch });
  };

  return { metaQuery, savedQuery, prefs, savedViews, meta, effectiveUrl, currentView, state, ready, rememberPreference };
}

/** One page of the view's rows for `state` (kept on screen while the next loads); none until `ready`. */
function usePageRows(view: string, state: TableState | null, ready: boolean, setSearchParams: SetSearchParams) {
  const trpc = useTRPC();
  const pageQuery = useQuery({
    ...trpc.queryView.queryOptions(
      ready && state
        ? {
            view,
            filters: state.filters,
            sort: state.sort,
            search: state.search || undefined,
            page: state.page,
            pageSize: state.pageSize,
          }
        : skipToken,
    ),
    placeholderData: keepPreviousData,
  });
  const data = pageQuery.data;

  // A link to a page past the end (fewer rows now): show the last page instead.
  const lastPage = data && !pageQuery.isPlaceholderData ? data.totalPages : null;
  const requestedPage = state?.page ?? 1;
  useEffect(() => {
    if (lastPage !== null && lastPage > 0 && requestedPage > lastPage) {
      setSearchParams((prev) => serializeTableUrl({ ...parseTableUrl(prev), page: lastPage }, prev), { replace: true });
    }
  }, [lastPage, requestedPage, setSearchParams]);

  return pageQuery;
}

/**
 * Everything a DataTable over the backend view `view` holds: its columns (`meta`), its resolved state from the URL
 * query (`state`, null while the columns load), the current page of rows (`pageQuery`), the saved views, and the
 * actions that change it. All of the state lives in the URL query, so a link reproduces the table.
 * @returns the queries, the resolved state and setup, and `change` (a patch on top of the URL state), `applyView`
 * (a saved view, or null for the default), `resetTable`, `viewSaved` / `viewDeleted` (after the saved views menu changed one)
 * and `rememberPreference` (stored for the user, shown at once).
 */
export function useDataTableState(view: string) {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const url = useMemo(() => parseTableUrl(searchParams), [searchParams]);
  const table = useTableSetup(view, url, setSearchParams);
  const { meta, state, effectiveUrl, currentView, prefs, rememberPreference } = table;
  const pageQuery = usePageRows(view, state, table.ready, setSearchParams);

  /** Writes a change on top of the current URL state; filters, sort and search changes go back to page 1. */
  const change = (patch: TableUrlState, options: ChangeOptions = {}) => {
    // A late change (the debounced search) must not follow the user to the page they are already leaving for.
    if (navigation.location && navigation.location.pathname !== pathname) return;
    const next: TableUrlState = { ...effectiveUrl, ...patch };
    if (options.resetPage) delete next.page;
    setSearchParams((prev) => serializeTableUrl(next, prev), { replace: options.replace });
  };

  const applyView = (saved: FrontendView | null) => {
    const next: TableUrlState = saved ? urlOfView(saved, effectiveUrl) : { pageSize: effectiveUrl.pageSize };
    setSearchParams((prev) => serializeTableUrl(next, prev));
    rememberPreference({ frontendViewId: saved?.id ?? null });
  };

  /** Drops all of the table's state from the URL (the default view, first page). */
  const resetTable = () => setSearchParams((prev) => serializeTableUrl({}, prev));

  const viewSetup: ViewSetup | null = state ? { columns: state.columns, sort: state.sort, filters: state.filters } : null;
  const savedSetup = meta && currentView ? resolveTableState(meta, urlOfView(currentView, {})) : null;
  const modified = viewSetup !== null && savedSetup !== null && !sameSetup(viewSetup, savedSetup);

  const viewSaved = (saved: FrontendView) => {
    change({ viewId: saved.id, ...viewSetup });
    rememberPreference({ frontendViewId: saved.id });
  };
  const viewDeleted = (id: number) => {
    change({ viewId: undefined, ...viewSetup });
    if (prefs?.frontendViewId === id) rememberPreference({ frontendViewId: null });
  };

  return {
    ...table,
    pageQuery,
    setup: viewSetup,
    modified,
    change,
    resetTable,
    applyView,
    viewSaved,
    viewDeleted,
  };
}

/** What `useDataTableState` holds for one table. */
export type DataTableModel = ReturnType<typeof useDataTableState>;

/** The model of a table whose columns and state are known (what the table's parts render from). */
export type ReadyTable = DataTableModel & { meta: BackendViewMeta; state: TableState };

/** A change of the table's URL state (see `useDataTableState`). */
export type ChangeTable = DataTableModel['change'];
