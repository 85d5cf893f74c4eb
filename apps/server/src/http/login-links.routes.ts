import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import type { Auth } from '../auth/auth';
import { redeemLoginLink } from '../auth/login-links';
import { AttemptsRefused, withRetryAfter } from '../auth/attempt-limits';
import { AppError, type AppErrorCode } from '../errors/app-error';
import { recordSignInAttempt } from '../features/access-log/access-log.sign-in';

/** Why a redemption failed, for the access log: the error's kind, never the token. */
const FAILURE_REASONS: Partial<Record<AppErrorCode, string>> = {
  BAD_REQUEST: 'invalid-link',
  UNAUTHORIZED: 'deactivated',
  FORBIDDEN: 'mfa-not-enrolled',
};

function failureReason(error: unknown): string {
  if (error instanceof AttemptsRefused) return 'too-many-attempts';
  return (error instanceof AppError && FAILURE_REASONS[error.code]) || 'error';
}

const ZRedeemInput = z.object({ token: z.string().min(20, 'token is required').max(200) });

/**
 * POST /api/login-links/redeem {token}: signs in with a one-time login link (sent by sendClientLoginLink,
 * sendClientContactLoginLink, sendCaregiverLoginLink). Answers {token} and the `set-auth-token` header, like a
 * password sign-in; 400 with a message for an invalid, used or expired link. Rate-limited (auth/attempt-limits.ts):
 * failed redemptions per client address, against guessing tokens, and sign-ins by link per user; past either, 429
 * with Retry-After and a message saying when to try again. Each redemption is in the access log (issue 20 item 4):
 * a sign-in by `login-link` without a second factor, or a failed one with its reason.
 */
export function registerLoginLinkRoutes(app: FastifyInstance, deps: { db: Db; auth: Auth }): void {
  app.post('/api/login-links/redeem', async (request, reply) => {
    const limits = deps.auth.attemptLimits;
    const attempt = await withRetryAfter(reply, limits.beginLinkRedemption(request.ip));
    const { token } = ZRedeemInput.parse(request.body ?? {});
    const seen = { method: 'login-link', ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? null };
    const redeemed = redeemLoginLink(deps.db, deps.auth, token).catch(async (error: unknown) => {
      // Only a link that did not work counts against the address; one refused for its user's limit did work.
      if (error instanceof AttemptsRefused) await limits.giveBack(attempt);
      await recordSignInAttempt(deps.db, { ...seen, action: 'sign-in-failed', reason: failureReason(error) });
      throw error;
    });
    const { sessionToken, userId } = await withRetryAfter(reply, redeemed);
    await recordSignInAttempt(deps.db, { ...seen, action: 'sign-in', userId, mfaUsed: false });
    await limits.giveBack(attempt);
    return reply.header('set-auth-token', sessionToken).header('cache-control', 'no-store').send({ token: sessionToken });
  });
}
