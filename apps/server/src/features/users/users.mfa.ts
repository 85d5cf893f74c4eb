import { and, eq, like } from 'drizzle-orm';
import type { OkOutput } from '@hearth/shared/app/outputs.schema';
import type { ResetUserMfaInput } from '@hearth/shared/mfa/mfa.schema';
import type { Scope } from '../../auth/scope';
import { twoFactors } from '../mfa/mfa.schema';
import { sessions, users, verifications } from './users.schema';
import { assertMayManage, loadManagedUser } from './users.management';
import { userInScope } from './users.service';
import { AppError } from '../../errors/app-error';
import { msg } from '../../i18n/server-i18n';

/**
 * An administrator removes a user's second factors (issue 20: a lost phone): the authenticator and backup codes, the
 * verified phone, the preference, the trusted devices and every session, so the user signs in again and meets the
 * mandatory dialog. Only someone who may manage the user (users.management.ts rule 2). Audited: the change of the
 * users row is recorded by its audit trigger with the administrator as the changer (getUserHistory).
 * Not on oneself: one's own second factors are changed in the MFA settings, with the password, and a reset would
 * end the caller's own session.
 * @throws AppError NOT_FOUND outside scope, FORBIDDEN outside the caller's reach, BAD_REQUEST on oneself.
 */
export async function resetUserMfa({ scope, input }: { scope: Scope; input: ResetUserMfaInput }): Promise<OkOutput> {
  if (input.userId === scope.userId || input.userId === scope.actorUserId)
    throw new AppError('BAD_REQUEST', msg('errors.resetOwnMfa'));
  const target = await loadManagedUser(scope, input.userId, userInScope(scope));
  assertMayManage(scope, target, 'resetMfa');
  await scope.db.delete(twoFactors).where(eq(twoFactors.userId, input.userId));
  await scope.db
    .update(users)
    .set({ twoFactorEnabled: false, phoneVerifiedAt: null, mfaPreferredMethod: null })
    .where(eq(users.id, input.userId));
  await scope.db
    .delete(verifications)
    .where(and(like(verifications.identifier, 'trust-device-%'), eq(verifications.value, String(input.userId))));
  await scope.db.delete(sessions).where(eq(sessions.userId, input.userId));
  return { ok: true };
}
