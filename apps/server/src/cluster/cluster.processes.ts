import os from 'node:os';

/**
 * How many server processes one `npm start` runs (docs/architecture.md "Running several processes"), from
 * HEARTH_PROCESSES: a whole number from 1 to 64, or `auto` for one per core (os.availableParallelism). Unset means
 * one, the plain single process. More than one needs PostgreSQL (DATABASE_URL): the embedded database is a
 * directory only one process may open (db/lock.ts).
 * @param env the environment (tests pass their own).
 * @param cores how many cores `auto` means (tests pass their own).
 * @returns the number of processes, at least 1.
 * @throws Error "Invalid configuration" naming HEARTH_PROCESSES for anything else, or for more than one without
 *   DATABASE_URL.
 */
export function processCountOf(env: NodeJS.ProcessEnv, cores = os.availableParallelism()): number {
  const raw = env.HEARTH_PROCESSES?.trim() ?? '';
  let count = 1;
  if (raw === 'auto') count = Math.max(1, cores);
  else if (raw !== '') {
    count = /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (!(count >= 1 && count <= 64)) {
      throw new Error('Invalid configuration:\nHEARTH_PROCESSES must be a whole number from 1 to 64, or auto');
    }
  }
  if (count > 1 && !env.DATABASE_URL) {
    throw new Error(
      'Invalid configuration:\nHEARTH_PROCESSES above 1 needs PostgreSQL (DATABASE_URL): ' +
        'the embedded database serves one process',
    );
  }
  return count;
}
