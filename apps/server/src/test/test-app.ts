import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { createAuth, type Auth } from '../auth/auth';
import { buildApp } from '../app';
import { completeDemoMfaEnrolment } from '../features/demo/demo.mfa';
import { textSignInCode } from '../auth/mfa-sms';
import { cookieOf, enrolForTests, totpCode } from './mfa-support';
import { openPgliteCopy, openPostgresCopy } from './test-database';
import { createLocalStorage, type LocalStorage } from '../storage/local.storage';
import { startJobQueue, type JobQueue } from '../jobs/jobs.queue';
import { startWorkers } from '../jobs/jobs.workers';
import { DEMO_PASSWORD } from '@hearth/shared/app/app.constants';
import { startLiveHub, type LiveHub } from '../features/live/live.hub';
import webpush from 'web-push';
import type { VapidKeys } from '../features/notify/push.keys';

/** A running Hearth on a fresh copy of the seeded test database, over real HTTP. */
export interface TestApp {
  database: Database;
  app: FastifyInstance;
  baseUrl: string;
  /** The local file storage, in a temporary directory removed by close(); `storageSecret` signs its URLs. */
  storage: LocalStorage;
  storageDir: string;
  storageSecret: string;
  /** The job queue; its workers run only when the app was started with `workers: true`. */
  jobs: JobQueue;
  /** This app's live updates (features/live). */
  live: LiveHub;
  /** This app's better-auth instance (to check a session as the server does). */
  auth: Auth;
  /** Web push's VAPID keys, generated for this app (GET /notifications/push-public-key answers the public one). */
  vapid: VapidKeys;
  /**
   * Signs in a user by username with the second factor (the demo authenticator secret); returns the bearer token.
   * A user who must have a second factor and has none is first enrolled with that secret, unless
   * `options.enrolMfa` is false (then the token is of a user who must still enrol).
   */
  signIn(username: string, password?: string, options?: { enrolMfa?: boolean }): Promise<string>;
  /** Enrols user `userId` with the demo authenticator secret when their role requires it and they have none. */
  enrolMfa(userId: number): Promise<boolean>;
  /** Finishes a sign-in answered with the two-factor challenge: the code of the demo secret -> the verify answer. */
  verifyTotp(challenge: Response, code?: string, trustDevice?: boolean): Promise<Response>;
  /** Calls a tRPC query (GET) or mutation (POST) with an optional bearer token; returns status and body. */
  trpc(kind: 'query' | 'mutation', path: string, input?: unknown, token?: string): Promise<{ status: number; body: TrpcBody }>;
  /** fetch against the app with the test origin header set. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export interface TrpcBody {
  result?: { data: unknown };
  error?: { message: string; code: number; data: { httpStatus: number; fieldErrors?: Record<string, string[]> | null } };
}

/** A fresh copy of the template database: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export async function openTestDatabase(): Promise<Database> {
  const pgTemplate = inject('postgresTemplate');
  return pgTemplate
    ? openPostgresCopy(pgTemplate.serverUrl, pgTemplate.name)
    : openPgliteCopy(new Blob([fs.readFileSync(inject('pgliteDumpPath'))]));
}

/**
 * Starts the app on a copy of the template database: PostgreSQL when TEST_DATABASE_URL is set, else PGlite.
 * @param options.signInRateLimitMax failed sign-ins allowed per address and minute (default 1000, so tests do not
 *   trip it); `signInAccountRateLimitMax` per account (default 1000), `loginLinkRateLimit` the login-link limits
 *   (default 1000 each).
 * @param options.workers whether this process runs the job workers (imports, exports); retries then come after
 *   0 s and the queue is polled every 0.5 s, so a test waits on job states, never on timers.
 * @param options.now the server's clock for request receipt times (a test controls it instead of sleeping);
 *   the session rules read `sessionNow`, and the database keeps the real clock.
 */
export async function startTestApp(
  options: {
    signInRateLimitMax?: number;
    signInAccountRateLimitMax?: number;
    loginLinkRateLimit?: { perAddress: number; perUser: number };
    workers?: boolean;
    now?: () => Date;
    /** The clock of the session rules (inactivity, sign-in age); the real one unless given. */
    sessionNow?: () => Date;
    /** Where the server log goes, at `logLevel` (silent unless given), so a test can read it. */
    logStream?: { write(line: string): void };
    logLevel?: string;
    /**
     * The database to serve instead of a fresh copy: a second app on the same data, as a second server process
     * would be (its own pool and listening connection on PostgreSQL). close() closes it.
     */
    database?: Database;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  const origin = 'http://localhost:3000';
  const auth = createAuth({
    db: database.db,
    secret: 'test-secret-test-secret-test-secret-0123456789',
    baseUrl: origin,
    trustedOrigins: [origin],
    textSignInCode,
    signInRateLimit: {
      max: options.signInRateLimitMax ?? 1000,
      perAccount: options.signInAccountRateLimitMax ?? 1000,
      windowSeconds: 60,
    },
    loginLinkRateLimit: { perAddress: 1000, perUser: 1000, ...options.loginLinkRateLimit, windowSeconds: 60 },
  });
  await completeDemoMfaEnrolment(database.db, auth);
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-files-'));
  const storageSecret = 'test-storage-secret-test-storage-secret-0123';
  const storage = createLocalStorage({ rootDir: storageDir, secret: storageSecret });
  const jobs = await startJobQueue(database, {
    supervise: false,
    retryLimit: 2,
    retryDelaySeconds: 0,
    pollingIntervalSeconds: 0.5,
  });
  if (options.workers) await startWorkers(jobs, { db: database.db, storage, log: { info() {}, error() {} } });
  const vapid: VapidKeys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:push@hearth.invalid' };
  const live = await startLiveHub(database);
  const app = await buildApp({
    live,
    db: database.db,
    auth,
    storage,
    jobs,
    keySealingSecret: 'test-key-sealing-secret-test-key-sealing-0123',
    publicUrl: origin,
    vapidPublicKey: vapid.publicKey,
    logLevel: options.logLevel ?? 'silent',
    logStream: options.logStream,
    now: options.now,
    sessionNow: options.sessionNow,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const doFetch = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('origin', origin);
    return fetch(baseUrl + path, { ...init, headers });
  };

  const verifyTotp = (challenge: Response, code = totpCode(), trustDevice = false) =>
    doFetch('/api/auth/two-factor/verify-totp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookieOf(challenge, 'two_factor') ?? '' },
      body: JSON.stringify({ code, trustDevice }),
    });

  return {
    database,
    app,
    baseUrl,
    storage,
    storageDir,
    storageSecret,
    jobs,
    live,
    auth,
    vapid,
    fetch: doFetch,
    enrolMfa: (userId) => enrolForTests(database.db, auth, userId),
    verifyTotp,
    async signIn(username, password = DEMO_PASSWORD, options = {}) {
      const signInOnce = () =>
        doFetch('/api/auth/sign-in/username', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password }),
        });
      let res = await signInOnce();
      if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status} ${await res.text()}`);
      const userId = Number(((await res.clone().json()) as { user?: { id?: unknown } }).user?.id);
      // A user a test created has no second factor yet: enrolled like the demo users, then signed in again.
      if (options.enrolMfa !== false && userId && (await enrolForTests(database.db, auth, userId))) res = await signInOnce();
      if (cookieOf(res, 'two_factor')) res = await verifyTotp(res);
      const token = res.headers.get('set-auth-token');
      if (res.status !== 200 || !token) throw new Error(`sign-in of ${username} failed: ${res.status} ${await res.text()}`);
      return token;
    },
    async trpc(kind, path, input, token) {
      const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      const encoded = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
      const res =
        kind === 'query'
          ? await doFetch(`/api/trpc/${path}${encoded}`, { headers })
          : await doFetch(`/api/trpc/${path}`, {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json' },
              body: input === undefined ? undefined : JSON.stringify(input),
            });
      return { status: res.status, body: (await res.json()) as TrpcBody };
    },
    async close() {
      // A keep-alive connection fetch left idle would hold close() until the server's header timeout.
      app.server.closeAllConnections();
      await app.close();
      await live.close();
      await jobs.stop();
      await database.close();
      fs.rmSync(storageDir, { recursive: true, force: true });
    },
  };
}
