import { Alert, LoadingOverlay, Paper, Stack, Table } from '@mantine/core';
import type { ViewColumnMeta } from '@hearth/shared/views/views.schema';
import { errorMessageOf } from '@/api/api-error';
import { DataTableBody } from './data-table.body';
import { DataTableFooter } from './data-table.footer';
import { DataTableHeaderRow } from './data-table.header';
import { useDataTableState, type ReadyTable } from './data-table.hooks';
import { rowsNoun } from './data-table.labels';
import { TableSkeleton } from './data-table.skeleton';
import { DataTableToolbar } from './data-table.toolbar';
import { FilterPills } from './filter-editor';

interface DataTableProps {
  /** The backend view's name, e.g. "users". */
  view: string;
}

/**
 * A table over one backend view: server-side paging, sorting, typed filters, search, column choice, saved views
 * and export. All of its state lives in the URL query, so a link reproduces the table.
 */
export function DataTable({ view }: DataTableProps) {
  const model = useDataTableState(view);
  const { meta, state, metaQuery, pageQuery, change } = model;

  if (metaQuery.isError) return <Alert color="red">{errorMessageOf(metaQuery.error)}</Alert>;
  if (!meta || !state) return <TableSkeleton />;

  const table: ReadyTable = { ...model, meta, state };
  const columnsByKey = new Map(meta.columns.map((c) => [c.key, c]));
  const visibleColumns = state.columns.map((key) => columnsByKey.get(key)).filter((c): c is ViewColumnMeta => !!c);
  const noun = rowsNoun(meta.label);

  return (
    <Stack gap="sm">
      <DataTableToolbar view={view} table={table} noun={noun} />
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
              <DataTableHeaderRow
                columns={visibleColumns}
                sort={state.sort}
                onSort={(sort) => change({ sort }, { resetPage: true })}
              />
            </Table.Thead>
            <Table.Tbody>
              <DataTableBody table={table} columns={visibleColumns} noun={noun} />
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {pageQuery.isError && pageQuery.data && (
        <Alert color="red" role="alert">
          {errorMessageOf(pageQuery.error)}
        </Alert>
      )}
      <DataTableFooter view={view} table={table} noun={noun} />
    </Stack>
  );
}
