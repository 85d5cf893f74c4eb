import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The embedded database's lock: `<dataDir>/hearth.lock`, a small JSON file naming the process that holds it. PGlite
 * does not lock its directory, and two processes writing one PGlite directory corrupt it, so the server and every
 * command take this lock first.
 *
 * Why not a lock that goes stale after some seconds without a heartbeat (proper-lockfile, used before): after a
 * crash or `kill -9` it refused every restart until the heartbeat aged out (15 to 20 seconds), saying the database
 * was "in use" by a process that no longer existed. The holder's pid is the truth instead: a lock whose process is
 * gone is taken over at once; a lock whose process runs is refused, naming it.
 */

/** Who holds the lock, as written in the lock file. */
export interface LockHolder {
  pid: number;
  hostname: string;
  /** When the holder took the lock (ISO 8601, UTC). */
  since: string;
  /** Tells one holding from another with the same pid (a restarted container often gets the same pid again). */
  token: string;
}

/** The lock is held by a running process (or by one on another machine, which cannot be checked). */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    /** Null when the holder cannot be named (an older Hearth's lock, still kept fresh). */
    readonly holder: LockHolder | null,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by ${holder ? describeHolder(holder) : 'another Hearth process'}. ` +
        'Stop it first, or set DATA_DIR.',
    );
    this.name = 'DataDirInUseError';
  }
}

/** "Hearth process 4242 (running since 2026-11-26 05:40:12 UTC)", with "on host X" when it is another machine. */
export function describeHolder(holder: LockHolder): string {
  const since = holder.since.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC');
  const host = holder.hostname === os.hostname() ? '' : ` on ${holder.hostname}`;
  return `Hearth process ${holder.pid}${host} (running since ${since})`;
}

const LOCK_FILE = 'hearth.lock';

/** The tokens of the locks this process holds now. */
const heldTokens = new Set<string>();

/** How long an older Hearth's lock (a directory whose mtime it refreshed every 5 s) counts as held, in ms. */
const LEGACY_LOCK_FRESH_MS = 15_000;

function readHolder(lockPath: string): LockHolder | 'gone' | 'unreadable' | 'legacy-held' {
  let text: string;
  try {
    text = fs.readFileSync(lockPath, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 'gone';
    if (code !== 'EISDIR') throw error;
    const age = Date.now() - fs.statSync(lockPath).mtimeMs;
    return age < LEGACY_LOCK_FRESH_MS ? 'legacy-held' : 'unreadable';
  }
  try {
    const holder = JSON.parse(text) as Partial<LockHolder>;
    if (typeof holder.pid === 'number' && typeof holder.hostname === 'string' && typeof holder.since === 'string') {
      return { pid: holder.pid, hostname: holder.hostname, since: holder.since, token: String(holder.token ?? '') };
    }
  } catch {
    // Not JSON: a lock file of the older format (a directory) or a damaged one.
  }
  return 'unreadable';
}

/**
 * When process `pid` started, from Linux's /proc (boot time + start ticks; USER_HZ is 100 on every Linux Node runs
 * on); null where there is no /proc.
 */
function processStartedAt(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'; starttime is field 22.
    const startTicks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    const bootSeconds = Number(/^btime (\d+)$/m.exec(fs.readFileSync('/proc/stat', 'utf8'))?.[1]);
    if (!Number.isFinite(startTicks) || !Number.isFinite(bootSeconds)) return null;
    return bootSeconds * 1000 + startTicks * 10;
  } catch {
    return null;
  }
}

/**
 * Whether process `pid` of this machine still runs and is the one that did something at `since` (ISO 8601): its pid
 * answers signal 0 (EPERM: it runs as another user) and (on Linux) that pid's process started before `since`, so a
 * pid reused after a reboot or in a restarted container is not taken for it.
 */
export function processIsRunning({ pid, since }: { pid: number; since: string }): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = processStartedAt(pid);
  const at = Date.parse(since);
  // A second of slack: /proc's clock ticks and the boot time are coarser than the lock's timestamp.
  return started === null || Number.isNaN(at) || started <= at + 1000;
}

/**
 * Whether the lock's holder still runs. A holder on another machine is taken as running (its pid means nothing
 * here). On this machine: a lock naming this very process is one it holds now (not an earlier process that had
 * the same pid); another pid is checked by processIsRunning.
 */
export function holderIsRunning(holder: LockHolder): boolean {
  if (holder.hostname !== os.hostname()) return true;
  if (holder.pid === process.pid) return heldTokens.has(holder.token);
  return processIsRunning(holder);
}

/**
 * Removes a lock file left by `dead`, but only if it is still that one: it is first renamed aside (atomic), and put
 * back if another process's fresh lock was moved instead (two starters racing to take over the same dead lock).
 */
function takeOver(lockPath: string, dead: LockHolder | 'unreadable'): void {
  const aside = `${lockPath}.${process.pid}.${randomUUID()}`;
  try {
    fs.renameSync(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readHolder(aside);
  const same = dead === 'unreadable' ? moved === 'unreadable' : typeof moved !== 'string' && moved.token === dead.token;
  if (same) {
    fs.rmSync(aside, { recursive: true, force: true });
    return;
  }
  try {
    fs.linkSync(aside, lockPath);
  } finally {
    fs.rmSync(aside, { force: true });
  }
}

/**
 * Takes the embedded database's lock (`<dataDir>/hearth.lock`, creating `dataDir` when missing). A lock left by a
 * process that no longer runs (killed, crashed, stopped without releasing) is taken over at once.
 * The lock file is written whole before it appears (written aside, then hard-linked into place, which fails when
 * a lock exists), so a reader never sees half of it. It is also removed when this process exits without calling
 * the release (process.exit in a signal handler).
 * @returns a function that releases the lock (idempotent).
 * @throws DataDirInUseError naming the holder (pid, since when) while a running process holds it.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  const me: LockHolder = {
    pid: process.pid,
    hostname: os.hostname(),
    since: new Date().toISOString(),
    token: randomUUID(),
  };
  const draft = `${lockPath}.${me.token}`;
  fs.writeFileSync(draft, `${JSON.stringify(me)}\n`);
  try {
    // Three rounds: a takeover, then a race lost to another starter, then the refusal that names the winner.
    for (let round = 0; round < 3; round += 1) {
      try {
        fs.linkSync(draft, lockPath);
        return holdUntilRelease(lockPath, me.token);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = readHolder(lockPath);
      if (holder === 'gone') continue;
      if (holder === 'legacy-held') throw new DataDirInUseError(dataDir, null);
      if (holder !== 'unreadable' && holderIsRunning(holder)) throw new DataDirInUseError(dataDir, holder);
      takeOver(lockPath, holder);
    }
    const holder = readHolder(lockPath);
    throw new DataDirInUseError(dataDir, typeof holder === 'string' ? null : holder);
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

function holdUntilRelease(lockPath: string, token: string): () => Promise<void> {
  let held = true;
  heldTokens.add(token);
  const release = () => {
    if (!held) return;
    held = false;
    heldTokens.delete(token);
    process.off('exit', release);
    const holder = readHolder(lockPath);
    // Only our own lock: never remove one a later holder wrote.
    if (typeof holder !== 'string' && holder.token === token) fs.rmSync(lockPath, { force: true });
  };
  process.on('exit', release);
  return async () => release();
}
