import { AppError } from '../../errors/app-error';
import type { Scope } from '../../auth/scope';

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

/**
 * The owner of one kind of record from its feature's two lookups: `find` (the owner by id) and `findOf` (the owner
 * of a record of `record`'s table), both in branch scope, e.g. `recordOwner('clientId', findClient,
 * findRecordClient, { table, id, clientId, name: 'Address' })`.
 */
export function recordOwner<K extends string, R>(
  key: K,
  find: RecordOwner<K>['find'],
  findOf: (scope: Scope, record: R, id: number, options?: { lock?: boolean }) => Promise<{ id: number }>,
  record: R,
): RecordOwner<K> {
  return { key, find, findOfRecord: (scope, id, options) => findOf(scope, record, id, options) };
}
