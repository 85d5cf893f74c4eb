import type { CurrentUser } from '@hearth/shared/users/users.schema';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import type { Caller } from '../../auth/caller';
import { isAdminRole } from '../roles/roles.permissions';
import { chatRightsOf } from '../../db/request-scope';

/** Masks a social security number to its last four digits ("***-**-1234"); null stays null. */
export function maskSsn(ssn: string | null | undefined): string | null {
  if (!ssn) return null;
  const digits = ssn.replace(/\D/g, '');
  return `***-**-${digits.slice(-4)}`;
}

/** Whether a value is a masked SSN as maskSsn writes it (sent back unchanged by the edit form). */
export function isMaskedSsn(value: string): boolean {
  return /^\*\*\*-\*\*-\d{4}$/.test(value);
}

/**
 * The current user (spec section 7 GET /users/current) with the derived flags of spec section 3. While
 * impersonating, the user is the impersonated one and impersonatedUserId is set. `chat` is the user's chat rights
 * (issue 22; db/request-scope.ts chatRightsOf).
 */
export function toCurrentUser(caller: Caller, idleTimeoutMinutes: number): CurrentUser {
  const { user, role } = caller;
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    impersonatedUserId: caller.impersonatedUserId,
    impersonatedCaregiverId: user.impersonatedCaregiverId,
    role: { id: role.id, name: role.name },
    isAdmin: isAdminRole(role),
    isCaregiver: role.id === ROLE_IDS.caregiver,
    isClient: role.id === ROLE_IDS.client,
    isTrustedContact: role.id === ROLE_IDS.trustedContact,
    roleHasSystemLevelAccess: role.hasSystemLevelAccess,
    timezone: user.timezone,
    language: user.language,
    idleTimeoutMinutes,
    chat: chatRightsOf(caller),
  };
}
