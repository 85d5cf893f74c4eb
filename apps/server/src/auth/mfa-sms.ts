import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../features/users/users.schema';
import { notify } from '../features/notify/notify.service';

/**
 * Texts a sign-in code to the user's verified phone through the notifier's SMS driver (the outbox by default), as
 * better-auth's two-factor `sendOTP`. A user without a verified phone is sent nothing: codes go only to a number
 * proven by a texted code (spec section 8, "Cannot switch to SMS MFA").
 * @returns whether a message was queued.
 */
export async function textSignInCode(db: Db, userId: number, code: string): Promise<boolean> {
  const [user] = await db
    .select({ phoneNumber: users.phoneNumber })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.phoneVerifiedAt)));
  if (!user?.phoneNumber) return false;
  await notify({
    db,
    channel: 'sms',
    kind: 'mfa_sign_in_code',
    recipient: user.phoneNumber,
    userId,
    body: `Your Hearth verification code is ${code}. It expires in 3 minutes. Never share it.`,
  });
  return true;
}
