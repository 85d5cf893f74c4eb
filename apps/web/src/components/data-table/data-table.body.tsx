import type { ReactNode } from 'react';
import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { ViewColumnMeta, ViewRow } from '@hearth/shared/views/views.schema';
import { errorMessageOf } from '@/api/api-error';
import { alignOf, cellWraps, formatCell, pageZoneName, rowHref, rowTimeZone } from './data-table.format';
import type { ReadyTable } from './data-table.hooks';
import classes from './data-table.module.css';
import { SkeletonRows } from './data-table.skeleton';
import { useTranslation } from 'react-i18next';

/** One row of the page; with a row link, a click (not on a control or a text selection) or Enter opens it. */
function DataRow(props: {
  row: ViewRow;
  columns: ViewColumnMeta[];
  href: string | null;
  zoneName: ReturnType<typeof pageZoneName>;
}) {
  const { row, columns, href, zoneName } = props;
  const navigate = useNavigate();
  const openRow = (to: string) => void navigate(to);
  const { t } = useTranslation('dataTable');
  const zone = { timeZone: rowTimeZone(row), zoneName };
  return (
    <Table.Tr
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
      {columns.map((column, cellIndex) => {
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
                {text || t('open')}
              </Anchor>
            ) : (
              text
            )}
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
}

/** A single cell across the table holding a centred message and its buttons. */
function MessageRow({ colSpan, py, children }: { colSpan: number; py: 'lg' | 'xl'; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Stack align="center" gap="xs" py={py}>
          {children}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The rows of the table body: the page's rows, skeleton rows while the first page loads, the error of a page that
 * failed (with "Try again" and "Reset the table"), or the empty state (with "Clear filters" when filters or a
 * search hide the rows).
 * @param table the table's model (useDataTableState) once its columns and state are known
 * @param columns the shown columns, in order
 * @param noun the rows' name in lower case, e.g. "users"
 */
export function DataTableBody(props: { table: ReadyTable; columns: ViewColumnMeta[]; noun: string }) {
  const { table, columns, noun } = props;
  const { t } = useTranslation('dataTable');
  const { pageQuery, state, meta } = table;
  const data = pageQuery.data;
  if (pageQuery.isError && !data) {
    return (
      <MessageRow colSpan={columns.length} py="lg">
        <Text c="red" size="sm" role="alert">
          {errorMessageOf(pageQuery.error)}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => void pageQuery.refetch()}>
            {t('body.tryAgain')}
          </Button>
          <Button size="xs" variant="subtle" onClick={table.resetTable}>
            {t('body.resetTable')}
          </Button>
        </Group>
      </MessageRow>
    );
  }
  if (!data) return <SkeletonRows columns={columns.length} rows={Math.min(state.pageSize, 10)} />;
  if (data.rows.length === 0) {
    const hasCriteria = state.filters.length > 0 || state.search !== '';
    return (
      <MessageRow colSpan={columns.length} py="xl">
        <Text c="dimmed" size="sm">
          {hasCriteria ? t('body.noMatches') : t('body.empty', { noun })}
        </Text>
        {hasCriteria && (
          <Button size="xs" variant="default" onClick={() => table.change({ filters: [], search: '' }, { resetPage: true })}>
            {t('body.clearFilters')}
          </Button>
        )}
      </MessageRow>
    );
  }
  const zoneName = pageZoneName(data.rows);
  return data.rows.map((row, index) => (
    <DataRow
      key={String(row.id ?? index)}
      row={row}
      columns={columns}
      href={meta.rowLink ? rowHref(meta.rowLink, row) : null}
      zoneName={zoneName}
    />
  ));
}
