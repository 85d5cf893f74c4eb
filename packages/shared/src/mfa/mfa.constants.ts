import { ROLE_IDS } from '../roles/roles.constants';

/** Authenticator codes: 6 digits, a new one every 30 seconds (spec section 9, RFC 6238). */
export const TOTP = { digits: 6, periodSeconds: 30 } as const;

/** The issuer an authenticator app lists Hearth's codes under (the otpauth URI's issuer). */
export const TOTP_ISSUER = 'Hearth';

/** The MFA completion dialog closes this long after success (spec section 9). */
export const MFA_COMPLETE_CLOSE_MS = 2000;

/** The MFA status is cached 5 minutes and garbage collected at 10 (spec section 9). */
export const MFA_STATUS_CACHE = { staleMs: 5 * 60_000, gcMs: 10 * 60_000 } as const;

/** A trusted device (the spec's remember-device flag) is not asked for a code for 30 days. */
export const TRUST_DEVICE_DAYS = 30;

/** A texted phone-verification code: 6 digits, valid 10 minutes. */
export const PHONE_CODE = { digits: 6, ttlMs: 10 * 60_000 } as const;

/**
 * Failed code checks a user may make before their checks are refused for `lockMinutes` (phone verification here;
 * sign-in codes by better-auth's per-user lockout with the same numbers).
 */
export const CODE_ATTEMPTS = { max: 5, lockMinutes: 15 } as const;

/**
 * Texted codes (sign-in and phone verification together) a user may be sent in `windowMinutes`: each costs the agency
 * a message, and without a limit the send button floods a phone (OWASP Authentication Cheat Sheet, SMS flooding).
 */
export const CODE_SENDS = { max: 5, windowMinutes: 15 } as const;

/**
 * Roles that are never forced to enrol (spec section 6: "MFA setup is forced for users other than clients and
 * trusted contacts who have no authenticator and no SMS method").
 */
export const MFA_EXEMPT_ROLE_IDS: readonly number[] = [ROLE_IDS.client, ROLE_IDS.trustedContact];

/** Whether a user of role `roleId` must have a second factor before using Hearth (spec section 6). */
export function isMfaRequiredForRole(roleId: number): boolean {
  return !MFA_EXEMPT_ROLE_IDS.includes(roleId);
}

/**
 * The message of the 403 every procedure but the enrolment ones answers until a user who must have a second
 * factor has one (issue 20: the plugin does not make MFA mandatory, Hearth does).
 */
export const MFA_ENROLMENT_REQUIRED_MESSAGE =
  'Two-step verification is required for your account: set up an authenticator app or a verified phone before continuing';

/**
 * The demo agency's one authenticator secret (base32, RFC 4648), shared by its staff and caregiver users and shown
 * in the README's demo table so a visitor can add it to an authenticator app. Only the demo seed uses it; a
 * production install has no such secret. Its UTF-8 text is what better-auth stores (it base32-encodes the stored
 * text into the otpauth URI).
 */
export const DEMO_TOTP_SECRET = { base32: 'NBSWC4TUNAWWIZLNN4WXI33UOAWWWZLZ', text: 'hearth-demo-totp-key' } as const;
