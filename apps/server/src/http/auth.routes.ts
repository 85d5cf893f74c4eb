import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Auth } from '../auth/auth';
import { CLIENT_IP_HEADER } from '../auth/auth';
import { toFetchHeaders } from '../trpc/context';

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
 * better-auth in a header Hearth always overwrites, so sign-in rate limits are per real address. Errors keep
 * better-auth's JSON body, which carries a `message`.
 */
export function registerAuthRoutes(app: FastifyInstance, auth: Auth, baseUrl: string): void {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    handler: async (request, reply) => {
      const response = await auth.handler(toFetchRequest(request, baseUrl));
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      reply.send(response.body ? await response.text() : null);
    },
  });
}
