import { recordScopeAccess } from '../access-log/access-log.record';
import { and, eq } from 'drizzle-orm';
import type { ClientOutput, CreateClientInput, UpdateClientInput } from '@hearth/shared/clients/clients.schema';
import { CLIENT_APP_STATUSES, type ClientStatus } from '@hearth/shared/clients/clients.constants';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import { inBranchScope, type Scope } from '../../auth/scope';
import { type ScopedInput, insertReturningId } from '../records/records.owner';
import { AppError, notFound } from '../../errors/app-error';
import { branches } from '../branches/branches.schema';
import { payerSources } from '../payer-sources/payer-sources.schema';
import { users } from '../users/users.schema';
import { clients } from './clients.schema';
import { assertCompanyPayer, findClient, iso, textOrNull } from './clients.lookup';

/** Whether a client in this status may sign in to the client app. */
export function clientMaySignIn(status: ClientStatus): boolean {
  return CLIENT_APP_STATUSES.includes(status);
}

/**
 * One client in the caller's branch scope, with its branch and primary payer names (ClientOutput: dates
 * YYYY-MM-DD, timestamps ISO 8601 UTC).
 * @throws AppError NOT_FOUND "Client N not found" when it does not exist or is outside the scope.
 */
export async function getClient({ scope, input }: ScopedInput<{ id: number }>): Promise<ClientOutput> {
  const [row] = await scope.db
    .select({ client: clients, branchName: branches.name, payerName: payerSources.name })
    .from(clients)
    .innerJoin(branches, eq(branches.id, clients.branchId))
    .leftJoin(payerSources, eq(payerSources.id, clients.primaryPayerSourceId))
    .where(and(eq(clients.id, input.id), inBranchScope(scope, clients.branchId)));
  if (!row) throw notFound('Client', input.id);
  const c = row.client;
  return {
    id: c.id,
    branchId: c.branchId,
    branchName: row.branchName,
    userId: c.userId,
    firstName: c.firstName,
    lastName: c.lastName,
    dateOfBirth: c.dateOfBirth,
    gender: c.gender,
    preferredLanguage: c.preferredLanguage,
    phoneNumber: c.phoneNumber,
    email: c.email,
    medicaidId: c.medicaidId,
    status: c.status,
    primaryPayerSourceId: c.primaryPayerSourceId,
    primaryPayerSourceName: row.payerName,
    carePlanTasks: c.carePlanTasks,
    accessNotes: c.accessNotes,
    notes: c.notes,
    createdAt: iso(c.createdAt),
    updatedAt: iso(c.updatedAt),
  };
}

/**
 * The client profile's read (getClient): getClient, logged in the access log as a `record-read` of the client by the
 * caller (HIPAA 45 CFR 164.312(b); issue 20 item 4). A client out of scope is refused before anything is logged.
 * @throws AppError NOT_FOUND as getClient.
 */
export async function readClient({ scope, input }: ScopedInput<{ id: number }>): Promise<ClientOutput> {
  const client = await getClient({ scope, input });
  await recordScopeAccess(scope, {
    action: 'record-read',
    recordType: 'client',
    recordId: client.id,
    clientId: client.id,
    detail: 'getClient',
  });
  return client;
}

/**
 * A branch in the caller's scope (scope in the WHERE clause), for placing a client in it.
 * @throws AppError NOT_FOUND "Branch N not found" (field branchId) when it does not exist or is outside the scope.
 */
async function findBranch(scope: Scope, branchId: number): Promise<{ id: number; companyId: number }> {
  const [row] = await scope.db
    .select({ id: branches.id, companyId: branches.companyId })
    .from(branches)
    .where(and(eq(branches.id, branchId), inBranchScope(scope, branches.id)));
  if (!row) throw new AppError('NOT_FOUND', `Branch ${branchId} not found`, { branchId: ['Unknown branch'] });
  return row;
}

/** The person fields of a client input as stored (optional text: '' and null clear it). */
function personFields(input: Omit<UpdateClientInput, 'id'>) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    dateOfBirth: input.dateOfBirth === undefined ? undefined : input.dateOfBirth || null,
    gender: textOrNull(input.gender),
    preferredLanguage: textOrNull(input.preferredLanguage),
    phoneNumber: textOrNull(input.phoneNumber),
    email: input.email === undefined ? undefined : input.email?.toLowerCase() || null,
    medicaidId: textOrNull(input.medicaidId),
    status: input.status,
    primaryPayerSourceId: input.primaryPayerSourceId,
    carePlanTasks: input.carePlanTasks,
    accessNotes: textOrNull(input.accessNotes),
    notes: textOrNull(input.notes),
  };
}

/**
 * Creates a client in a branch of the caller's scope (status active unless given, no care plan tasks unless
 * given). The primary payer, when given, must be a payer source of the branch's company.
 * @returns the client as getClient returns it.
 * @throws AppError NOT_FOUND "Branch N not found" for a branch outside the scope; BAD_REQUEST "Payer source N
 * not found" for another company's payer.
 */
export async function createClient({ scope, input }: ScopedInput<CreateClientInput>): Promise<ClientOutput> {
  const branch = await findBranch(scope, input.branchId);
  if (input.primaryPayerSourceId)
    await assertCompanyPayer(scope, branch.companyId, input.primaryPayerSourceId, 'primaryPayerSourceId');
  const values = { ...personFields(input), firstName: input.firstName, lastName: input.lastName, branchId: branch.id };
  const id = await insertReturningId(scope, clients, 'client', values);
  return getClient({ scope, input: { id } });
}

/**
 * Edits a client in scope: only the fields given change. Status is active, on_hold, discharged or deceased
 * (a person is never deleted); a discharged or deceased client's own sign-in is deactivated and comes back with
 * active or on_hold. A move to another branch needs that branch in scope and in the same company.
 * @returns the client as getClient returns it.
 * @throws AppError NOT_FOUND "Client N not found" outside the scope, NOT_FOUND "Branch N not found",
 * BAD_REQUEST for another company's branch or payer.
 */
export async function updateClient({ scope, input }: ScopedInput<UpdateClientInput>): Promise<ClientOutput> {
  const client = await findClient(scope, input.id, { lock: true });
  let companyId = client.companyId;
  if (input.branchId !== undefined && input.branchId !== client.branchId) {
    const branch = await findBranch(scope, input.branchId);
    if (branch.companyId !== client.companyId) {
      throw new AppError('BAD_REQUEST', 'A client cannot move to another company', { branchId: ['Another company’s branch'] });
    }
    companyId = branch.companyId;
  }
  if (input.primaryPayerSourceId) await assertCompanyPayer(scope, companyId, input.primaryPayerSourceId, 'primaryPayerSourceId');
  await scope.db
    .update(clients)
    .set({ ...personFields(input), branchId: input.branchId, updatedAt: new Date() })
    .where(eq(clients.id, client.id));
  if (input.status && client.userId && clientMaySignIn(input.status) !== clientMaySignIn(client.status)) {
    await scope.db
      .update(users)
      .set({ isActive: clientMaySignIn(input.status), updatedAt: new Date() })
      .where(and(eq(users.id, client.userId), eq(users.roleId, ROLE_IDS.client)));
  }
  return getClient({ scope, input: { id: client.id } });
}
