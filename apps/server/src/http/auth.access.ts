import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { Auth } from '../auth/auth';
import { toFetchHeaders } from '../trpc/context';
import { recordSignInAttempt, type SignInAttempt } from '../features/access-log/access-log.sign-in';

/** What an auth request is, for the access log: a password sign-in, a second-factor step, a sign-out, or other. */
interface AuthRequestKind {
  kind: 'password' | 'second-factor' | 'sign-out';
  method: string;
  identifier: string | null;
}

const SECOND_FACTOR_METHODS: Record<string, string> = {
  '/api/auth/two-factor/verify-totp': 'totp',
  '/api/auth/two-factor/verify-otp': 'otp',
  '/api/auth/two-factor/verify-backup-code': 'backup-code',
};

/**
 * Which auth requests the access log records: password sign-ins (username or email), a second factor's
 * verification during sign-in (a request without a session; the same endpoints with one are an enrolment) and
 * sign-outs. Null for any other.
 */
export function authRequestKind(request: FastifyRequest): AuthRequestKind | null {
  if (request.method !== 'POST') return null;
  const path = request.url.split('?')[0] ?? '';
  const body = (typeof request.body === 'object' && request.body ? request.body : {}) as Record<string, unknown>;
  if (path === '/api/auth/sign-in/username' || path === '/api/auth/sign-in/email') {
    const typed = body.username ?? body.email;
    return { kind: 'password', method: 'password', identifier: typeof typed === 'string' ? typed : null };
  }
  const secondFactor = SECOND_FACTOR_METHODS[path];
  if (secondFactor && !request.headers.authorization) return { kind: 'second-factor', method: secondFactor, identifier: null };
  if (path === '/api/auth/sign-out') return { kind: 'sign-out', method: 'password', identifier: null };
  return null;
}

/** The user a sign-out ends the session of, read before better-auth removes it; null without a session. */
export async function signOutUser(auth: Auth, request: FastifyRequest): Promise<number | null> {
  const session = await auth.api.getSession({ headers: toFetchHeaders(request.headers) }).catch(() => null);
  return session ? Number(session.user.id) : null;
}

/** better-auth's error code of a failed answer (INVALID_USERNAME_OR_PASSWORD...), lower-cased with dashes. */
function failureReason(status: number, body: Record<string, unknown>): string {
  if (status === 429) return 'too-many-attempts';
  const code = typeof body.code === 'string' ? body.code : status === 401 ? 'invalid-credentials' : `status-${status}`;
  return code.toLowerCase().replace(/_/g, '-');
}

/**
 * Logs the outcome of a recorded auth request (authRequestKind) from its answer: a sign-in (once a second factor is
 * asked, only its verification counts as the sign-in, with mfaUsed true; a password alone, mfaUsed false), a failed
 * one with its reason, or a
 * sign-out. A first step that only asks for the second factor is not logged.
 */
export async function logAuthOutcome(
  db: Db,
  request: FastifyRequest,
  kind: AuthRequestKind,
  answer: { status: number; text: string | null; signedOutUserId?: number | null },
): Promise<void> {
  let body: Record<string, unknown> = {};
  try {
    body = answer.text ? (JSON.parse(answer.text) as Record<string, unknown>) : {};
  } catch {
    body = {};
  }
  const base: Omit<SignInAttempt, 'action'> = {
    method: kind.method,
    identifier: kind.identifier,
    ipAddress: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  };
  if (kind.kind === 'sign-out') {
    if (answer.status !== 200 || !answer.signedOutUserId) return;
    // The browser's automatic logoff (apps/web/src/api/session-expiry.ts) says so in the body.
    const idle = (request.body as { reason?: unknown } | undefined)?.reason === 'idle';
    await recordSignInAttempt(db, {
      ...base,
      action: idle ? 'logoff' : 'sign-out',
      reason: idle ? 'idle-browser' : null,
      userId: answer.signedOutUserId,
    });
    return;
  }
  if (answer.status !== 200) {
    await recordSignInAttempt(db, { ...base, action: 'sign-in-failed', reason: failureReason(answer.status, body) });
    return;
  }
  if (body.twoFactorRedirect) return;
  const user = body.user as { id?: unknown } | undefined;
  const userId = user?.id !== undefined ? Number(user.id) : null;
  await recordSignInAttempt(db, { ...base, action: 'sign-in', userId, mfaUsed: kind.kind === 'second-factor' });
}
