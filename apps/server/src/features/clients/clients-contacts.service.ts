import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  contactRuleErrors,
  type ClientContactOutput,
  type CreateClientContactInput,
  type UpdateClientContactInput,
} from '@hearth/shared/clients/clients.schema';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import { DEFAULT_CONTACT_PERMISSIONS } from '@hearth/shared/client-app/client-app.constants';
import type { Db } from '../../db/client';
import { publishLiveEvent } from '../live/live.publish';
import { AppError } from '../../errors/app-error';
import { users } from '../users/users.schema';
import { clientContacts } from './clients.schema';
import { assertNoFieldErrors, findClient, findRecordClient, textOrNull } from './clients.lookup';
import { ownedTable, type ScopedInput, withIsoTimestamps } from '../records/records.owner';

/** The contacts table as findRecordClient reads it. */
export const CONTACT = ownedTable(clientContacts, clientContacts.clientId, 'Contact');

/** A contact row as the API answers it: every stored field, the timestamps in ISO 8601 UTC. */
function toOutput(row: typeof clientContacts.$inferSelect): ClientContactOutput {
  return withIsoTimestamps(row);
}

/**
 * Keeps a trusted contact's sign-in in step with portal access: the user stays active while at least one contact
 * record linked to it has portal access (one person may be the contact of several clients), and is deactivated
 * otherwise. Users of other roles are left alone. The user's open client app hears of it at once (live topic
 * `clientAccess`), so a permission taken away or given shows without a reload.
 */
export async function syncTrustedContactAccess(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({
      isActive: sql`exists (select 1 from ${clientContacts} where ${clientContacts.userId} = ${userId} and ${clientContacts.hasPortalAccess})`,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, userId), eq(users.roleId, ROLE_IDS.trustedContact)));
  await publishLiveEvent(db, { topic: 'clientAccess', userIds: [userId] });
}

/**
 * A client's contacts {clientId}: emergency contacts first, then by last and first name.
 * @throws AppError NOT_FOUND "Client N not found" outside the scope.
 */
export async function getClientContacts({ scope, input }: ScopedInput<{ clientId: number }>) {
  const client = await findClient(scope, input.clientId);
  const rows = await scope.db
    .select()
    .from(clientContacts)
    .where(eq(clientContacts.clientId, client.id))
    .orderBy(
      desc(clientContacts.isEmergencyContact),
      asc(clientContacts.lastName),
      asc(clientContacts.firstName),
      asc(clientContacts.id),
    );
  return rows.map(toOutput);
}

/**
 * Adds a family or trusted contact to a client in scope (relationship, phone, email, emergency flag, portal
 * access; the flags default to false). An emergency contact needs a phone number, portal access an email.
 * @throws AppError NOT_FOUND "Client N not found" outside the scope.
 */
export async function createClientContact({ scope, input }: ScopedInput<CreateClientContactInput>) {
  const client = await findClient(scope, input.clientId);
  const [row] = await scope.db
    .insert(clientContacts)
    .values({
      clientId: client.id,
      firstName: input.firstName,
      lastName: input.lastName,
      relationship: input.relationship,
      phoneNumber: textOrNull(input.phoneNumber),
      email: input.email?.toLowerCase() || null,
      isEmergencyContact: input.isEmergencyContact ?? false,
      hasPortalAccess: input.hasPortalAccess ?? false,
      portalSchedule: input.portalSchedule ?? DEFAULT_CONTACT_PERMISSIONS.schedule,
      portalCareNotes: input.portalCareNotes ?? DEFAULT_CONTACT_PERMISSIONS.careNotes,
      portalMessages: input.portalMessages ?? DEFAULT_CONTACT_PERMISSIONS.messages,
      portalAlerts: input.portalAlerts ?? DEFAULT_CONTACT_PERMISSIONS.alerts,
      portalStatements: input.portalStatements ?? DEFAULT_CONTACT_PERMISSIONS.statements,
    })
    .returning();
  if (!row) throw new Error('contact insert returned nothing');
  return toOutput(row);
}

/**
 * Edits a contact {id, ...fields to change}; the contact rules apply to the result. Withdrawing portal access
 * deactivates the contact's sign-in unless another contact record of the same person keeps it.
 * @throws AppError NOT_FOUND "Contact N not found" when it does not exist or its client is outside the scope;
 * BAD_REQUEST naming the field when a rule breaks.
 */
export async function updateClientContact({ scope, input }: ScopedInput<UpdateClientContactInput>) {
  await findRecordClient(scope, CONTACT, input.id);
  const [current] = await scope.db.select().from(clientContacts).where(eq(clientContacts.id, input.id));
  if (!current) throw new AppError('NOT_FOUND', `Contact ${input.id} not found`);
  const changes = {
    firstName: input.firstName,
    lastName: input.lastName,
    relationship: input.relationship,
    phoneNumber: textOrNull(input.phoneNumber),
    email: input.email === undefined ? undefined : input.email?.toLowerCase() || null,
    isEmergencyContact: input.isEmergencyContact,
    hasPortalAccess: input.hasPortalAccess,
    portalSchedule: input.portalSchedule,
    portalCareNotes: input.portalCareNotes,
    portalMessages: input.portalMessages,
    portalAlerts: input.portalAlerts,
    portalStatements: input.portalStatements,
  };
  const merged = { ...current, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) };
  assertNoFieldErrors(contactRuleErrors(merged));
  const [row] = await scope.db
    .update(clientContacts)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(clientContacts.id, input.id))
    .returning();
  if (!row) throw new Error('contact update returned nothing');
  if (row.userId) await syncTrustedContactAccess(scope.db, row.userId);
  return toOutput(row);
}

/**
 * Deletes a contact {id}; its sign-in, if any, is deactivated unless another contact record keeps it.
 * @returns {id} of the deleted contact.
 * @throws AppError NOT_FOUND "Contact N not found" when it does not exist or its client is outside the scope.
 */
export async function deleteClientContact({ scope, input }: ScopedInput<{ id: number }>) {
  await findRecordClient(scope, CONTACT, input.id);
  const [deleted] = await scope.db.delete(clientContacts).where(eq(clientContacts.id, input.id)).returning();
  if (deleted?.userId) await syncTrustedContactAccess(scope.db, deleted.userId);
  return { id: input.id };
}
