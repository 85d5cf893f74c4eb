import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { processIsRunning } from '../db/lock';

/**
 * Who runs a long job's attempt (an import), recorded on its row so that another process can tell a running
 * attempt from one whose process was killed (docs/architecture.md "Jobs", recovery).
 */
export interface JobRunner {
  pid: number;
  hostname: string;
  /** When the attempt started (ISO 8601, UTC); a process with this pid started later is another process. */
  since: string;
  /** This attempt's own id: a process with the same pid (a restarted container) does not own it. */
  token: string;
  /** A server process (its workers) or a command (`npm run hearth -- import`, which runs its own job). */
  kind: 'server' | 'command';
}

/** How often a running attempt writes its heartbeat, in milliseconds. */
export const HEARTBEAT_EVERY_MS = 10_000;

/**
 * How long after its last heartbeat an attempt whose process cannot be checked (another machine, or a row written
 * before runners were recorded) counts as stopped, in milliseconds: several missed heartbeats, not one slow query.
 */
export const RUNNER_LOST_AFTER_MS = 45_000;

/** The attempts this process runs now, by token. */
const runningHere = new Set<string>();

/**
 * Records that this process starts an attempt; @returns the runner to write on the row and a function to call when
 * the attempt ends (however it ends).
 */
export function startAttempt(kind: JobRunner['kind']): { runner: JobRunner; end: () => void } {
  const runner: JobRunner = {
    pid: process.pid,
    hostname: os.hostname(),
    since: new Date().toISOString(),
    token: randomUUID(),
    kind,
  };
  runningHere.add(runner.token);
  return { runner, end: () => runningHere.delete(runner.token) };
}

/**
 * Whether the attempt of `runner` may still be running, its last heartbeat `heartbeatAgeMs` ago (measured on the
 * database's clock, which wrote it, so the clocks of several machines need not agree):
 * - this process's own attempts: while it runs them (a row naming this pid from an earlier process is stopped);
 * - another process of this machine: while that pid runs and started before the attempt (db/lock.ts
 *   processIsRunning), so a process killed with SIGKILL is seen as stopped at once;
 * - another machine, or no runner recorded: while its heartbeat is younger than RUNNER_LOST_AFTER_MS.
 */
export function attemptMayBeRunning(runner: JobRunner | null, heartbeatAgeMs: number | null): boolean {
  if (runner && runner.hostname === os.hostname()) {
    if (runner.pid === process.pid) return runningHere.has(runner.token);
    return processIsRunning(runner);
  }
  return heartbeatAgeMs !== null && heartbeatAgeMs < RUNNER_LOST_AFTER_MS;
}
