import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ViewColumnMeta, ViewSort } from '@hearth/shared/views/views.schema';
import { alignOf } from './data-table.format';
import classes from './data-table.module.css';
import { ariaSortOf, nextSort } from './data-table.state';

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

/**
 * The table's header row: one cell per shown column; a sortable column's label is a button cycling its sort.
 * @param columns the shown columns, in order
 * @param sort the current sort (marks the sorted column with aria-sort and an arrow)
 * @param onSort called with the sort after a click on a column (nextSort: ascending, descending, none)
 */
export function DataTableHeaderRow(props: { columns: ViewColumnMeta[]; sort: ViewSort[]; onSort: (sort: ViewSort[]) => void }) {
  const { columns, sort, onSort } = props;
  return (
    <Table.Tr>
      {columns.map((column) => (
        <HeaderCell key={column.key} column={column} sort={sort} onSort={() => onSort(nextSort(sort, column.key))} />
      ))}
    </Table.Tr>
  );
}
