import { and, eq } from 'drizzle-orm';
import { CLIENT_STATUSES } from '@hearth/shared/clients/clients.constants';
import { inBranchScope, type Scope } from '../../auth/scope';
import { AppError, notFound } from '../../errors/app-error';
import { branches } from '../branches/branches.schema';
import { findRecordOwnerId, type OwnedTable, type OwnerTable } from '../records/records.owner';
import { payerSources } from '../payer-sources/payer-sources.schema';
import { clients } from './clients.schema';

/** What the client services need to know of a client found in scope. */
export interface ScopedClient {
  id: number;
  branchId: number;
  companyId: number;
  userId: number | null;
  firstName: string;
  lastName: string;
  email: string | null;
  status: (typeof CLIENT_STATUSES)[number];
}

/** The clients table as the record lookups read it. */
const CLIENT_OWNER: OwnerTable = { table: clients, id: clients.id, branchId: clients.branchId };

/**
 * Finds a client in the caller's branch scope: the scope is part of the WHERE clause (auth/scope.ts), so a client
 * of another branch and a missing one look the same. `lock` holds the client row until the request's transaction
 * ends, so writes to one client's records run one at a time (one primary address, no overlapping authorizations).
 * @throws AppError NOT_FOUND "Client N not found".
 */
export async function findClient(scope: Scope, clientId: number, options: { lock?: boolean } = {}): Promise<ScopedClient> {
  const query = scope.db
    .select({
      id: clients.id,
      branchId: clients.branchId,
      companyId: branches.companyId,
      userId: clients.userId,
      firstName: clients.firstName,
      lastName: clients.lastName,
      email: clients.email,
      status: clients.status,
    })
    .from(clients)
    .innerJoin(branches, eq(branches.id, clients.branchId))
    .where(and(eq(clients.id, clientId), inBranchScope(scope, clients.branchId)));
  const [row] = options.lock ? await query.for('update', { of: clients }) : await query;
  if (!row) throw notFound('Client', clientId);
  return row;
}

/**
 * Finds the client of a sub-record (address, contact, ...) by the record's id, in scope: the record joins its
 * client and the branch scope is in the WHERE clause. `lock` locks the client as findClient does.
 * @throws AppError NOT_FOUND "<name> N not found" when the record does not exist or its client is outside the scope.
 */
export async function findRecordClient(
  scope: Scope,
  record: OwnedTable,
  id: number,
  options: { lock?: boolean } = {},
): Promise<ScopedClient> {
  return findClient(scope, await findRecordOwnerId(scope, CLIENT_OWNER, record, id), options);
}

/**
 * Checks that a payer source belongs to a company (a client's payer must be one of its agency's).
 * @returns the payer source's name.
 * @throws AppError BAD_REQUEST "Payer source N not found" (field `field`) when it does not exist or is another
 * company's.
 */
export async function assertCompanyPayer(scope: Scope, companyId: number, payerSourceId: number, field: string): Promise<string> {
  const [row] = await scope.db
    .select({ name: payerSources.name })
    .from(payerSources)
    .where(and(eq(payerSources.id, payerSourceId), eq(payerSources.companyId, companyId)));
  if (!row) {
    throw new AppError('BAD_REQUEST', `Payer source ${payerSourceId} not found`, { [field]: ['Unknown payer source'] });
  }
  return row.name;
}

/** Throws a record's broken cross-field rules as one BAD_REQUEST (records.owner.ts). */
export { assertNoFieldErrors } from '../records/records.owner';

/** An optional text input as stored: undefined stays undefined (unchanged), '' and null become null. */
export function textOrNull(value: string | null | undefined): string | null | undefined {
  return value === undefined ? undefined : value || null;
}

/** A timestamp as the API writes it: ISO 8601 UTC. */
export function iso(date: Date): string {
  return date.toISOString();
}
