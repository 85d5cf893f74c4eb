import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { ZodError } from 'zod';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './db/client';
import type { Auth } from './auth/auth';
import { appRouter, type AppRouter } from './trpc/app.router';
import { createContext, toFetchHeaders } from './trpc/context';
import { registerAuthRoutes } from './http/auth.routes';
import { registerRestRoutes } from './http/rest.routes';
import { registerPushRoutes } from './http/push.routes';
import { registerActionRoutes } from './http/actions.routes';
import { registerViewExportRoutes } from './http/views-export.routes';
import { registerLoginLinkRoutes } from './http/login-links.routes';
import { registerStorageRoutes } from './http/storage.routes';
import { registerFileImportRoutes } from './http/file-imports.routes';
import { registerSecurity } from './http/security';
import type { Storage } from './storage/storage';
import type { JobQueue } from './jobs/jobs.queue';
import { AppError } from './errors/app-error';
import { describeZodError } from './errors/zod-errors';
import { languageOfRequest } from './i18n/request-language';
import { databaseInputError, loggableError } from './db/errors';
import { publicErrorOf } from './trpc/init';
import { loggerOptions } from './http/log-redaction';
import type { LiveHub } from './features/live/live.hub';

export interface AppDeps {
  db: Db;
  auth: Auth;
  /** Where file bytes live (local directory or S3). */
  storage: Storage;
  /** The job queue imports and exports are queued on (its workers are started by main.ts or a test). */
  jobs: JobQueue;
  /** Secret that seals the stored offline-cache keys (encryptionKeys.createKey); main.ts passes the auth secret. */
  keySealingSecret: string;
  publicUrl: string;
  /** The VAPID public key browsers subscribe to web push with (features/notify/push.keys.ts); none: no push. */
  vapidPublicKey?: string;
  /** Directory of the built web app; when missing, only the API is served. */
  webDist?: string;
  logLevel?: string;
  /** Where the log is written (standard output unless a test reads it back); http/log-redaction.ts says what it holds. */
  logStream?: { write(line: string): void };
  /** The server's clock for request receipt times (the real one unless a test controls it). */
  now?: () => Date;
  /**
   * The clock of the session rules (inactivity and sign-in age, auth/session-activity.ts): the real one unless a test
   * controls it. Kept apart from `now` so a test can put a visit's receipt at its own time without ending sessions.
   */
  sessionNow?: () => Date;
  /** This process's live updates (features/live/live.hub.ts); without it live.onEvent refuses. */
  live?: LiveHub;
}

/**
 * Builds the Fastify instance: the security headers and origin checks (http/security.ts), better-auth at /api/auth,
 * tRPC at /api/trpc, the REST calls, and the built web app with a fallback to index.html for client-side routes.
 * Does not listen; main.ts and the tests do.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(deps.logLevel ?? 'warn', deps.logStream),
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: 10 * 1024 * 1024,
  });
  // First, so the security headers, the origin check and no-store reach every answer (http/security.ts).
  await registerSecurity(app, deps);

  // The one place REST errors are mapped (tRPC's is the error formatter in trpc/init.ts). A database error caused by
  // a bad value (db/errors.ts databaseInputError) is the 400 it stands for. The cause of a 500 is logged with the
  // request id and path, never the input's values (db/errors.ts loggableError).
  app.setErrorHandler((thrown, request, reply) => {
    const error = thrown instanceof AppError || thrown instanceof ZodError ? thrown : (databaseInputError(thrown) ?? thrown);
    // In the caller's language, else the request's Accept-Language (i18n/request-language.ts).
    const language = languageOfRequest(request);
    if (error instanceof AppError && error.code !== 'INTERNAL_SERVER_ERROR')
      return reply.status(error.httpStatus).send(error.localized(language));
    if (error instanceof ZodError) {
      const { message, fieldErrors } = describeZodError(error, language);
      return reply.status(400).send({ message, fieldErrors });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status < 500) return reply.status(status).send({ message: (error as Error).message });
    request.log.error(
      { reqId: request.id, path: request.routeOptions.url ?? request.url.split('?')[0], err: loggableError(error) },
      'Request failed',
    );
    return reply.status(500).send({ message: 'Internal server error' });
  });

  app.get('/api/health', async () => ({ ok: true }));
  registerAuthRoutes(app, deps.auth, deps.publicUrl, deps.db);
  await app.register(fastifyTRPCPlugin, {
    prefix: '/api/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }) => createContext(deps, toFetchHeaders(req.headers)),
      // Every call answered 500 logs its cause with the request id and the procedure, not its input (health data).
      onError: ({ error, path, type, req }) => {
        if (!publicErrorOf(error).unexpected) return;
        req.log.error({ reqId: req.id, path, type, err: loggableError(error.cause ?? error) }, 'tRPC call failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
  registerRestRoutes(app, deps);
  registerPushRoutes(app, deps);
  registerActionRoutes(app, deps);
  registerViewExportRoutes(app, deps);
  registerLoginLinkRoutes(app, deps);
  await registerStorageRoutes(app, deps);
  registerFileImportRoutes(app, deps);

  const indexHtml = deps.webDist ? path.join(deps.webDist, 'index.html') : null;
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply.status(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  if (deps.webDist && indexHtml && fs.existsSync(indexHtml)) {
    await app.register(fastifyStatic, {
      root: deps.webDist,
      wildcard: true,
      index: false,
      // The build writes .br/.gz copies of its text files (apps/web/vite.precompress.ts): sent as they are, by
      // Accept-Encoding, else the plain file (issue "caregiver app", Performance: phones on slow networks).
      preCompressed: true,
      // Hashed bundles never change; index.html must always be fresh so a new build is picked up.
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    const sendIndex = (_request: FastifyRequest, reply: FastifyReply) =>
      reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    app.get('/', sendIndex);
    app.setNotFoundHandler((request, reply) => {
      const isPage =
        request.method === 'GET' && !request.url.startsWith('/api/') && !path.extname(request.url.split('?')[0] ?? '');
      return isPage ? sendIndex(request, reply) : notFound(request, reply);
    });
  } else {
    app.setNotFoundHandler(notFound);
  }
  return app;
}
