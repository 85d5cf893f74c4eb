import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { ContactPermission } from '@hearth/shared/client-app/client-app.constants';
import { CLIENT_APP_STATUSES } from '@hearth/shared/clients/clients.constants';
import type { Db } from '../../db/client';
import { CONTACT_PERMISSION_COLUMNS } from './client-app.access';
import { clientContacts, clients } from '../clients/clients.schema';
import { users } from '../users/users.schema';

/**
 * The users of the client app who may see `permission` of client `clientId`, by the same rule as reachClient in
 * client-app.access.ts (docs/architecture.md "The client app"): the client's own user, and the user of every
 * contact record of that client with portal access and the permission; only while the client may sign in (active,
 * on hold) and only active users. Clients and contacts have no branch scope, so a live event about the client's
 * visits must list these ids to reach their open screens (docs/architecture.md "Live updates").
 * @param clientIds one client id or several (a change touching several clients' visits).
 * @returns user ids without repeats, ascending; [] when nobody of the family uses the app.
 */
export async function familyUserIds(db: Db, clientIds: number | number[], permission: ContactPermission): Promise<number[]> {
  const ids = [...new Set(Array.isArray(clientIds) ? clientIds : [clientIds])];
  if (ids.length === 0) return [];
  const inApp = and(inArray(clients.id, ids), inArray(clients.status, [...CLIENT_APP_STATUSES]), eq(users.isActive, true));
  const own = await db
    .select({ userId: users.id })
    .from(clients)
    .innerJoin(users, eq(users.id, clients.userId))
    .where(and(inApp, isNotNull(clients.userId)));
  const contacts = await db
    .select({ userId: users.id })
    .from(clientContacts)
    .innerJoin(clients, eq(clients.id, clientContacts.clientId))
    .innerJoin(users, eq(users.id, clientContacts.userId))
    .where(and(inApp, eq(clientContacts.hasPortalAccess, true), eq(CONTACT_PERMISSION_COLUMNS[permission], true)));
  return [...new Set([...own, ...contacts].map((r) => r.userId))].sort((a, b) => a - b);
}
