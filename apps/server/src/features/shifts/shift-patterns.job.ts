import type { Db } from '../../db/client';
import type { JobLog } from '../../jobs/jobs.log';
import { extendPatternHorizons } from './shift-patterns.generate';

/**
 * The daily extension of recurring patterns' rolling horizon (issue "Scheduling" item 2), run by the job queue's
 * `extend-pattern-horizons` queue (jobs/jobs.workers.ts: at start and every day). Several processes may run it at
 * once: the pattern rows are taken with SKIP LOCKED and ON CONFLICT keeps occurrences single.
 * @returns what extendPatternHorizons did; logs a line when patterns were extended or skipped.
 * @throws what extendPatternHorizons throws (the queue retries the job, then marks it failed).
 */
export async function runPatternHorizonJob(db: Db, log: JobLog) {
  const done = await extendPatternHorizons({ db });
  if (done.patterns > 0) {
    log.info(`Recurring patterns: ${done.patterns} extended, ${done.generated} shifts generated, ${done.opened} left open`);
  }
  if (done.skipped > 0) log.error(`Recurring patterns: ${done.skipped} skipped, their rule or time zone cannot be read`);
  return done;
}
