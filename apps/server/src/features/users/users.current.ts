import { eq } from 'drizzle-orm';
import type { CurrentUser } from '@hearth/shared/users/users.schema';
import { parseSecuritySettings } from '@hearth/shared/access-log/security-settings';
import type { Caller } from '../../auth/caller';
import type { Scope } from '../../auth/scope';
import { companies } from '../companies/companies.schema';
import { users } from './users.schema';
import { toCurrentUser } from './users.output';

/**
 * The signed-in user (getCurrentUser and GET /users/current, spec section 7) -> CurrentUser, with the inactivity
 * limit in minutes of the company of the user who signed in (the acting one while impersonating, whose session it
 * is): the same limit the server applies to the session (session-activity.ts), so the browser logs off with it.
 * A user of no company (system level) gets the spec's 30 minutes.
 */
export async function getCurrentUser({ scope, caller }: { scope: Scope; caller: Caller }): Promise<CurrentUser> {
  const [row] = await scope.db
    .select({ settings: companies.securitySettings })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, caller.actorUserId));
  return toCurrentUser(caller, parseSecuritySettings(row?.settings).idleTimeoutMinutes);
}
