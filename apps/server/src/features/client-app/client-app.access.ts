import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { ClientAppClient } from '@hearth/shared/client-app/client-app.schema';
import type { ContactPermission } from '@hearth/shared/client-app/client-app.constants';
import { CLIENT_APP_STATUSES } from '@hearth/shared/clients/clients.constants';
import type { Scope } from '../../auth/scope';
import { AppError } from '../../errors/app-error';
import { branches } from '../branches/branches.schema';
import { clientContacts, clients } from '../clients/clients.schema';

/** The client_contacts column holding each contact permission (CONTACT_PERMISSIONS). */
export const CONTACT_PERMISSION_COLUMNS = {
  schedule: clientContacts.portalSchedule,
  careNotes: clientContacts.portalCareNotes,
  messages: clientContacts.portalMessages,
  alerts: clientContacts.portalAlerts,
  statements: clientContacts.portalStatements,
} as const;

/** A client the caller reaches, with what the caller may see of them; see ClientAppClient. */
export interface ReachedClient extends ClientAppClient {
  branchId: number;
  companyId: number;
}

const ALL: Record<ContactPermission, boolean> = {
  schedule: true,
  careNotes: true,
  messages: true,
  alerts: true,
  statements: true,
};

const clientColumns = {
  clientId: clients.id,
  firstName: clients.firstName,
  lastName: clients.lastName,
  timezone: branches.timezone,
  branchId: clients.branchId,
  companyId: branches.companyId,
};

/**
 * The clients the caller may reach in the client app, by the caller's identity only (docs/architecture.md "Own
 * records"): the client record linked to the user (clients.user_id; every permission), and each client whose
 * contact record is linked to the user with portal access (the permissions the office set on that contact). Only
 * clients in a status that may sign in (active, on hold) count. Staff and caregivers reach none.
 * @param clientId keeps only that client when given.
 * @returns the clients by last, then first name; a client reached both ways appears once, as `self`.
 */
export async function callerClients(scope: Scope, clientId?: number): Promise<ReachedClient[]> {
  const only = (extra: SQL | undefined) => and(inArray(clients.status, [...CLIENT_APP_STATUSES]), extra);
  const byId = clientId === undefined ? undefined : eq(clients.id, clientId);
  const own = await scope.db
    .select(clientColumns)
    .from(clients)
    .innerJoin(branches, eq(branches.id, clients.branchId))
    .where(only(and(eq(clients.userId, scope.userId), byId)));
  const viaContacts = await scope.db
    .select({
      ...clientColumns,
      contactId: clientContacts.id,
      ...CONTACT_PERMISSION_COLUMNS,
    })
    .from(clientContacts)
    .innerJoin(clients, eq(clients.id, clientContacts.clientId))
    .innerJoin(branches, eq(branches.id, clients.branchId))
    .where(only(and(eq(clientContacts.userId, scope.userId), eq(clientContacts.hasPortalAccess, true), byId)))
    .orderBy(asc(clientContacts.id));
  const reached = new Map<number, ReachedClient>();
  for (const c of own) reached.set(c.clientId, { ...c, relation: 'self', contactId: null, permissions: { ...ALL } });
  for (const c of viaContacts) {
    if (reached.has(c.clientId)) continue;
    const { contactId, schedule, careNotes, messages, alerts, statements, ...client } = c;
    reached.set(c.clientId, {
      ...client,
      relation: 'contact',
      contactId,
      permissions: { schedule, careNotes, messages, alerts, statements },
    });
  }
  return [...reached.values()].sort(
    (a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName) || a.clientId - b.clientId,
  );
}

/**
 * One of the caller's clients, when the caller holds `permission` for them: the one gate of every client-app call
 * about a client. A client out of reach and a permission not held answer alike, so a contact cannot probe which
 * clients exist or what another contact may see.
 * @throws AppError NOT_FOUND "Client N not found" when the caller does not reach the client or lacks the permission.
 */
export async function reachClient(scope: Scope, clientId: number, permission: ContactPermission): Promise<ReachedClient> {
  const [client] = await callerClients(scope, clientId);
  if (!client || !client.permissions[permission]) throw new AppError('NOT_FOUND', `Client ${clientId} not found`);
  return client;
}

/**
 * The clients for which the caller holds `permission`, as ids (for a list across the caller's clients, e.g. the
 * conversations or alerts of a contact of several clients).
 */
export async function clientIdsWith(scope: Scope, permission: ContactPermission): Promise<number[]> {
  return (await callerClients(scope)).filter((c) => c.permissions[permission]).map((c) => c.clientId);
}
