import { useEffect, useMemo, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  LoadingOverlay,
  NativeSelect,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useNavigation, useSearchParams } from 'react-router';
import type {
  BackendViewMeta,
  FrontendView,
  FrontendViewUserPreference,
  ViewColumnMeta,
  ViewSort,
} from '@hearth/shared/views/views.schema';
import { errorMessageOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';
import { ColumnChooser } from './column-chooser';
import classes from './data-table.module.css';
import { alignOf, cellWraps, formatCell, pageZoneName, rowHref, rowTimeZone } from './data-table.format';
import {
  ariaSortOf,
  isBlankTableUrl,
  nextSort,
  PAGE_SIZE_OPTIONS,
  parseTableUrl,
  resolveTableState,
  sameSetup,
  serializeTableUrl,
  type TableState,
  type TableUrlState,
} from './data-table.state';
import { ExportMenu } from './export.menu';
import { FilterEditor, FilterPills } from './filter-editor';
import { SavedViewsMenu } from './saved-views.menu';
import { SearchInput } from './search.input';

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

function SortIcon({ direction }: { direction: ViewSort['direction'] | null }) {
  if (direction === 'asc') return <IconArrowUp size={13} className={classes.sortIcon} data-active aria-hidden />;
  if (direction === 'desc') return <IconArrowDown size={13} className={classes.sortIcon} data-active aria-hidden />;
  return <IconArrowsSort size={13} className={classes.sortIcon} aria-hidden />;
}

function HeaderCell({ column, sort, onSort }: { column: ViewColumnMeta; sort: ViewSort[]; onSort: () => void }) {
  const ariaSort = ariaSortOf(sort, column.key);
  const align = alignOf(column.type);
  if (!column.sortable) {
    return (
      <Table.Th ta={align} style={{ whiteSpace: 'nowrap' }}>
        {column.label}
      </Table.Th>
    );
  }
  return (
    <Table.Th ta={align} aria-sort={ariaSort}>
      <UnstyledButton className={classes.headerButton} onClick={onSort}>
        {column.label}
        <SortIcon direction={ariaSort === 'ascending' ? 'asc' : ariaSort === 'descending' ? 'desc' : null} />
      </UnstyledButton>
    </Table.Th>
  );
}

function SkeletonRows({ columns, rows }: { columns: number; rows: number }) {
  return Array.from({ length: rows }, (_, row) => (
    <Table.Tr key={row} aria-hidden>
      {Array.from({ length: columns }, (_, cell) => (
        <Table.Td key={cell}>
          <Skeleton height={12} radius="sm" width={`${60 + ((row * 7 + cell * 13) % 35)}%`} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

/** The page shown while the view's columns load. */
function TableSkeleton() {
  return (
    <Stack gap="sm" aria-busy aria-label="Loading table">
      <Group gap="xs">
        <Skeleton height={30} width={260} />
        <Skeleton height={30} width={90} />
      </Group>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} height={12} radius="sm" />
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}

interface DataTableProps {
  /** The backend view's name, e.g. "users". */
  view: string;
}

/**
 * A table over one backend view: server-side paging, sorting, typed filters, search, column choice, saved views
 * and export. All of its state lives in the URL query, so a link reproduces the table.
 */
export function DataTable({ view }: DataTableProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const url = useMemo(() => parseTableUrl(searchParams), [searchParams]);

  const metaQuery = useQuery({ ...trpc.getBackendView.queryOptions({ view }), staleTime: 5 * 60_000 });
  const prefsQuery = useQuery(trpc.getFrontendViewUserPreferences.queryOptions({ view }));
  const savedQuery = useQuery(trpc.getFrontendViews.queryOptions({ view }));
  const savePreference = useMutation(trpc.upsertFrontendViewUserPreference.mutationOptions());
  const prefs = prefsQuery.data;
  const savedViews = useMemo<FrontendView[]>(() => savedQuery.data ?? [], [savedQuery.data]);
  const meta: BackendViewMeta | undefined = metaQuery.data;

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

  const pageQuery = useQuery({
    ...trpc.queryView.queryOptions(
      ready
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

  if (metaQuery.isError) return <Alert color="red">{errorMessageOf(metaQuery.error)}</Alert>;
  if (!meta || !state) return <TableSkeleton />;

  /** Writes a change on top of the current URL state; filters, sort and search changes go back to page 1. */
  const change = (patch: TableUrlState, options: { resetPage?: boolean; replace?: boolean } = {}) => {
    // A late change (the debounced search) must not follow the user to the page they are already leaving for.
    if (navigation.location && navigation.location.pathname !== pathname) return;
    const next: TableUrlState = { ...effectiveUrl, ...patch };
    if (options.resetPage) delete next.page;
    setSearchParams((prev) => serializeTableUrl(next, prev), { replace: options.replace });
  };

  const rememberPreference = (patch: { frontendViewId?: number | null; pageSize?: number }) => {
    const key = trpc.getFrontendViewUserPreferences.queryKey({ view });
    queryClient.setQueryData<FrontendViewUserPreference>(key, (old) => (old ? { ...old, ...patch } : old));
    savePreference.mutate({ view, ...patch });
  };

  const applyView = (saved: FrontendView | null) => {
    const next: TableUrlState = saved ? urlOfView(saved, effectiveUrl) : { pageSize: effectiveUrl.pageSize };
    setSearchParams((prev) => serializeTableUrl(next, prev));
    rememberPreference({ frontendViewId: saved?.id ?? null });
  };

  const setup = { columns: state.columns, sort: state.sort, filters: state.filters };
  const savedSetup = currentView ? resolveTableState(meta, urlOfView(currentView, {})) : null;
  const modified = savedSetup !== null && !sameSetup(setup, savedSetup);
  const columnsByKey = new Map(meta.columns.map((c) => [c.key, c]));
  const visibleColumns = state.columns.map((key) => columnsByKey.get(key)).filter((c): c is ViewColumnMeta => !!c);
  const hasCriteria = state.filters.length > 0 || state.search !== '';
  const clearCriteria = () => change({ filters: [], search: '' }, { resetPage: true });
  const noun = meta.label.toLowerCase();

  const openRow = (href: string) => void navigate(href);

  let body: ReactNode;
  if (pageQuery.isError && !data) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={visibleColumns.length}>
          <Stack align="center" gap="xs" py="lg">
            <Text c="red" size="sm" role="alert">
              {errorMessageOf(pageQuery.error)}
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => void pageQuery.refetch()}>
                Try again
              </Button>
              <Button size="xs" variant="subtle" onClick={() => setSearchParams((prev) => serializeTableUrl({}, prev))}>
                Reset the table
              </Button>
            </Group>
          </Stack>
        </Table.Td>
      </Table.Tr>
    );
  } else if (!data) {
    body = <SkeletonRows columns={visibleColumns.length} rows={Math.min(state.pageSize, 10)} />;
  } else if (data.rows.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={visibleColumns.length}>
          <Stack align="center" gap="xs" py="xl">
            <Text c="dimmed" size="sm">
              {hasCriteria ? 'No rows match these filters' : `No ${noun} yet`}
            </Text>
            {hasCriteria && (
              <Button size="xs" variant="default" onClick={clearCriteria}>
                Clear filters
              </Button>
            )}
          </Stack>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    const zoneName = pageZoneName(data.rows);
    body = data.rows.map((row, index) => {
      const href = meta.rowLink ? rowHref(meta.rowLink, row) : null;
      const zone = { timeZone: rowTimeZone(row), zoneName };
      return (
        <Table.Tr
          key={String(row.id ?? index)}
          className={classes.row}
          data-link={href ? true : undefined}
          tabIndex={href ? 0 : undefined}
          onClick={
            href
              ? (event) => {
                  if ((event.target as HTMLElement).closest('a, button, input')) return;
                  if (window.getSelection()?.toString()) return;
                  openRow(href);
                }
              : undefined
          }
          onKeyDown={
            href
              ? (event) => {
                  if (event.key === 'Enter' && event.target === event.currentTarget) openRow(href);
                }
              : undefined
          }
        >
          {visibleColumns.map((column, cellIndex) => {
            const text = formatCell(column, row[column.key], zone);
            return (
              <Table.Td
                key={column.key}
                ta={alignOf(column.type)}
                className={classes.cell}
                data-nowrap={cellWraps(text) ? undefined : true}
                title={text.length > 40 ? text : undefined}
              >
                {href && cellIndex === 0 ? (
                  <Anchor component={Link} to={href} tabIndex={-1} fz="sm">
                    {text || 'Open'}
                  </Anchor>
                ) : (
                  text
                )}
              </Table.Td>
            );
          })}
        </Table.Tr>
      );
    });
  }

  const firstRow = data && data.totalCount > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const lastRow = data ? Math.min(data.page * data.pageSize, data.totalCount) : 0;
  const pageSizes: number[] = PAGE_SIZE_OPTIONS.includes(state.pageSize as (typeof PAGE_SIZE_OPTIONS)[number])
    ? [...PAGE_SIZE_OPTIONS]
    : [...PAGE_SIZE_OPTIONS, state.pageSize].sort((a, b) => a - b);

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          {meta.searchable && (
            <SearchInput
              label={`Search ${noun}`}
              placeholder={`Search ${noun}`}
              value={state.search}
              onCommit={(search) => change({ search }, { resetPage: true, replace: true })}
            />
          )}
          <FilterEditor
            columns={meta.columns}
            filters={state.filters}
            onApply={(filters) => change({ filters }, { resetPage: true })}
          />
        </Group>
        <Group gap="xs" wrap="wrap">
          <ColumnChooser
            columns={meta.columns}
            visible={state.columns}
            onChange={(columns) => change({ columns })}
            onReset={() => change({ columns: undefined })}
          />
          {savedQuery.isSuccess && (
            <SavedViewsMenu
              view={view}
              views={savedViews}
              current={currentView}
              modified={modified}
              setup={setup}
              onApply={applyView}
              onSaved={(saved) => {
                change({ viewId: saved.id, ...setup });
                rememberPreference({ frontendViewId: saved.id });
              }}
              onDeleted={(id) => {
                change({ viewId: undefined, ...setup });
                if (prefs?.frontendViewId === id) rememberPreference({ frontendViewId: null });
              }}
            />
          )}
          <ExportMenu
            view={view}
            state={{ filters: state.filters, sort: state.sort, search: state.search, columns: state.columns }}
          />
        </Group>
      </Group>
      <FilterPills
        columns={meta.columns}
        filters={state.filters}
        onRemove={(index) => change({ filters: state.filters.filter((_, i) => i !== index) }, { resetPage: true })}
        onClear={() => change({ filters: [] }, { resetPage: true })}
      />
      <Paper withBorder radius="md" pos="relative">
        <LoadingOverlay
          visible={pageQuery.isFetching && pageQuery.isPlaceholderData}
          overlayProps={{ backgroundOpacity: 0.35, blur: 0 }}
          loaderProps={{ size: 'sm' }}
          zIndex={5}
        />
        <Table.ScrollContainer minWidth={Math.max(480, visibleColumns.length * 110)} type="native">
          <Table
            striped
            highlightOnHover={meta.rowLink !== null}
            verticalSpacing="xs"
            horizontalSpacing={8}
            fz="sm"
            aria-label={meta.label}
            aria-busy={pageQuery.isFetching}
          >
            <Table.Thead>
              <Table.Tr>
                {visibleColumns.map((column) => (
                  <HeaderCell
                    key={column.key}
                    column={column}
                    sort={state.sort}
                    onSort={() => change({ sort: nextSort(state.sort, column.key) }, { resetPage: true })}
                  />
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{body}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {pageQuery.isError && data && (
        <Alert color="red" role="alert">
          {errorMessageOf(pageQuery.error)}
        </Alert>
      )}
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {data ? (data.totalCount === 0 ? `0 ${noun}` : `${firstRow}–${lastRow} of ${data.totalCount} ${noun}`) : ' '}
        </Text>
        <Group gap="md" wrap="wrap">
          <Group gap={6} wrap="nowrap">
            <Text size="sm" c="dimmed" component="label" htmlFor={`${view}-page-size`}>
              Rows per page
            </Text>
            <NativeSelect
              id={`${view}-page-size`}
              size="xs"
              w={76}
              data={pageSizes.map(String)}
              value={String(state.pageSize)}
              onChange={(event) => {
                const pageSize = Number(event.currentTarget.value);
                change({ pageSize }, { resetPage: true });
                rememberPreference({ pageSize });
              }}
            />
          </Group>
          {data && data.totalPages > 1 && (
            <Pagination
              size="sm"
              total={data.totalPages}
              value={Math.min(state.page, data.totalPages)}
              onChange={(page) => change({ page })}
              siblings={1}
              getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
              getControlProps={(control) => ({
                'aria-label': { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' }[control],
              })}
            />
          )}
        </Group>
      </Group>
    </Stack>
  );
}
