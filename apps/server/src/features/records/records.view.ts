import { sql } from 'drizzle-orm';
import type { ViewColumnDefinition, ViewDefinition } from '../views/views.registry';

/** The person tables a list view is built on; the name is written into the view's SQL as it is. */
export type PersonTable = 'clients' | 'caregivers';

/**
 * What the clients and caregivers list views share beyond their columns: the row's time zone (its branch's, so the
 * source must join `branches` on `<table>.branch_id`, which a branch name filter is resolved to), the id, the option label "Last, First" and the sort by last then first name.
 */
export function personViewBasics(
  table: PersonTable,
): Pick<ViewDefinition, 'timeZone' | 'branchId' | 'id' | 'optionLabel' | 'defaultSort'> {
  return {
    timeZone: sql`branches.timezone`,
    branchId: sql.raw(`${table}.branch_id`),
    id: sql.raw(`${table}.id`),
    optionLabel: sql.raw(`${table}.last_name || ', ' || ${table}.first_name`),
    defaultSort: [
      { column: 'lastName', direction: 'asc' },
      { column: 'firstName', direction: 'asc' },
    ],
  };
}

/**
 * The first columns of a person list view: the id (hidden by default), last and first name (searchable), the
 * status as an enum of `statuses` labelled by `labels`, and the branch name.
 */
export function personViewColumns<S extends string>(
  table: PersonTable,
  statuses: readonly S[],
  labels: Record<S, string>,
): ViewColumnDefinition[] {
  return [
    { key: 'id', label: 'ID', type: 'number', sql: sql.raw(`${table}.id`), visibleByDefault: false },
    { key: 'lastName', label: 'Last name', type: 'text', sql: sql.raw(`${table}.last_name`), searchable: true },
    { key: 'firstName', label: 'First name', type: 'text', sql: sql.raw(`${table}.first_name`), searchable: true },
    {
      key: 'status',
      label: 'Status',
      type: 'enum',
      sql: sql.raw(`${table}.status`),
      options: statuses.map((value) => ({ value, label: labels[value] })),
    },
    { key: 'branchName', label: 'Branch', type: 'text', sql: sql`branches.name` },
  ];
}
