import { and, count, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { CODE_SENDS } from '@hearth/shared/mfa/mfa.constants';
import { pickLanguage } from '@hearth/shared/i18n/languages';
import type { Db } from '../db/client';
import { users } from '../features/users/users.schema';
import { outbox } from '../features/notify/notify.schema';
import { notify } from '../features/notify/notify.service';
import { TEXTED_CODE_KINDS } from '../features/notify/notify.secrets';
import { msg, translate, type ServerMessage } from '../i18n/server-i18n';
import { languageOfUser } from '../i18n/request-language';

/**
 * Whether `userId` may be texted another code: fewer than CODE_SENDS.max texted codes (sign-in and phone
 * verification together, counted in the outbox) in the last CODE_SENDS.windowMinutes, by the database's clock.
 */
export async function mayTextCode(db: Db, userId: number): Promise<boolean> {
  const [sent] = await db
    .select({ n: count() })
    .from(outbox)
    .where(
      and(
        eq(outbox.userId, userId),
        inArray(outbox.kind, Object.values(TEXTED_CODE_KINDS)),
        gt(outbox.createdAt, sql`now() - make_interval(mins => ${CODE_SENDS.windowMinutes})`),
      ),
    );
  return (sent?.n ?? 0) < CODE_SENDS.max;
}

/** The refusal of one code too many, in words that say when to try again. */
export function tooManyCodes(): ServerMessage {
  return msg('errors.tooManyCodes', { minutes: CODE_SENDS.windowMinutes });
}

/**
 * Refuses a texted sign-in code past the send limit (mayTextCode), before better-auth's send-otp creates one (its
 * plugin answers 200 whatever sendOTP does), in the user's language.
 * @throws APIError TOO_MANY_REQUESTS (429).
 */
export async function refuseCodeFlood(db: Db, userId: number): Promise<void> {
  if (await mayTextCode(db, userId)) return;
  throw new APIError('TOO_MANY_REQUESTS', { message: translate(tooManyCodes(), await languageOfUser(db, userId)) });
}

/**
 * Texts a sign-in code to the user's verified phone through the notifier's SMS driver (the outbox by default), as
 * better-auth's two-factor `sendOTP`, in the user's language. A user without a verified phone is sent nothing: codes
 * go only to a number proven by a texted code (spec section 8, "Cannot switch to SMS MFA"). The send limit is
 * checked before (refuseCodeFlood, auth.ts).
 * @returns whether a message was queued.
 */
export async function textSignInCode(db: Db, userId: number, code: string): Promise<boolean> {
  const [user] = await db
    .select({ phoneNumber: users.phoneNumber, language: users.language })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.phoneVerifiedAt)));
  if (!user?.phoneNumber) return false;
  await notify({
    db,
    channel: 'sms',
    kind: TEXTED_CODE_KINDS.signIn,
    recipient: user.phoneNumber,
    userId,
    body: translate(msg('mfaSms.signInCode', { code }), pickLanguage([user.language])),
  });
  return true;
}
