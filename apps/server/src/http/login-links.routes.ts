import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import type { Auth } from '../auth/auth';
import { redeemLoginLink } from '../auth/login-links';

const ZRedeemInput = z.object({ token: z.string().min(20, 'token is required').max(200) });

/**
 * POST /api/login-links/redeem {token}: signs in with a one-time login link (sent by sendClientLoginLink,
 * sendClientContactLoginLink, sendCaregiverLoginLink). Answers {token} and the `set-auth-token` header, like a
 * password sign-in; 400 with a message for an invalid, used or expired link.
 */
export function registerLoginLinkRoutes(app: FastifyInstance, deps: { db: Db; auth: Auth }): void {
  app.post('/api/login-links/redeem', async (request, reply) => {
    const { token } = ZRedeemInput.parse(request.body ?? {});
    const { sessionToken } = await redeemLoginLink(deps.db, deps.auth, token);
    return reply.header('set-auth-token', sessionToken).header('cache-control', 'no-store').send({ token: sessionToken });
  });
}
