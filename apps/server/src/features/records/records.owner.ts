import { and, eq, type Column } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError, notFound } from '../../errors/app-error';
import { inBranchScope, type Scope } from '../../auth/scope';

/**
 * The person a record belongs to (a client or a caregiver), as the shared record services reach it: both lookups
 * put the caller's branch scope into the query (auth/scope.ts), so a record of another branch and a missing one
 * answer the same 404. `lock` holds the owner row until the request's transaction ends, so writes to one
 * person's records run one at a time (one primary address).
 */
export interface RecordOwner<K extends string> {
  /** The owner id's key in inputs and outputs: clientId, caregiverId. */
  key: K;
  /** The owner `ownerId` in scope. @throws AppError NOT_FOUND "Client N not found" / "Caregiver N not found". */
  find(scope: Scope, ownerId: number, options?: { lock?: boolean }): Promise<{ id: number }>;
  /**
   * The owner of the record `id` in scope.
   * @throws AppError NOT_FOUND "<record name> N not found" when the record is missing or its owner out of scope.
   */
  findOfRecord(scope: Scope, id: number, options?: { lock?: boolean }): Promise<{ id: number }>;
}

/** What a scoped service function takes: the caller's scope and the procedure's input. */
export interface ScopedInput<I> {
  scope: Scope;
  input: I;
}

/** What a shared delete answers: the id of the deleted record (the client procedures declare only {id}). */
export interface DeletedRecord {
  ok: true;
  id: number;
}

/**
 * Throws the broken cross-field rules of a record as one BAD_REQUEST, worded like an input error: the message
 * names the first field ("endDate: ..."), fieldErrors all of them. Nothing when `errors` is empty.
 */
export function assertNoFieldErrors(errors: Record<string, string>): void {
  const entries = Object.entries(errors);
  const first = entries[0];
  if (!first) return;
  const fieldErrors = Object.fromEntries(entries.map(([field, message]) => [field, [message]]));
  throw new AppError('BAD_REQUEST', `${first[0]}: ${first[1]}`, fieldErrors);
}

/** A person table (clients, caregivers) as the record lookups read it: its id and its branch column. */
export interface OwnerTable {
  table: PgTable;
  id: PgColumn;
  branchId: Column;
}

/** A table of records on a person (address, contact, credential...): the table, its id and owner id columns. */
export interface OwnedTable<T extends PgTable = PgTable, C extends Column = Column> {
  table: T;
  id: Column;
  ownerId: C;
  /** How a missing record is named in the 404, e.g. "Address", "Caregiver credential". */
  name: string;
}

/** `table` as an OwnedTable: its `id` column, the owner id column `ownerId`, and the 404 name. */
export function ownedTable<T extends PgTable & { id: Column }, C extends Column>(
  table: T,
  ownerId: C,
  name: string,
): OwnedTable<T, C> {
  return { table, id: table.id, ownerId, name };
}

/**
 * The id of the owner of the record `id` of `record`'s table, in scope: the record joins its owner and the branch
 * scope is in the WHERE clause, so a record of another branch and a missing one look the same.
 * @throws AppError NOT_FOUND "<record name> N not found".
 */
export async function findRecordOwnerId(scope: Scope, owner: OwnerTable, record: OwnedTable, id: number): Promise<number> {
  const [row] = await scope.db
    .select({ ownerId: owner.id })
    .from(record.table)
    .innerJoin(owner.table, eq(owner.id, record.ownerId))
    .where(and(eq(record.id, id), inBranchScope(scope, owner.branchId)));
  if (!row) throw notFound(record.name, id);
  return row.ownerId as number;
}

/**
 * Where one owner's records of a kind are kept, as the shared record services take it (AddressBook, JournalBook):
 * the owner from its feature's two lookups, `find` (the owner by id) and `findOf` (the owner of a record of
 * `table`), both in branch scope; the table, its owner id column and the 404 name of a missing record; and an
 * `insert` of a row with its owner (the owner id column's key in the table must be `key`). E.g.
 * `ownedRecords('clientId', findClient, findRecordClient, clientAddresses, clientAddresses.clientId, 'Address')`.
 */
export function ownedRecords<K extends string, T extends PgTable & { id: PgColumn }, C extends Column>(
  key: K,
  find: RecordOwner<K>['find'],
  findOf: (scope: Scope, record: OwnedTable, id: number, options?: { lock?: boolean }) => Promise<{ id: number }>,
  table: T,
  ownerColumn: C,
  name: string,
): OwnedRecords<K, T, C> {
  const record = ownedTable(table, ownerColumn, name);
  const owner: RecordOwner<K> = { key, find, findOfRecord: (scope, id, options) => findOf(scope, record, id, options) };
  const insert = async (scope: Scope, ownerId: number, values: object) => {
    const row = { ...values, [key]: ownerId } as T['$inferInsert'];
    return (await scope.db.insert(table).values(row).returning({ id: table.id })) as { id: number }[];
  };
  return { owner, table, ownerColumn, name, insert };
}

/** What ownedRecords answers: where one owner's records of a kind are kept and how one is inserted. */
export interface OwnedRecords<K extends string, T extends PgTable, C extends Column> {
  owner: RecordOwner<K>;
  table: T;
  ownerColumn: C;
  name: string;
  /** Inserts a row of `values` belonging to `ownerId`. @returns the new row's id. */
  insert(scope: Scope, ownerId: number, values: object): Promise<{ id: number }[]>;
}
