import { eq } from 'drizzle-orm';
import { Secret, TOTP as OtpTotp } from 'otpauth';
import { symmetricEncrypt } from 'better-auth/crypto';
import { DEMO_TOTP_SECRET, isMfaRequiredForRole, TOTP } from '@hearth/shared/mfa/mfa.constants';
import type { Db } from '../db/client';
import type { Auth } from '../auth/auth';
import { users } from '../features/users/users.schema';
import { twoFactors } from '../features/mfa/mfa.schema';

/** The RFC 6238 code of a base32 secret at `timestamp` (default now), computed independently of better-auth. */
export function totpCode(base32: string = DEMO_TOTP_SECRET.base32, timestamp = Date.now()): string {
  const totp = new OtpTotp({ secret: Secret.fromBase32(base32), digits: TOTP.digits, period: TOTP.periodSeconds });
  return totp.generate({ timestamp });
}

/**
 * Enrols user `userId` with the demo authenticator secret, as the demo seed does, when their role requires a second
 * factor and they have none: users a test creates (a caregiver's login) then sign in like the demo users.
 * @returns whether the user was enrolled now.
 */
export async function enrolForTests(db: Db, auth: Auth, userId: number): Promise<boolean> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || user.twoFactorEnabled || !isMfaRequiredForRole(user.roleId)) return false;
  const { secretConfig } = await auth.$context;
  await db.insert(twoFactors).values({
    userId,
    secret: await symmetricEncrypt({ key: secretConfig, data: DEMO_TOTP_SECRET.text }),
    backupCodes: await symmetricEncrypt({ key: secretConfig, data: JSON.stringify(['test-backup-1', 'test-backup-2']) }),
  });
  await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, userId));
  return true;
}

/** The `name=value` of the set-cookie whose name ends with `suffix` (better-auth prefixes its cookie names). */
export function cookieOf(response: Response, suffix: string): string | null {
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';')[0] ?? '';
    if (pair.split('=')[0]?.endsWith(suffix)) return pair;
  }
  return null;
}
