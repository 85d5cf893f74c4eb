import type { ClientAppClient } from '@hearth/shared/client-app/client-app.schema';
import type { Scope } from '../../auth/scope';
import { callerClients } from './client-app.access';

/**
 * clientAppGetClients: the clients the caller may open in the client app (the switcher's list), each with the
 * caller's relation and permissions. A whitelist: names, the display zone and the permissions, nothing else.
 * @returns ClientAppClient[] by last then first name; [] for a user who reaches none.
 */
export async function clientAppGetClients({ scope }: { scope: Scope }): Promise<ClientAppClient[]> {
  return (await callerClients(scope)).map(({ clientId, firstName, lastName, timezone, relation, contactId, permissions }) => ({
    clientId,
    firstName,
    lastName,
    timezone,
    relation,
    contactId,
    permissions,
  }));
}
