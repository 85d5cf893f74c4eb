import { useState, type ReactNode } from 'react';
import {
  Divider,
  Group,
  Stack,
  Table,
  type DividerProps,
  type ModalProps,
  type StackProps,
  type TableTdProps,
  type TableTrProps,
} from '@mantine/core';
import { DeleteButton } from './delete-button';
import { EditButton } from './edit-button';
import { AddButton, RecordModal } from './record-modal';
import { SectionCard, type SectionLoading } from './section-card';

/** A column of a record table: its header and what a row shows in it. */
export interface RecordColumn<Row> {
  label: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: 'right';
  /** Keeps the cell on one line (dates, amounts). */
  nowrap?: boolean;
  maw?: number;
  /** More props of a row's cell, e.g. its color. */
  td?: (row: Row) => TableTdProps;
}

/**
 * A table of records: a header per column (after `head`, an optional row above), a row per record with its cells,
 * and a last, right-aligned cell of the row's actions (`actionsWidth` wide), left empty where `actions` gives none.
 */
export function RecordTable<Row extends { id: number }>(props: {
  label: string;
  minWidth: number;
  rows: Row[];
  columns: RecordColumn<Row>[];
  head?: ReactNode;
  actionsWidth?: number;
  actions: (row: Row) => ReactNode;
  rowProps?: (row: Row) => TableTrProps & Record<`data-${string}`, string>;
}) {
  const { label, minWidth, rows, columns, head, actionsWidth, actions, rowProps } = props;
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table fz="sm" verticalSpacing={6} aria-label={label}>
        <Table.Thead>
          {head}
          <Table.Tr>
            {columns.map((c, index) => (
              <Table.Th key={index} ta={c.align}>
                {c.label}
              </Table.Th>
            ))}
            <Table.Th w={actionsWidth} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const rowActions = actions(row);
            return (
              <Table.Tr key={row.id} {...rowProps?.(row)}>
                {columns.map((c, index) => (
                  <Table.Td
                    key={index}
                    ta={c.align}
                    maw={c.maw}
                    style={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                    {...c.td?.(row)}
                  >
                    {c.cell(row)}
                  </Table.Td>
                ))}
                <Table.Td>
                  {rowActions && (
                    <Group gap={2} wrap="nowrap" justify="flex-end">
                      {rowActions}
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * A list of records, one item per record with a divider between (`divider`: its props): the item's content on the
 * left and its actions on the right, where `actions` gives any.
 */
export function RecordList<Row extends { id: number }>(props: {
  label: string;
  rows: Row[];
  gap: StackProps['gap'];
  divider: DividerProps;
  item: (row: Row) => ReactNode;
  actions: (row: Row) => ReactNode;
}) {
  const { label, rows, gap, divider, item, actions } = props;
  return (
    <Stack gap={gap} role="list" aria-label={label}>
      {rows.map((row, index) => {
        const rowActions = actions(row);
        return (
          <div key={row.id} role="listitem">
            {index > 0 && <Divider {...divider} />}
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0 }}>{item(row)}</div>
              {rowActions && (
                <Group gap={2} wrap="nowrap">
                  {rowActions}
                </Group>
              )}
            </Group>
          </div>
        );
      })}
    </Stack>
  );
}

/**
 * A profile section of one kind of record kept on a person (contacts, credentials, cash advances...): a titled card
 * with "Add ..." for a role that may add, the records in a RecordTable whose rows carry edit (and, given `remove`,
 * delete with a confirmation) where `canEdit` allows, what the list says when empty, and the add/edit modal with the
 * feature's `form`. `rows` is undefined while the list loads; `above` goes above the records (a total, a warning).
 */
export function RecordTableSection<Row extends { id: number }>(
  props: {
    title: string;
    /** The record in the modal's title: "Add {noun}" / "Edit {noun}". */
    noun: string;
    addLabel: string;
    emptyText: string;
    rows: Row[] | undefined;
    error?: unknown;
    canAdd: boolean;
    canEdit: (row: Row) => boolean;
    /** The row's name in its buttons' labels: "Edit {what}", "Delete {what}". */
    what: (row: Row) => string;
    remove?: (id: number) => Promise<unknown>;
    /** Actions of a row before edit and delete. */
    moreActions?: (row: Row) => ReactNode;
    above?: ReactNode;
    /** The records as a table, or else as a list (`list`, with the list's label). */
    table?: Omit<Parameters<typeof RecordTable<Row>>[0], 'label' | 'rows' | 'actions'>;
    list?: Omit<Parameters<typeof RecordList<Row>>[0], 'rows' | 'actions'>;
    modalSize?: ModalProps['size'];
    /** The add/edit form of `row` (null for a new record), which calls `onDone` to close. */
    form: (props: { row: Row | null; onDone: () => void }) => ReactNode;
  } & SectionLoading,
) {
  const { title, noun, addLabel, emptyText, rows, error, canAdd, canEdit, what, remove, moreActions } = props;
  const loading: SectionLoading = props.loading === undefined ? {} : { loading: props.loading, loadingLabel: props.loadingLabel };
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const close = () => setEditing(null);
  const actions = (row: Row) => {
    const more = moreActions?.(row);
    if (!canEdit(row)) return more;
    return (
      <>
        {more}
        <EditButton what={what(row)} onClick={() => setEditing(row)} />
        {remove && <DeleteButton what={what(row)} onConfirm={() => remove(row.id)} />}
      </>
    );
  };
  return (
    <SectionCard
      title={title}
      {...loading}
      error={error}
      empty={rows?.length === 0 && emptyText}
      actions={canAdd && <AddButton label={addLabel} onClick={() => setEditing('new')} />}
    >
      {props.above}
      {rows && rows.length > 0 && props.table && <RecordTable label={title} rows={rows} actions={actions} {...props.table} />}
      {rows && rows.length > 0 && props.list && <RecordList rows={rows} actions={actions} {...props.list} />}
      <RecordModal editing={editing} onClose={close} noun={noun} size={props.modalSize}>
        {(row) => props.form({ row, onDone: close })}
      </RecordModal>
    </SectionCard>
  );
}
