import { Group, NativeSelect, Text } from '@mantine/core';
import type { ReadyTable } from './data-table.hooks';
import { PAGE_SIZE_OPTIONS } from './data-table.state';
import { useTranslation } from 'react-i18next';
import { LabelledPagination } from '@/components/pagination/labelled-pagination';

/**
 * The row below the table: which rows are shown of how many ("1–25 of 80 users"), the rows-per-page select (its
 * choice is remembered for the user) and, with more than one page, the page buttons.
 * @param view the backend view's name (ids the page-size select)
 * @param table the table's model (useDataTableState) once its columns and state are known
 * @param noun the rows' name in lower case, e.g. "users"
 */
export function DataTableFooter({ view, table, noun }: { view: string; table: ReadyTable; noun: string }) {
  const { t } = useTranslation('dataTable');
  const { state, change } = table;
  const data = table.pageQuery.data;
  const firstRow = data && data.totalCount > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const lastRow = data ? Math.min(data.page * data.pageSize, data.totalCount) : 0;
  const pageSizes: number[] = PAGE_SIZE_OPTIONS.includes(state.pageSize as (typeof PAGE_SIZE_OPTIONS)[number])
    ? [...PAGE_SIZE_OPTIONS]
    : [...PAGE_SIZE_OPTIONS, state.pageSize].sort((a, b) => a - b);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {data
          ? data.totalCount === 0
            ? t('footer.none', { noun })
            : t('footer.range', { first: firstRow, last: lastRow, total: data.totalCount, noun })
          : ' '}
      </Text>
      <Group gap="md" wrap="wrap">
        <Group gap={6} wrap="nowrap">
          <Text size="sm" c="dimmed" component="label" htmlFor={`${view}-page-size`}>
            {t('footer.rowsPerPage')}
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
              table.rememberPreference({ pageSize });
            }}
          />
        </Group>
        {data && data.totalPages > 1 && (
          <LabelledPagination
            size="sm"
            total={data.totalPages}
            value={Math.min(state.page, data.totalPages)}
            onChange={(page) => change({ page })}
            siblings={1}
          />
        )}
      </Group>
    </Group>
  );
}
