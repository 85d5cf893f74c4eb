import cluster from 'node:cluster';
import path from 'node:path';
import { loadConfig, type Config } from './config';
import { openPglite, openPostgres, type Database } from './db/client';
import { lockDataDir } from './db/lock';
import { createAuth } from './auth/auth';
import { loadAuthSecret } from './auth/secret';
import { buildApp } from './app';
import { createStorage } from './storage/create-storage';
import { isEmptyDatabase, seedDemoAgency } from './features/demo/demo.seed';
import { completeDemoMfaEnrolment } from './features/demo/demo.mfa';
import { textSignInCode } from './auth/mfa-sms';
import { upgradeDatabase } from './db/upgrade';
import { startJobQueue } from './jobs/jobs.queue';
import { startWorkers } from './jobs/jobs.workers';
import { copyOutboxTo } from './features/notify/notify.service';
import { startLiveHub } from './features/live/live.hub';
import { loadVapidKeys } from './features/notify/push.keys';
import { createPushDriver } from './features/notify/push.driver';
import { registerDriver } from './features/notify/notify.drivers';
import { startDelivery } from './features/notify/notify.delivery';
import { processCountOf } from './cluster/cluster.processes';
import { LISTENING_MESSAGE, runPrimary } from './cluster/cluster.primary';
import { prepareSharedState } from './cluster/cluster.prepare';
import { underStartLock } from './cluster/start-lock';

/** Where Hearth runs, as the line printed once it listens says it. */
function runningLine(config: Config, engine: Database['engine'], processes: number): string {
  const where = engine === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  return `Hearth is running on ${config.publicUrl} (${where}${processes > 1 ? `, ${processes} processes` : ''})`;
}

/**
 * Starts Hearth: HEARTH_PROCESSES above 1 makes this process the primary of that many server processes
 * (cluster/cluster.primary.ts, docs/architecture.md "Running several processes"); otherwise, or in each of those
 * processes, serveHearth.
 */
async function main() {
  const config = loadConfig();
  const processes = processCountOf(process.env);
  if (processes > 1 && cluster.isPrimary) {
    await runPrimary({
      count: processes,
      prepare: () => prepareSharedState(config),
      runningLine: runningLine(config, 'postgres', processes),
    });
    return;
  }
  await serveHearth(config);
}

/**
 * One server process: configuration, database (migrated, unless the primary of several processes did it), roles,
 * the demo agency on a new embedded database, jobs, live updates, HTTP.
 */
async function serveHearth(config: Config) {
  let database: Database;
  let unlock = async () => {};
  if (config.databaseUrl) {
    database = openPostgres(config.databaseUrl);
  } else {
    unlock = await lockDataDir(config.dataDir);
    database = await openPglite(path.join(config.dataDir, 'pglite'));
  }
  if (cluster.isPrimary) {
    const url = config.databaseUrl;
    // Processes started at once on one PostgreSQL (behind a load balancer) upgrade it one after the other.
    await (url ? underStartLock(url, () => upgradeDatabase(database)) : upgradeDatabase(database));
  }
  if (database.engine === 'pglite' && config.seedDemo === 'auto' && (await isEmptyDatabase(database.db))) {
    const seeded = await seedDemoAgency(database.db);
    console.log(`Seeded the demo agency: ${seeded.users} users, ${seeded.clients} clients, ${seeded.caregivers} caregivers`);
  }
  const authSecret = loadAuthSecret(config.authSecret, config.dataDir);
  // Web push needs no outside account: its keys are generated on first start, so push is always delivered.
  const vapid = loadVapidKeys(config.push, config.dataDir, config.publicUrl);
  registerDriver('push', createPushDriver({ db: database.db, vapid }));
  const auth = createAuth({
    db: database.db,
    secret: authSecret,
    baseUrl: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
    textSignInCode,
    signInRateLimit: config.signInRateLimit,
    loginLinkRateLimit: config.loginLinkRateLimit,
  });
  const enrolled = await completeDemoMfaEnrolment(database.db, auth);
  if (enrolled) console.log(`Enrolled ${enrolled} demo users with the demo authenticator secret (README)`);
  const storage = await createStorage(config.storage, authSecret);
  copyOutboxTo(config.outboxCopyFile ?? null);
  // Email and SMS leave only when configured (SMTP_URL, SMS_*); otherwise they stay in the outbox for /mocks.
  const delivery = startDelivery(config.delivery, config.publicUrl);
  const jobs = await startJobQueue(database);
  await startWorkers(jobs, { db: database.db, storage, log: console });
  const live = await startLiveHub(database);
  const app = await buildApp({
    live,
    db: database.db,
    auth,
    storage,
    jobs,
    keySealingSecret: authSecret,
    publicUrl: config.publicUrl,
    vapidPublicKey: vapid.publicKey,
    webDist: config.webDist,
    logLevel: config.logLevel,
  });
  let stopping: Promise<void> | null = null;
  // Once only: a terminal's Ctrl-C reaches every process of a group, and the primary then also sends SIGTERM.
  const shutdown = () =>
    (stopping ??= (async () => {
      await app.close();
      await live.close();
      await jobs.stop();
      delivery.stop();
      await database.close();
      await unlock();
      process.exit(0);
    })());
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  if (cluster.isWorker) process.send?.(LISTENING_MESSAGE);
  else console.log(runningLine(config, database.engine, 1));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
