import { and, eq, like, ne } from 'drizzle-orm';
import type { LoginLinkOutput } from '@hearth/shared/clients/clients.schema';
import { CLIENT_STATUS_LABELS } from '@hearth/shared/clients/clients.constants';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import type { Db } from '../../db/client';
import type { Scope } from '../../auth/scope';
import { type ScopedInput, insertPersonUser } from '../records/records.owner';
import { AppError } from '../../errors/app-error';
import { users } from '../users/users.schema';
import { issueLoginLink } from '../../auth/login-links';
import { notify } from '../notify/notify.service';
import type { Language } from '@hearth/shared/i18n/languages';
import { msg, translate, type ServerMessage } from '../../i18n/server-i18n';
import { languageOfUser } from '../../i18n/request-language';
import { zonedDateTime } from '../../i18n/server-dates';
import { clientContacts, clients } from './clients.schema';
import { findClient, findRecordClient } from './clients.lookup';
import { clientMaySignIn } from './clients.service';
import { CONTACT, syncTrustedContactAccess } from './clients-contacts.service';

/**
 * A username for a new sign-in, from an email's local part: lower case letters, digits, dots and underscores
 * (better-auth's username rule), 3 to 24 characters ("Mary.O'Neil+care@x.org" -> "mary.oneilcare"), leaving
 * room for a number that makes it unique.
 */
export function usernameFromEmail(email: string): string {
  const local = (email.split('@')[0] ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9._]/g, '')
    .replace(/^[._]+|[._]+$/g, '')
    .slice(0, 24);
  return local.length >= 3 ? local : `${local}user`;
}

/** The first free username from a base: the base itself, else base2, base3, ... */
async function freeUsername(db: Db, base: string): Promise<string> {
  const taken = new Set(
    (
      await db
        .select({ username: users.username })
        .from(users)
        .where(like(users.username, `${base}%`))
    ).map((u) => u.username),
  );
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}${n}`)) n += 1;
  return `${base}${n}`;
}

interface LoginPerson {
  /** The user already linked to the record, if any. */
  userId: number | null;
  email: string;
  firstName: string;
  lastName: string;
  roleId: typeof ROLE_IDS.client | typeof ROLE_IDS.trustedContact;
  companyId: number;
  branchId: number;
}

/**
 * The sign-in of a client or contact record, created when missing: the linked user (its email follows the
 * record's), else an unlinked user of the same role with that email (a relative who is the trusted contact of
 * two clients signs in once), else a new active user of the role with a username from the email, in the
 * record's company and linked to its branch. It has no password: it signs in by login link.
 * @returns the user id.
 * @throws AppError CONFLICT when the email belongs to another kind of user (staff, caregiver, another client).
 */
async function ensureLoginUser(scope: Scope, person: LoginPerson): Promise<number> {
  const email = person.email.toLowerCase();
  const [holder] = await scope.db
    .select({ id: users.id, roleId: users.roleId })
    .from(users)
    .where(and(eq(users.email, email), person.userId ? ne(users.id, person.userId) : undefined));
  const conflict = () => new AppError('CONFLICT', 'Another user already has this email', { email: ['Email already in use'] });
  if (person.userId) {
    if (holder) throw conflict();
    await scope.db.update(users).set({ email, isActive: true, updatedAt: new Date() }).where(eq(users.id, person.userId));
    return person.userId;
  }
  if (holder) {
    const reusable =
      holder.roleId === person.roleId &&
      (person.roleId === ROLE_IDS.trustedContact ||
        !(await scope.db.select({ id: clients.id }).from(clients).where(eq(clients.userId, holder.id)).limit(1)).length);
    if (!reusable) throw conflict();
    await scope.db.update(users).set({ isActive: true, updatedAt: new Date() }).where(eq(users.id, holder.id));
    return holder.id;
  }
  const username = await freeUsername(scope.db, usernameFromEmail(email));
  return insertPersonUser(scope, person, { username, email, roleId: person.roleId });
}

/**
 * Issues a token for a user and sends the link by email through the notifier, in the recipient's language (their
 * setting, else English; the expiry in UTC, as the spec's English writes it, else through Intl in their locale).
 * `app` names the app the link opens (a message of the `server` catalogue).
 */
async function sendLink(
  scope: Scope,
  userId: number,
  to: { email: string; firstName: string; kind: string; app: ServerMessage },
) {
  const { expiresAt, link } = await issueLoginLink(scope.db, userId);
  const language = await languageOfUser(scope.db, userId);
  const expires = (lng: Language) =>
    lng === 'en' ? expiresAt.toISOString().replace('T', ' ').slice(0, 16) : zonedDateTime(expiresAt, 'UTC', lng);
  await notify({
    db: scope.db,
    channel: 'email',
    kind: to.kind,
    recipient: to.email,
    userId,
    subject: translate(msg('loginLink.subject'), language),
    body: translate(msg('loginLink.body', { firstName: to.firstName, app: to.app, expiresAt: expires }), language),
    link,
  });
  return { userId, recipient: to.email, expiresAt: expiresAt.toISOString() };
}

/**
 * Sends a client a one-time sign-in link to the client app {clientId} -> {userId, recipient, expiresAt}. Creates
 * the client's user (role Client, linked through clients.user_id) when missing, stores a token that works for
 * 24 hours (only the newest link of a user works) and sends `/login?token=<token>` by email through the notifier,
 * whose default driver writes the outbox (/mocks). The link is a path: a delivering driver prefixes PUBLIC_URL.
 * Opening the link at /login redeems the token for a session (POST /api/login-links/redeem, auth/login-links.ts).
 * @throws AppError NOT_FOUND "Client N not found" outside the scope; BAD_REQUEST "The client has no email
 * address" or for a discharged or deceased client; CONFLICT when the email belongs to another user.
 */
export async function sendClientLoginLink({ scope, input }: ScopedInput<{ clientId: number }>): Promise<LoginLinkOutput> {
  const client = await findClient(scope, input.clientId, { lock: true });
  if (!client.email) throw new AppError('BAD_REQUEST', 'The client has no email address', { email: ['No email address'] });
  if (!clientMaySignIn(client.status)) {
    throw new AppError(
      'BAD_REQUEST',
      `The client is ${CLIENT_STATUS_LABELS[client.status].toLowerCase()}: only active or on-hold clients can sign in`,
    );
  }
  const userId = await ensureLoginUser(scope, { ...client, email: client.email, roleId: ROLE_IDS.client });
  if (client.userId !== userId)
    await scope.db.update(clients).set({ userId, updatedAt: new Date() }).where(eq(clients.id, client.id));
  return sendLink(scope, userId, {
    email: client.email,
    firstName: client.firstName,
    kind: 'client_login_link',
    app: msg('loginLink.clientApp'),
  });
}

/**
 * Sends a client's contact a one-time sign-in link to the client app {contactId} -> {userId, recipient,
 * expiresAt}: as sendClientLoginLink, with a Trusted Contact user linked through client_contacts.user_id. The
 * contact needs an email and portal access. The link is redeemed like the client's.
 * @throws AppError NOT_FOUND "Contact N not found" when it does not exist or its client is outside the scope;
 * BAD_REQUEST "The contact has no email address" or without portal access; CONFLICT when the email belongs to
 * another kind of user.
 */
export async function sendClientContactLoginLink({ scope, input }: ScopedInput<{ contactId: number }>): Promise<LoginLinkOutput> {
  const client = await findRecordClient(scope, CONTACT, input.contactId, { lock: true });
  const [contact] = await scope.db.select().from(clientContacts).where(eq(clientContacts.id, input.contactId));
  if (!contact) throw new AppError('NOT_FOUND', `Contact ${input.contactId} not found`);
  if (!contact.email) throw new AppError('BAD_REQUEST', 'The contact has no email address', { email: ['No email address'] });
  if (!contact.hasPortalAccess) {
    throw new AppError('BAD_REQUEST', 'Give the contact portal access first', { hasPortalAccess: ['No portal access'] });
  }
  const userId = await ensureLoginUser(scope, {
    userId: contact.userId,
    email: contact.email,
    firstName: contact.firstName,
    lastName: contact.lastName,
    roleId: ROLE_IDS.trustedContact,
    companyId: client.companyId,
    branchId: client.branchId,
  });
  if (contact.userId !== userId) {
    await scope.db.update(clientContacts).set({ userId, updatedAt: new Date() }).where(eq(clientContacts.id, contact.id));
  }
  await syncTrustedContactAccess(scope.db, userId);
  return sendLink(scope, userId, {
    email: contact.email,
    firstName: contact.firstName,
    kind: 'client_contact_login_link',
    app: msg('loginLink.clientAppFor', { client: `${client.firstName} ${client.lastName}` }),
  });
}
