import { setTimeout as delay } from 'node:timers/promises';
import type { Database } from '../db/client';
import { startJobQueue, type JobQueue } from '../jobs/jobs.queue';
import type { JobDeps } from '../jobs/jobs.deps';
import type { Storage } from '../storage/storage';
import { runFileImportJob } from '../features/file-imports/file-imports.job';
import { runFileExportJob } from '../features/file-exports/file-exports.job';
import type { CliIo } from './hearth.context';

/** How often a command looks at the state of the job it waits for, in milliseconds. */
const POLL_MS = 200;

/**
 * Starts a job queue in this process with a worker of one queue (`file-import` or `file-export`), so a command runs
 * its job itself instead of waiting for a server. Nothing else runs here: no schedules, no other queues (a server
 * on the same PostgreSQL may still take the job; the command waits on the record's state either way). The queue
 * keeps the server's retry policy (jobs.queue.ts defaults). Its attempts are recorded as a command's (runnerKind), so
 * an import whose command was killed is failed with the reason at the next start (jobs.recovery.ts). Job log lines go to `io` (errors only: the command
 * prints the progress itself).
 * @returns the queue; stop() it when done.
 */
export async function startCommandQueue(
  database: Database,
  storage: Storage,
  io: CliIo,
  queue: 'file-import' | 'file-export',
): Promise<JobQueue> {
  const jobs = await startJobQueue(database, { supervise: false, pollingIntervalSeconds: 0.5 });
  const deps: JobDeps = {
    db: database.db,
    storage,
    log: { info() {}, error: (message) => io.err(message) },
    runnerKind: 'command',
  };
  if (queue === 'file-import') await jobs.work('file-import', (job) => runFileImportJob(deps, job));
  else await jobs.work('file-export', (job) => runFileExportJob(deps, job));
  return jobs;
}

/**
 * Reads a record until `isDone` says so, calling `onRead` (if given) with each reading (progress lines), POLL_MS
 * apart.
 * @returns the final reading.
 */
export async function pollUntil<T>(
  read: () => Promise<T>,
  isDone: (value: T) => boolean,
  onRead: (value: T) => void = () => {},
): Promise<T> {
  for (;;) {
    const value = await read();
    onRead(value);
    if (isDone(value)) return value;
    await delay(POLL_MS);
  }
}
