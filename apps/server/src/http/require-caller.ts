import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { Auth } from '../auth/auth';
import { resolveCaller, type Caller } from '../auth/caller';
import { assertMfaEnrolled } from '../auth/mfa-enrolment';
import { AppError } from '../errors/app-error';
import { rememberRequestLanguage, requestLanguage } from '../i18n/request-language';
import { toFetchHeaders } from '../trpc/context';
import { isActionAllowed } from '../features/roles/roles.permissions';

/**
 * The caller of a REST request, required: 401 without a valid session, 403 when `action` is given and the role
 * lacks it (the same rule as the tRPC permission middleware). `deps.sessionNow` is the session rules' clock (app.ts).
 * @throws AppError UNAUTHORIZED or FORBIDDEN.
 */
export async function requireCaller(
  deps: { db: Db; auth: Auth; sessionNow?: () => Date },
  request: FastifyRequest,
  action?: string,
): Promise<Caller> {
  const now = deps.sessionNow?.().getTime() ?? Date.now();
  const caller = await resolveCaller(deps.db, deps.auth, toFetchHeaders(request.headers), now);
  if (!caller) throw new AppError('UNAUTHORIZED', 'Sign in to continue');
  // Its answer, an error included, is in the caller's language from here on (app.ts's error handler).
  rememberRequestLanguage(request, requestLanguage(caller.user.language, toFetchHeaders(request.headers)));
  // A user who must still enrol a second factor reaches no REST route (auth/mfa-enrolment.ts, issue 20).
  assertMfaEnrolled(caller);
  if (action && !isActionAllowed(caller.role, action)) throw new AppError('FORBIDDEN', `Your role may not use ${action}`);
  return caller;
}
