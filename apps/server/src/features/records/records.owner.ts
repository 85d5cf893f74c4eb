import { and, eq, type Column, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError, notFound } from '../../errors/app-error';
import { inBranchScope, type Scope } from '../../auth/scope';
import { branchUsers, users } from '../users/users.schema';

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

// Reading and writing the rows of a person's records (cash advances, credentials, nurse assessments, contacts):
// the few statements their services would otherwise each write out in the same shape.

/**
 * The first of `rows`, the record `id` read by its id.
 * @throws AppError NOT_FOUND "<name> <id> not found" when there is none.
 */
export function firstOrNotFound<T>(rows: T[], name: string, id: number): T {
  const [first] = rows;
  if (first === undefined) throw notFound(name, id);
  return first;
}

/** A row with its two timestamps as the API writes them: ISO 8601 UTC strings instead of Dates. */
export type WithIsoTimestamps<T extends { createdAt: Date; updatedAt: Date }> = Omit<T, 'createdAt' | 'updatedAt'> & {
  createdAt: string;
  updatedAt: string;
};

/** `row` with createdAt and updatedAt as ISO 8601 UTC strings; every other field as it is. */
export function withIsoTimestamps<T extends { createdAt: Date; updatedAt: Date }>(row: T): WithIsoTimestamps<T> {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/**
 * The rows of `table` matching `where` in `orderBy` order, each with the name of the user `userId` points to
 * (null when none, or when that user is gone): e.g. a cash advance with who recorded it.
 */
export async function selectWithUserName<T extends PgTable>(
  scope: Scope,
  table: T,
  userId: PgColumn,
  where: SQL,
  orderBy: SQL[],
): Promise<{ row: T['$inferSelect']; userName: string | null }[]> {
  const rows = await scope.db
    .select({ row: table as PgTable, userName: users.name })
    .from(table as PgTable)
    .leftJoin(users, eq(users.id, userId))
    .where(where)
    .orderBy(...orderBy);
  return rows as { row: T['$inferSelect']; userName: string | null }[];
}

/**
 * Inserts one row into `table` and answers its new id.
 * @throws Error "<what> insert returned nothing" when the database returns no row (a server fault, a 500).
 */
export async function insertReturningId<T extends PgTable & { id: PgColumn }>(
  scope: Scope,
  table: T,
  what: string,
  values: T['$inferInsert'],
): Promise<number> {
  const [row] = await scope.db.insert(table).values(values).returning({ id: table.id });
  if (!row) throw new Error(`${what} insert returned nothing`);
  return row.id as number;
}

/**
 * Creates the sign-in user of a person (a caregiver, a client or a client's trusted contact) in the person's
 * company, named "First Last", with `fields` (username, email, role...), and gives it the person's branch.
 * @returns the new user's id.
 * @throws Error "user insert returned nothing" when the database returns no row (a 500).
 */
export async function insertPersonUser(
  scope: Scope,
  person: { firstName: string; lastName: string; companyId: number; branchId: number },
  fields: Omit<typeof users.$inferInsert, 'name' | 'firstName' | 'lastName' | 'companyId'>,
): Promise<number> {
  const { firstName, lastName, companyId } = person;
  const userId = await insertReturningId(scope, users, 'user', {
    ...fields,
    name: `${firstName} ${lastName}`,
    firstName,
    lastName,
    companyId,
  });
  await scope.db.insert(branchUsers).values({ userId, branchId: person.branchId });
  return userId;
}
