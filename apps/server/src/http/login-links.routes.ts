import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import type { Auth } from '../auth/auth';
import { redeemLoginLink } from '../auth/login-links';
import { AttemptsRefused, withRetryAfter } from '../auth/attempt-limits';

const ZRedeemInput = z.object({ token: z.string().min(20, 'token is required').max(200) });

/**
 * POST /api/login-links/redeem {token}: signs in with a one-time login link (sent by sendClientLoginLink,
 * sendClientContactLoginLink, sendCaregiverLoginLink). Answers {token} and the `set-auth-token` header, like a
 * password sign-in; 400 with a message for an invalid, used or expired link. Rate-limited (auth/attempt-limits.ts):
 * failed redemptions per client address, against guessing tokens, and sign-ins by link per user; past either, 429
 * with Retry-After and a message saying when to try again.
 */
export function registerLoginLinkRoutes(app: FastifyInstance, deps: { db: Db; auth: Auth }): void {
  app.post('/api/login-links/redeem', async (request, reply) => {
    const limits = deps.auth.attemptLimits;
    const attempt = await withRetryAfter(reply, limits.beginLinkRedemption(request.ip));
    const { token } = ZRedeemInput.parse(request.body ?? {});
    const redeemed = redeemLoginLink(deps.db, deps.auth, token).catch(async (error: unknown) => {
      // Only a link that did not work counts against the address; one refused for its user's limit did work.
      if (error instanceof AttemptsRefused) await limits.giveBack(attempt);
      throw error;
    });
    const { sessionToken } = await withRetryAfter(reply, redeemed);
    await limits.giveBack(attempt);
    return reply.header('set-auth-token', sessionToken).header('cache-control', 'no-store').send({ token: sessionToken });
  });
}
