import type { Db } from '../../db/client';
import { extendPatternHorizons } from './shift-patterns.generate';

/** Where the job writes: console or a Fastify/pino logger. */
export interface JobLog {
  info(message: string): void;
  error(message: string): void;
}

/** Delay of the first run after start, so start-up (migrations, seeding, HTTP) finishes first. */
const FIRST_RUN_DELAY_MS = 10_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The daily extension of recurring patterns' rolling horizon (issue "Scheduling" item 2): runs
 * extendPatternHorizons shortly after start, then every 24 hours, in this process. Both timers are unref'd, so
 * they never keep a process or a test alive; a run still going when the next is due is not doubled; a failed run
 * is logged and retried at the next one (the process keeps running). Several processes may run it at once: the
 * pattern rows are taken with SKIP LOCKED and ON CONFLICT keeps occurrences single.
 * Moves onto the job queue (pg-boss, ARCHITECTURE.md "jobs") when the jobs issue brings it.
 * @param timing when to run: first after firstRunDelayMs (default 10 s), then every intervalMs (default 24 h).
 * @returns a function that stops the timers (a run in progress finishes on its own).
 */
export function startPatternHorizonJob(
  db: Db,
  log: JobLog,
  { firstRunDelayMs = FIRST_RUN_DELAY_MS, intervalMs = DAY_MS }: { firstRunDelayMs?: number; intervalMs?: number } = {},
): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const done = await extendPatternHorizons({ db });
      if (done.patterns > 0) {
        log.info(`Recurring patterns: ${done.patterns} extended, ${done.generated} shifts generated, ${done.opened} left open`);
      }
      if (done.skipped > 0) log.error(`Recurring patterns: ${done.skipped} skipped, their rule or time zone cannot be read`);
    } catch (error) {
      log.error(`Recurring patterns could not be extended: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void run(), firstRunDelayMs);
  first.unref();
  const daily = setInterval(() => void run(), intervalMs);
  daily.unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
  };
}
