import { and, eq, inArray, sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import { CAREGIVER_STATUS_LABELS, LOGIN_LINK_TTL_HOURS } from '@hearth/shared/caregivers/caregivers.constants';
import type {
  CaregiverLoginLinkOutput,
  CaregiverPasswordOutput,
  SendCaregiverLoginLinkInput,
  SetCaregiverPasswordInput,
} from '@hearth/shared/caregivers/caregivers.schema';
import type { Scope } from '../../auth/scope';
import { type ScopedInput, insertPersonUser } from '../records/records.owner';
import { AppError } from '../../errors/app-error';
import { accounts, sessions, users } from '../users/users.schema';
import { issueLoginLink } from '../../auth/login-links';
import { notify } from '../notify/notify.service';
import { msg, translate } from '../../i18n/server-i18n';
import { languageOfUser } from '../../i18n/request-language';
import { caregivers } from './caregivers.schema';
import { findCaregiver, type ScopedCaregiver } from './caregivers.lookup';
import { loginAllowed } from './caregivers.service';

/** Usernames better-auth's username plugin accepts: 3 to 30 of a-z, 0-9, underscore and dot. */
const USERNAME = /^[a-z0-9_.]{3,30}$/;

/** The username candidates of a caregiver: the email's local part when it makes a valid username, then caregiver<id>. */
function usernameCandidates(caregiver: ScopedCaregiver): string[] {
  const local = caregiver.email
    ?.split('@')[0]
    ?.toLowerCase()
    .replace(/[^a-z0-9_.]/g, '')
    .slice(0, 30);
  return [...(local && USERNAME.test(local) ? [local] : []), `caregiver${caregiver.id}`];
}

/** The first free username among the candidates, else caregiver<id>_<n>. */
async function freeUsername(scope: Scope, caregiver: ScopedCaregiver): Promise<string> {
  const candidates = usernameCandidates(caregiver);
  const taken = new Set(
    (await scope.db.select({ username: users.username }).from(users).where(inArray(users.username, candidates))).map(
      (r) => r.username,
    ),
  );
  const free = candidates.find((c) => !taken.has(c));
  if (free) return free;
  for (let n = 2; ; n++) {
    const candidate = `caregiver${caregiver.id}_${n}`;
    const [row] = await scope.db.select({ id: users.id }).from(users).where(eq(users.username, candidate));
    if (!row) return candidate;
  }
}

/**
 * The caregiver's sign-in user (role Caregiver, caregivers.user_id), created when missing: username from the
 * email's local part or caregiver<id>, the caregiver's email (or caregiver<id>@caregivers.invalid when none is
 * known: users need an email and .invalid never delivers), linked to the company and the caregiver's branch. The
 * caregiver row is locked so two calls do not create two users.
 * @throws AppError NOT_FOUND outside scope, CONFLICT when the caregiver is inactive or terminated or another user
 * has the email.
 */
async function ensureCaregiverUser(
  scope: Scope,
  caregiverId: number,
): Promise<{ caregiver: ScopedCaregiver; userId: number; username: string }> {
  const caregiver = await findCaregiver(scope, caregiverId, { lock: true });
  if (!loginAllowed(caregiver.status)) {
    throw new AppError(
      'CONFLICT',
      `Caregiver ${caregiver.id} is ${CAREGIVER_STATUS_LABELS[caregiver.status].toLowerCase()}; make them active to give them a sign-in`,
    );
  }
  if (caregiver.userId !== null) {
    const [user] = await scope.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(eq(users.id, caregiver.userId));
    if (user) return { caregiver, userId: user.id, username: user.username };
  }
  const email = caregiver.email ?? `caregiver${caregiver.id}@caregivers.invalid`;
  const [holder] = await scope.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (holder) {
    throw new AppError('CONFLICT', `Another user already has the email ${email}; give the caregiver their own email first`, {
      email: ['Email already in use'],
    });
  }
  const username = await freeUsername(scope, caregiver);
  const userId = await insertPersonUser(scope, caregiver, {
    username,
    displayUsername: username,
    email,
    phoneNumber: caregiver.phoneNumber,
    roleId: ROLE_IDS.caregiver,
  });
  await scope.db.update(caregivers).set({ userId, updatedAt: new Date() }).where(eq(caregivers.id, caregiver.id));
  return { caregiver: { ...caregiver, userId }, userId, username };
}

/**
 * Sends a caregiver a one-time sign-in link (sendCaregiverLoginLink, spec section 7): creates their user if
 * missing (see ensureCaregiverUser), stores the hash of a random 32-byte base64url token in better-auth's verifications table
 * (identifier login-link:<userId>, valid LOGIN_LINK_TTL_HOURS = 24 h; an earlier unused link of the user stops
 * working) and sends the path /login?token=<token> through the notifier (email when known, else SMS; the default
 * notifier writes the outbox that /mocks shows). The link is redeemed by POST /api/login-links/redeem (see auth/login-links.ts). Input {caregiverId, channel?}. Output {userId, username, channel, recipient, expiresAt}
 * (the link itself is not returned). The message is in the caregiver's language (their setting, else English).
 * @throws AppError NOT_FOUND outside scope, CONFLICT for an inactive or terminated caregiver or a taken email,
 * BAD_REQUEST when the caregiver has no email or phone number for the channel.
 */
export async function sendCaregiverLoginLink({
  scope,
  input,
}: ScopedInput<SendCaregiverLoginLinkInput>): Promise<CaregiverLoginLinkOutput> {
  const precheck = await findCaregiver(scope, input.caregiverId);
  const channel = input.channel ?? (precheck.email ? 'email' : 'sms');
  const recipient = channel === 'email' ? precheck.email : precheck.phoneNumber;
  if (!recipient) {
    throw new AppError(
      'BAD_REQUEST',
      channel === 'email'
        ? `Caregiver ${precheck.id} has no email address to send the link to`
        : `Caregiver ${precheck.id} has no email address or phone number to send the link to`,
      { channel: [channel === 'email' ? 'No email address' : 'No phone number'] },
    );
  }
  const { caregiver, userId, username } = await ensureCaregiverUser(scope, input.caregiverId);
  const { expiresAt, link } = await issueLoginLink(scope.db, userId);
  // In the caregiver's language (their setting, else English).
  const language = await languageOfUser(scope.db, userId);
  const values = { firstName: caregiver.firstName, username, link, hours: LOGIN_LINK_TTL_HOURS };
  await notify({
    db: scope.db,
    channel,
    kind: 'caregiver_login_link',
    recipient,
    userId,
    subject: channel === 'email' ? translate(msg('loginLink.subject'), language) : null,
    body: translate(msg('loginLink.caregiverBody', values), language),
    link,
  });
  return { userId, username, channel, recipient, expiresAt: expiresAt.toISOString() };
}

/**
 * Sets a caregiver's password (setCaregiverPassword, spec section 7). The password policy of spec section 5
 * (ZPassword: 8+ characters with a number, a lowercase and an uppercase letter and a special character) is checked
 * by the input schema, whose message names the first failing rule. Creates the caregiver's user if missing (see
 * ensureCaregiverUser), hashes with better-auth's hashPassword and upserts the credential account (providerId
 * 'credential', accountId = the user id). Every session of the caregiver ends (phones signed in with the old
 * password or a login link sign in again), so a password set by the office locks out whoever held the old one.
 * Input {caregiverId, password}. Output {userId, username}.
 * @throws AppError NOT_FOUND outside scope, CONFLICT for an inactive or terminated caregiver or a taken email.
 */
export async function setCaregiverPassword({
  scope,
  input,
}: ScopedInput<SetCaregiverPasswordInput>): Promise<CaregiverPasswordOutput> {
  const { userId, username } = await ensureCaregiverUser(scope, input.caregiverId);
  const password = await hashPassword(input.password);
  const updated = await scope.db
    .update(accounts)
    .set({ password, updatedAt: new Date() })
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .returning({ id: accounts.id });
  if (updated.length === 0) {
    await scope.db.insert(accounts).values({ userId, accountId: String(userId), providerId: 'credential', password });
  }
  await scope.db.delete(sessions).where(eq(sessions.userId, userId));
  return { userId, username };
}
