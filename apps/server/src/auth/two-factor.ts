import type { twoFactor } from 'better-auth/plugins';
import { CODE_ATTEMPTS, TOTP, TOTP_ISSUER, TRUST_DEVICE_DAYS } from '@hearth/shared/mfa/mfa.constants';
import type { Db } from '../db/client';

type TwoFactorOptions = NonNullable<Parameters<typeof twoFactor>[0]>;

/**
 * Options of better-auth's two-factor plugin (issue 20): authenticator codes of 6 digits every 30 seconds (spec
 * section 9) under the issuer Hearth; texted codes through `textSignInCode` (the notifier's SMS driver, only to a
 * verified phone: mfa-sms.ts), none without it; a trusted device (the spec's remember-device flag) skips the code for 30 days; after
 * CODE_ATTEMPTS.max consecutive wrong codes a user's code checks are refused for CODE_ATTEMPTS.lockMinutes, across
 * challenges (the per-user limit; NIST SP 800-63B 5.2.2). Enrolling asks a user who has a password for it again
 * (`allowPasswordless` spares only people without one, such as logins made for a login link); an existing
 * verified authenticator cannot be replaced this way (the plugin refuses a second one).
 */
export function twoFactorOptions(
  db: Db,
  textSignInCode?: (db: Db, userId: number, code: string) => Promise<unknown>,
): TwoFactorOptions {
  return {
    issuer: TOTP_ISSUER,
    allowPasswordless: true,
    totpOptions: { digits: TOTP.digits, period: TOTP.periodSeconds },
    // Given by the app (main.ts: mfa-sms.ts), which may reach the notifier without an import cycle through auth.
    otpOptions: textSignInCode
      ? {
          async sendOTP({ user, otp }) {
            await textSignInCode(db, Number(user.id), otp);
          },
        }
      : undefined,
    trustDeviceMaxAge: TRUST_DEVICE_DAYS * 24 * 60 * 60,
    accountLockout: { enabled: true, maxFailedAttempts: CODE_ATTEMPTS.max, durationSeconds: CODE_ATTEMPTS.lockMinutes * 60 },
  };
}
