import { createHash, randomInt } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import {
  CODE_ATTEMPTS,
  isMfaRequiredForRole,
  MFA_ENROLMENT_REQUIRED_MESSAGE,
  PHONE_CODE,
} from '@hearth/shared/mfa/mfa.constants';
import type {
  MfaMethod,
  MfaStatus,
  SendPhoneCodeInput,
  SetMfaPreferenceInput,
  VerifyPhoneInput,
} from '@hearth/shared/mfa/mfa.schema';
import type { OkOutput } from '@hearth/shared/app/outputs.schema';
import type { Scope } from '../../auth/scope';
import { AppError } from '../../errors/app-error';
import { users, verifications } from '../users/users.schema';
import { notify } from '../notify/notify.service';
import { mayTextCode, tooManyCodes } from '../../auth/mfa-sms';
import { TEXTED_CODE_KINDS } from '../notify/notify.secrets';
import { msg, translate } from '../../i18n/server-i18n';
import { languageOfUser } from '../../i18n/request-language';
import { twoFactors } from './mfa.schema';

const phoneCodeKey = (userId: number) => `mfa-phone-${userId}`;
const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

/** The signed-in person's row: MFA is theirs even while they impersonate someone (scope.actorUserId). */
async function actorOf(scope: Scope) {
  const [user] = await scope.db
    .select({
      roleId: users.roleId,
      phoneNumber: users.phoneNumber,
      phoneVerifiedAt: users.phoneVerifiedAt,
      twoFactorEnabled: users.twoFactorEnabled,
      mfaPreferredMethod: users.mfaPreferredMethod,
    })
    .from(users)
    .where(eq(users.id, scope.actorUserId));
  if (!user) throw new AppError('UNAUTHORIZED', 'Sign in to continue');
  return user;
}

async function hasAuthenticator(scope: Scope): Promise<boolean> {
  const [row] = await scope.db
    .select({ id: twoFactors.id })
    .from(twoFactors)
    .where(and(eq(twoFactors.userId, scope.actorUserId), eq(twoFactors.verified, true)));
  return !!row;
}

/**
 * The signed-in person's second factors (spec section 7 "get status (enabled list, preferred)"): SMS when their
 * phone is verified and two-step sign-in is on, the authenticator when one was verified; the preferred one (the
 * stored preference when that method is enabled, else the first enabled); whether their role requires a second
 * factor and whether they must enrol now (spec section 6).
 */
export async function getMfaStatus({ scope }: { scope: Scope }): Promise<MfaStatus> {
  const user = await actorOf(scope);
  const enabled: MfaMethod[] = [];
  if (user.twoFactorEnabled && user.phoneVerifiedAt) enabled.push('SMS_MFA');
  if (user.twoFactorEnabled && (await hasAuthenticator(scope))) enabled.push('SOFTWARE_TOKEN_MFA');
  const preferred =
    user.mfaPreferredMethod && enabled.includes(user.mfaPreferredMethod) ? user.mfaPreferredMethod : (enabled[0] ?? null);
  const required = isMfaRequiredForRole(user.roleId);
  return {
    enabled,
    preferred,
    phoneNumber: user.phoneNumber,
    phoneVerified: !!user.phoneVerifiedAt,
    required,
    mustEnrol: required && !user.twoFactorEnabled,
  };
}

/**
 * Texts a 6-digit code to `phoneNumber` through the notifier's SMS driver, to prove the number before SMS codes go
 * to it, in the caller's language. A new code replaces an unused one; it lives PHONE_CODE.ttlMs (10 minutes).
 * Stored hashed.
 * @throws AppError TOO_MANY_REQUESTS past the texted-code limit (CODE_SENDS, mayTextCode).
 */
export async function sendPhoneVerificationCode({
  scope,
  input,
}: {
  scope: Scope;
  input: SendPhoneCodeInput;
}): Promise<OkOutput> {
  if (!(await mayTextCode(scope.db, scope.actorUserId))) throw new AppError('TOO_MANY_REQUESTS', tooManyCodes());
  const code = String(randomInt(0, 10 ** PHONE_CODE.digits)).padStart(PHONE_CODE.digits, '0');
  const identifier = phoneCodeKey(scope.actorUserId);
  await scope.db.delete(verifications).where(eq(verifications.identifier, identifier));
  await scope.db.insert(verifications).values({
    identifier,
    value: JSON.stringify({ hash: hashOf(code), phoneNumber: input.phoneNumber, failures: 0 }),
    expiresAt: new Date(Date.now() + PHONE_CODE.ttlMs),
  });
  await notify({
    db: scope.db,
    channel: 'sms',
    kind: TEXTED_CODE_KINDS.phone,
    recipient: input.phoneNumber,
    userId: scope.actorUserId,
    body: translate(msg('mfaSms.phoneCode', { code }), await languageOfUser(scope.db, scope.actorUserId)),
  });
  return { ok: true };
}

/**
 * Checks the texted code ({verified: false} for a wrong one): a match marks the number verified, keeps it as the user's phone, turns two-step sign-in on
 * and makes SMS the preferred method when none was chosen. Rate-limited per user: after CODE_ATTEMPTS.max wrong
 * codes the code is spent and a new one must be requested.
 * @throws AppError BAD_REQUEST "Invalid verification code" for no or an expired code, TOO_MANY_REQUESTS past the
 *   limit.
 */
export async function verifyPhone({ scope, input }: { scope: Scope; input: VerifyPhoneInput }): Promise<{ verified: boolean }> {
  const identifier = phoneCodeKey(scope.actorUserId);
  const [row] = await scope.db
    .select()
    .from(verifications)
    .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, new Date())));
  if (!row) throw new AppError('BAD_REQUEST', 'Invalid verification code');
  const pending = JSON.parse(row.value) as { hash: string; phoneNumber: string; failures: number };
  if (pending.failures >= CODE_ATTEMPTS.max) {
    throw new AppError('TOO_MANY_REQUESTS', 'Too many wrong codes: request a new code');
  }
  if (pending.hash !== hashOf(input.code)) {
    const value = JSON.stringify({ ...pending, failures: pending.failures + 1 });
    await scope.db.update(verifications).set({ value }).where(eq(verifications.id, row.id));
    // Answered, not thrown: a thrown error would roll back the counted failure with the request's transaction.
    return { verified: false };
  }
  await scope.db.delete(verifications).where(eq(verifications.id, row.id));
  const user = await actorOf(scope);
  await scope.db
    .update(users)
    .set({
      phoneNumber: pending.phoneNumber,
      phoneVerifiedAt: new Date(),
      twoFactorEnabled: true,
      mfaPreferredMethod: user.mfaPreferredMethod ?? 'SMS_MFA',
    })
    .where(eq(users.id, scope.actorUserId));
  return { verified: true };
}

/**
 * Sets the preference (spec section 4): SMS preferred needs a verified phone (spec section 8 "Cannot switch to SMS
 * MFA"), authenticator preferred a verified authenticator; DISABLED removes the authenticator and turns two-step
 * sign-in off, which only roles that do not require it may do (spec section 6).
 * @throws AppError BAD_REQUEST naming what is missing, FORBIDDEN for disabling a required second factor.
 */
export async function setMfaPreference({ scope, input }: { scope: Scope; input: SetMfaPreferenceInput }): Promise<OkOutput> {
  const user = await actorOf(scope);
  if (input.preference === 'DISABLED') {
    if (isMfaRequiredForRole(user.roleId)) {
      throw new AppError('FORBIDDEN', 'Two-step verification is required for your role and cannot be turned off');
    }
    await scope.db.delete(twoFactors).where(eq(twoFactors.userId, scope.actorUserId));
    await scope.db
      .update(users)
      .set({ twoFactorEnabled: false, mfaPreferredMethod: null })
      .where(eq(users.id, scope.actorUserId));
    return { ok: true };
  }
  if (input.preference === 'SMS_MFA' && !user.phoneVerifiedAt) {
    throw new AppError(
      'BAD_REQUEST',
      'Cannot switch to SMS MFA: verify your phone number first, or contact support if you cannot receive texts',
    );
  }
  if (input.preference === 'SOFTWARE_TOKEN_MFA' && !(await hasAuthenticator(scope))) {
    throw new AppError('BAD_REQUEST', 'Set up the authenticator app first');
  }
  await scope.db
    .update(users)
    .set({ mfaPreferredMethod: input.preference, twoFactorEnabled: true })
    .where(eq(users.id, scope.actorUserId));
  return { ok: true };
}

/**
 * Removes the signed-in person's authenticator app. When no verified phone remains, two-step sign-in goes off; a
 * role that requires a second factor then meets the mandatory dialog again, so it is refused for them unless their
 * phone is verified.
 * @throws AppError FORBIDDEN when the authenticator is the last second factor of a role that requires one.
 */
export async function removeAuthenticator({ scope }: { scope: Scope }): Promise<OkOutput> {
  const user = await actorOf(scope);
  if (!user.phoneVerifiedAt && isMfaRequiredForRole(user.roleId)) {
    throw new AppError(
      'FORBIDDEN',
      `${MFA_ENROLMENT_REQUIRED_MESSAGE.split(':')[0]}: verify a phone before removing the authenticator app`,
    );
  }
  await scope.db.delete(twoFactors).where(eq(twoFactors.userId, scope.actorUserId));
  await scope.db
    .update(users)
    .set({ twoFactorEnabled: !!user.phoneVerifiedAt, mfaPreferredMethod: user.phoneVerifiedAt ? 'SMS_MFA' : null })
    .where(eq(users.id, scope.actorUserId));
  return { ok: true };
}
