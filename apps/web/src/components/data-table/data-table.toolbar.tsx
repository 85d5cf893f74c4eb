import { Group } from '@mantine/core';
import { ColumnChooser } from './column-chooser';
import type { ReadyTable } from './data-table.hooks';
import { ExportMenu } from './export.menu';
import { FilterEditor } from './filter-editor';
import { SavedViewsMenu } from './saved-views.menu';
import { SearchInput } from './search.input';
import { useTranslation } from 'react-i18next';

/**
 * The row above the table: search (on a searchable view) and the filter editor on the left; the column chooser,
 * the saved views menu (once the saved views are loaded) and export on the right. Each writes its change into the
 * table's URL state.
 * @param view the backend view's name, e.g. "users"
 * @param table the table's model (useDataTableState) once its columns and state are known
 * @param noun the rows' name in lower case, e.g. "users"
 */
export function DataTableToolbar({ view, table, noun }: { view: string; table: ReadyTable; noun: string }) {
  const { t } = useTranslation('dataTable');
  const { meta, state, change } = table;
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Group gap="xs" wrap="wrap">
        {meta.searchable && (
          <SearchInput
            label={t('search.label', { noun })}
            placeholder={t('search.label', { noun })}
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
        {table.savedQuery.isSuccess && table.setup && (
          <SavedViewsMenu
            view={view}
            views={table.savedViews}
            current={table.currentView}
            modified={table.modified}
            setup={table.setup}
            onApply={table.applyView}
            onSaved={table.viewSaved}
            onDeleted={table.viewDeleted}
          />
        )}
        <ExportMenu
          view={view}
          state={{ filters: state.filters, sort: state.sort, search: state.search, columns: state.columns }}
        />
      </Group>
    </Group>
  );
}
