import { isMfaRequiredForRole, MFA_ENROLMENT_REQUIRED_MESSAGE } from '@hearth/shared/mfa/mfa.constants';
import { AppError } from '../errors/app-error';
import type { Caller } from './caller';

/**
 * The procedures a user who must still enrol may call: who they are, and setting up a second factor (the
 * mandatory dialog, spec section 4). Sign-out and the authenticator endpoints are better-auth's, outside tRPC.
 */
export const MFA_ENROLMENT_PROCEDURES: ReadonlySet<string> = new Set([
  'getCurrentUser',
  'getMfaStatus',
  'sendPhoneVerificationCode',
  'verifyPhone',
  'setMfaPreference',
]);

/**
 * Whether the signed-in person must enrol a second factor before using Hearth (spec section 6; issue 20: the
 * plugin does not make MFA mandatory, Hearth does): their role is not Client or Trusted Contact and they have
 * neither an authenticator nor a verified phone (users.two_factor_enabled). While impersonating, the caller is an
 * administrator who could only start impersonating once enrolled, and the check is theirs, not the target's.
 */
export function mustEnrolMfa(caller: Pick<Caller, 'user' | 'impersonatedUserId'>): boolean {
  return caller.impersonatedUserId === null && isMfaRequiredForRole(caller.user.roleId) && !caller.user.twoFactorEnabled;
}

/**
 * Refuses a call of a caller who must enrol, unless it is an enrolment procedure (`path`; REST routes pass none).
 * @throws AppError FORBIDDEN (403) MFA_ENROLMENT_REQUIRED_MESSAGE.
 */
export function assertMfaEnrolled(caller: Pick<Caller, 'user' | 'impersonatedUserId'>, path?: string): void {
  if (path !== undefined && MFA_ENROLMENT_PROCEDURES.has(path)) return;
  if (mustEnrolMfa(caller)) throw new AppError('FORBIDDEN', MFA_ENROLMENT_REQUIRED_MESSAGE);
}
