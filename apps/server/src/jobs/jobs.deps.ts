import type { Db } from '../db/client';
import type { Storage } from '../storage/storage';
import type { JobLog } from './jobs.log';

/**
 * What every job handler may use: the database, the file storage and a log. Its own module, imported by the
 * handlers in the features and by jobs.workers.ts that starts them, so neither imports the other.
 */
export interface JobDeps {
  db: Db;
  storage: Storage;
  log: JobLog;
  /** Who runs the handlers: a server's workers (default) or a command running its own job (cli/hearth.jobs.ts). */
  runnerKind?: 'server' | 'command';
}
