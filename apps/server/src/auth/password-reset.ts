import { eq } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { PASSWORD_RESET_TTL_MINUTES, RESET_PASSWORD_PATH } from '@hearth/shared/auth/password-reset.schema';
import type { Db } from '../db/client';
import { users, verifications } from '../features/users/users.schema';
import { notify } from '../features/notify/notify.service';
import { msg, translate } from '../i18n/server-i18n';
import { pickLanguage } from '@hearth/shared/i18n/languages';

/** better-auth's identifier of a reset token's row in the verifications table. */
const resetIdentifier = (token: string) => `reset-password:${token}`;

/** The active user a reset may be sent to or made for, or null for a deactivated or missing one. */
async function activeUser(db: Db, userId: number) {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      email: users.email,
      language: users.language,
      isActive: users.isActive,
    })
    .from(users)
    .where(eq(users.id, userId));
  return user?.isActive ? user : null;
}

/**
 * Emails a password-reset link, as better-auth's `emailAndPassword.sendResetPassword` (called only for an email
 * that belongs to an account; the answer to the request is the same either way, so it never says whether one
 * exists). The link is `<publicUrl>/reset-password?token=<token>`, valid PASSWORD_RESET_TTL_MINUTES, sent through
 * the notifier's email driver (the outbox by default, which hides the token from readers) in the user's language
 * (their setting, else English). A deactivated user is sent nothing: they could not sign in with a new password.
 * @param publicUrl the web app's origin, e.g. https://agency.example (config PUBLIC_URL)
 */
export function emailPasswordReset(db: Db, publicUrl: string) {
  return async ({ user, token }: { user: { id: string }; token: string }): Promise<void> => {
    const found = await activeUser(db, Number(user.id));
    if (!found) return;
    const link = `${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
    const language = pickLanguage([found.language]);
    const values = {
      name: found.name,
      username: found.username,
      minutes: PASSWORD_RESET_TTL_MINUTES,
      url: new URL(link, publicUrl).href,
    };
    await notify({
      db,
      channel: 'email',
      kind: 'password_reset',
      recipient: found.email,
      userId: found.id,
      subject: translate(msg('passwordReset.subject'), language),
      body: translate(msg('passwordReset.body', values), language),
      link,
    });
  };
}

/**
 * Refuses a reset with a live token of a user who has since been deactivated, before better-auth uses it up: the
 * same answer as an invalid token (better-auth's INVALID_TOKEN), and the token is deleted. A token better-auth
 * does not know is left for it to refuse.
 * @throws APIError BAD_REQUEST {code: INVALID_TOKEN}
 */
export async function refuseResetOfBlockedUser(db: Db, token: unknown): Promise<void> {
  if (typeof token !== 'string' || !token) return;
  const [row] = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(eq(verifications.identifier, resetIdentifier(token)));
  if (!row || (await activeUser(db, Number(row.value)))) return;
  await db.delete(verifications).where(eq(verifications.identifier, resetIdentifier(token)));
  throw new APIError('BAD_REQUEST', { code: 'INVALID_TOKEN', message: 'Invalid token' });
}
