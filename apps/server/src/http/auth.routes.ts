import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from '../auth/auth';
import { CLIENT_IP_HEADER } from '../auth/auth';
import { toFetchHeaders } from '../trpc/context';
import { AttemptsRefused, withRetryAfter, type TakenAttempt } from '../auth/attempt-limits';
import type { Db } from '../db/client';
import { authRequestKind, logAuthOutcome, signOutUser } from './auth.access';

/** better-auth's password sign-in paths and the body field naming the account. */
const SIGN_IN_IDENTIFIER: Record<string, string> = {
  '/api/auth/sign-in/username': 'username',
  '/api/auth/sign-in/email': 'email',
};

/**
 * Counts a password sign-in against its account's and its address's limits (auth/attempt-limits.ts), both sign-in
 * paths counting against the same account. Null for any other request.
 * @throws AttemptsRefused (429, with Retry-After) past a limit.
 */
async function beginSignIn(auth: Auth, request: FastifyRequest, reply: FastifyReply): Promise<TakenAttempt | null> {
  if (request.method !== 'POST') return null;
  const path = request.url.split('?')[0] ?? '';
  if (!path.startsWith('/api/auth/sign-in/')) return null;
  const field = SIGN_IN_IDENTIFIER[path];
  const body = (typeof request.body === 'object' && request.body ? request.body : {}) as Record<string, unknown>;
  const identifier = field && typeof body[field] === 'string' ? body[field] : null;
  return withRetryAfter(reply, auth.attemptLimits.beginSignIn(identifier, request.ip));
}

function toFetchRequest(request: FastifyRequest, baseUrl: string): Request {
  const headers = toFetchHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  return new Request(new URL(request.url, baseUrl), {
    method: request.method,
    headers,
    body: hasBody ? (typeof request.body === 'string' ? request.body : JSON.stringify(request.body)) : undefined,
  });
}

/**
 * Mounts better-auth at /api/auth/* (sign-in by username or email, sign-out, sessions). The client IP goes to
 * better-auth in a header Hearth always overwrites, so its rate limits are per real address. A password sign-in is
 * counted against the account's and the address's limits first (429 "Too many failed sign-ins for this account.
 * Try again in 15 minutes." past one) and counts only when its credentials were wrong (401). Errors keep
 * better-auth's JSON body, which carries a `message`. Sign-ins, failed ones (with the reason) and sign-outs are
 * written to the access log (auth.access.ts).
 */
export function registerAuthRoutes(app: FastifyInstance, auth: Auth, baseUrl: string, db: Db): void {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    handler: async (request, reply) => {
      const kind = authRequestKind(request);
      const attempt = await beginSignIn(auth, request, reply).catch(async (error: unknown) => {
        if (kind && error instanceof AttemptsRefused) await logAuthOutcome(db, request, kind, { status: 429, text: null });
        throw error;
      });
      const signedOutUserId = kind?.kind === 'sign-out' ? await signOutUser(auth, request) : null;
      const response = await auth.handler(toFetchRequest(request, baseUrl));
      if (attempt && response.status !== 401) await auth.attemptLimits.giveBack(attempt);
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      const text = response.body ? await response.text() : null;
      if (kind) await logAuthOutcome(db, request, kind, { status: response.status, text, signedOutUserId });
      reply.send(text);
    },
  });
}
