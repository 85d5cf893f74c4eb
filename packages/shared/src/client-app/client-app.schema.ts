import { z } from 'zod';
import { zText, ZId } from '../app/input-rules';
import { CONTACT_PERMISSIONS, type ContactPermission } from './client-app.constants';

/**
 * The shapes every client-app call shares (issue "client and family app"): which client a call is about, and the
 * clients the caller may reach. Each area (visits, requests, statements, alerts) keeps its own inputs beside this
 * file. Timestamps are ISO 8601 in UTC; a client's local times are shown in `timezone`.
 */

/** Input of a call about one of the caller's clients. */
export const ZClientAppClientInput = z.object({ clientId: ZId });
export type ClientAppClientInput = z.infer<typeof ZClientAppClientInput>;

/** Whether the caller holds each contact permission for a client. */
export const ZContactPermissions = z.object(
  Object.fromEntries(CONTACT_PERMISSIONS.map((p) => [p, z.boolean()])) as Record<ContactPermission, z.ZodBoolean>,
);
export type ContactPermissions = z.infer<typeof ZContactPermissions>;

/**
 * A client the caller may reach in the client app: themselves (`relation: 'self'`, every permission) or a client
 * whose trusted contact they are (`relation: 'contact'`, the permissions the office set on that contact).
 */
export const ZClientAppClient = z.object({
  clientId: z.number(),
  firstName: zText(),
  lastName: zText(),
  /** The IANA zone the client's visits are shown in (their branch's). */
  timezone: zText(),
  relation: z.enum(['self', 'contact']),
  /** The contact record through which a trusted contact reaches the client; null for the client themselves. */
  contactId: z.number().nullable(),
  permissions: ZContactPermissions,
});
export type ClientAppClient = z.infer<typeof ZClientAppClient>;

/** Output of clientAppGetClients: the caller's clients, by last then first name. */
export const ZClientAppClientsOutput = z.array(ZClientAppClient);
