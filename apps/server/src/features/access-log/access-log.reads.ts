import { and, eq } from 'drizzle-orm';
import { inBranchScope, type Scope } from '../../auth/scope';
import { caregivers } from '../caregivers/caregivers.schema';
import { clients } from '../clients/clients.schema';
import { recordScopeAccess } from './access-log.record';

/** A positive whole id in `input[key]`, else null. */
function idIn(input: unknown, key: 'clientId' | 'caregiverId'): number | null {
  if (typeof input !== 'object' || input === null) return null;
  const value = (input as Record<string, unknown>)[key];
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

/** Whether the client or caregiver `id` is in the caller's branch scope. */
async function inScope(scope: Scope, table: typeof clients | typeof caregivers, id: number): Promise<boolean> {
  const found = await scope.db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), inBranchScope(scope, table.branchId)));
  return found.length > 0;
}

/**
 * Logs the read of one client's or caregiver's record through a part of it (issue 20 item 4: every read of a client's
 * or caregiver's record; HIPAA 45 CFR 164.312(b)): a query that answered for `clientId` or `caregiverId` (their
 * contacts, schedule, files, authorizations...) is a `record-read` of that person with the procedure as its detail,
 * written once the query has answered, as one insert on the request's db (a query runs without a transaction). The profile itself (getClient, getCaregiver) logs its own read. Nothing is
 * logged for a query about no one person (lists, reports), nor for a refused one, nor for a person outside the
 * caller's branch scope (a filter that answered nothing about them).
 * @param path the procedure (e.g. getClientContacts); `input` its input as sent, already accepted by its schema.
 */
export async function recordPersonRead(scope: Scope, path: string, input: unknown): Promise<void> {
  const clientId = idIn(input, 'clientId');
  const caregiverId = idIn(input, 'caregiverId');
  if (clientId !== null && (await inScope(scope, clients, clientId))) {
    await recordScopeAccess(scope, { action: 'record-read', recordType: 'client', recordId: clientId, clientId, detail: path });
  }
  if (caregiverId !== null && (await inScope(scope, caregivers, caregiverId))) {
    await recordScopeAccess(scope, {
      action: 'record-read',
      recordType: 'caregiver',
      recordId: caregiverId,
      caregiverId,
      detail: path,
    });
  }
}
