import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../db/client';

/**
 * The job queue (docs/architecture.md "Jobs"): pg-boss 10 on the same database as the data, on PostgreSQL and on the
 * embedded PGlite alike (through Database.executeSql). A job is a row in the `pgboss` schema, so it survives a
 * restart; every process that starts workers takes jobs (SKIP LOCKED), so several server processes share the work.
 * Handlers must be safe to run again: a job whose process died is retried after it expires.
 */

/** The queues Hearth runs and the data each job carries. */
export interface JobData {
  'file-import': { fileImportId: number };
  'file-export': { fileExportId: number };
  'extend-pattern-horizons': Record<string, never>;
  'delete-stale-pending-files': Record<string, never>;
  'delete-expired-file-exports': Record<string, never>;
  'recover-file-transfers': Record<string, never>;
  'delete-expired-access-log': Record<string, never>;
  /** Delivers one outbox row through its channel's driver (notify.delivery.ts). */
  'deliver-message': { outboxId: number };
  /** Fails outbox rows left queued without a live deliver-message job (notify.delivery.ts). */
  'recover-deliveries': Record<string, never>;
  'visit-reminders': Record<string, never>;
  'late-visit-alerts': Record<string, never>;
  'expiry-notices': Record<string, never>;
  /** Deletes live events past their day of retention (features/live/live.prune.ts). */
  'prune-live-events': Record<string, never>;
  /** Texts or emails chat messages unread for 15 minutes (features/chat/chat-fallback.job.ts). */
  'chat-fallback': Record<string, never>;
}
export type JobName = keyof JobData;
export const JOB_NAMES: JobName[] = [
  'file-import',
  'file-export',
  'extend-pattern-horizons',
  'delete-stale-pending-files',
  'delete-expired-file-exports',
  'recover-file-transfers',
  'delete-expired-access-log',
  'deliver-message',
  'recover-deliveries',
  'visit-reminders',
  'late-visit-alerts',
  'expiry-notices',
  'prune-live-events',
  'chat-fallback',
];

/** One attempt of a job as a handler sees it; retryCount counts the attempts before this one. */
export interface JobAttempt<N extends JobName> {
  id: string;
  data: JobData[N];
  retryCount: number;
  retryLimit: number;
  /** Whether a failure of this attempt is final (no retry left). */
  isLastAttempt: boolean;
}

/** A job's state as pg-boss keeps it; `output` holds the error of a failed attempt ({message, stack}). */
export interface JobState {
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
  output: unknown;
}

export interface JobQueue {
  /** Queues a job and wakes this process's worker of that queue; @returns the job id (a UUID). */
  send<N extends JobName>(name: N, data: JobData[N], options?: { singletonKey?: string }): Promise<string>;
  /**
   * Runs `handler` for each job of queue `name` in this process, one job at a time. A handler that throws fails the
   * attempt; pg-boss retries it after retryDelaySeconds, doubling each time (backoff), up to retryLimit retries,
   * then the job is `failed` with the error as output. After a job the worker looks for the next at once, so a burst
   * (hundreds of messages to deliver) drains at the handler's pace; an idle worker polls.
   */
  work<N extends JobName>(name: N, handler: (job: JobAttempt<N>) => Promise<void>): Promise<void>;
  /** Runs queue `name` on a cron schedule (5 fields, in `tz`, default UTC); one run per slot across processes. */
  schedule(name: JobName, cron: string, tz?: string): Promise<void>;
  /** Cancels a job that has not ended (queued, waiting for a retry, or active); nothing for one that ended. */
  cancel(name: JobName, id: string): Promise<void>;
  /** A job's state, or null when there is no such job. */
  getJob(name: JobName, id: string): Promise<JobState | null>;
  /** Stops the workers (waiting for running handlers up to 10 s) and the queue's timers. */
  stop(): Promise<void>;
}

/** Retry policy and polling of a queue; the defaults suit production, tests shorten them. */
export interface JobQueueOptions {
  /** Retries after the first attempt (default 3). */
  retryLimit?: number;
  /** Seconds before the first retry (default 30), doubled for each further retry. */
  retryDelaySeconds?: number;
  /** How often an idle worker looks for jobs, in seconds, at least 0.5 (default 2). */
  pollingIntervalSeconds?: number;
  /** Seconds a running job may take before it is treated as lost and retried (default 1 hour). */
  expireInSeconds?: number;
  /** Whether this process runs cron schedules and maintenance (default true; false for send-only queues). */
  supervise?: boolean;
}

/** pg-boss's own tables live in this schema, beside Hearth's. */
const SCHEMA = 'pgboss';

function createBoss(database: Database, supervise: boolean): PgBoss {
  return new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: SCHEMA,
    supervise,
    schedule: supervise,
    migrate: true,
  });
}

/**
 * pg-boss's `db` contract (executeSql with $1..$n parameters) on a Drizzle database or transaction: each `$n` becomes
 * a bound parameter, so the statement runs on that transaction's connection.
 */
function executeSqlOn(db: Db) {
  return {
    async executeSql(text: string, values: unknown[] = []): Promise<{ rows: unknown[] }> {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = parts.map((part, i) =>
        i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1] ?? null)}`,
      );
      const result = (await db.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/** A pg-boss that is never started: it only writes jobs through the `db` given to each send. */
let writer: PgBoss | null = null;

function jobWriter(): PgBoss {
  writer ??= new PgBoss({
    db: { executeSql: () => Promise.reject(new Error('sendInTransaction writes through its own db')) },
    schema: SCHEMA,
  });
  return writer;
}

/**
 * Queues a job inside `db`, the caller's transaction (pg-boss's `db` send option): the job exists once that
 * transaction commits and never if it rolls back, so a worker cannot run it before the rows it names are visible.
 * Needs no running queue (a command or a request without one may call it); a server's worker polls it up within its
 * polling interval. The queue's retry policy (startJobQueue) applies.
 * @returns the job id (a UUID).
 */
export async function sendInTransaction<N extends JobName>(db: Db, name: N, data: JobData[N]): Promise<string> {
  const id = await jobWriter().send(name, data as object, { db: executeSqlOn(db) });
  if (!id) throw new Error(`pg-boss did not queue ${name}`);
  return id;
}

/**
 * sendInTransaction for many jobs of queue `name` in one statement (pg-boss insert): one job per item of `data`,
 * for a caller that writes hundreds of rows in one transaction (notification runs). Nothing for an empty list.
 */
export async function sendManyInTransaction<N extends JobName>(db: Db, name: N, data: JobData[N][]): Promise<void> {
  if (data.length === 0) return;
  await jobWriter().insert(
    data.map((d) => ({ name, data: d as object })),
    { db: executeSqlOn(db) },
  );
}

/**
 * Installs (or upgrades) pg-boss's schema without starting anything; idempotent. Called by migrations at start and
 * when a test template is built, so a queue later starts without installing.
 */
export async function installJobSchema(database: Database): Promise<void> {
  const boss = createBoss(database, false);
  await boss.start();
  for (const name of JOB_NAMES) await ensureQueue(boss, name, {});
  await boss.stop({ graceful: false, wait: true });
}

async function ensureQueue(boss: PgBoss, name: JobName, options: JobQueueOptions): Promise<void> {
  const policy = {
    retryLimit: options.retryLimit ?? 3,
    retryDelay: options.retryDelaySeconds ?? 30,
    retryBackoff: true,
    expireInSeconds: options.expireInSeconds ?? 60 * 60,
  };
  if (await boss.getQueue(name)) await boss.updateQueue(name, { name, ...policy });
  else await boss.createQueue(name, { name, ...policy });
}

/**
 * Starts the job queue on `database`: makes sure every queue exists with the retry policy of `options`.
 * Workers are added with work(); a process that only sends jobs adds none.
 * @throws when the database cannot be reached or pg-boss's schema cannot be installed.
 */
export async function startJobQueue(database: Database, options: JobQueueOptions = {}): Promise<JobQueue> {
  const boss = createBoss(database, options.supervise ?? true);
  boss.on('error', (error) => console.warn(`Job queue: ${error.message}`));
  await boss.start();
  for (const name of JOB_NAMES) await ensureQueue(boss, name, options);
  const workers = new Map<JobName, string>();

  return {
    async send(name, data, sendOptions = {}) {
      const id = await boss.send(
        name,
        data as object,
        sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {},
      );
      const worker = workers.get(name);
      if (worker) boss.notifyWorker(worker);
      // null means a singleton job of that key is already queued: that one does the work.
      return id ?? '';
    },
    async work(name, handler) {
      const id = await boss.work<JobData[typeof name]>(
        name,
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
        async ([job]) => {
          if (!job) return;
          try {
            await handler({
              id: job.id,
              data: job.data,
              retryCount: job.retryCount,
              retryLimit: job.retryLimit,
              isLastAttempt: job.retryCount >= job.retryLimit,
            });
          } finally {
            // pg-boss waits its polling interval after every fetch, even one that found a job; a notified worker
            // fetches again at once.
            const worker = workers.get(name);
            if (worker) boss.notifyWorker(worker);
          }
        },
      );
      workers.set(name, id);
    },
    async schedule(name, cron, tz = 'UTC') {
      await boss.schedule(name, cron, {}, { tz });
    },
    async cancel(name, id) {
      await boss.cancel(name, id);
    },
    async getJob(name, id) {
      const job = await boss.getJobById(name, id, { includeArchive: true });
      return job ? { state: job.state, retryCount: job.retryCount, output: job.output } : null;
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
