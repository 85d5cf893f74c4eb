import { afterAll, afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataDirInUseError, lockDataDir } from './lock';
import { killLockHolders, lockHolder, stopProcess } from './lock.test-support';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-lock-'));

afterEach(killLockHolders);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function dataDir(): string {
  return fs.mkdtempSync(path.join(root, 'data-'));
}

/** Takes the lock of `dir` in this process; @returns the release and how long it took, in milliseconds. */
async function timedLock(dir: string) {
  const started = performance.now();
  const release = await lockDataDir(dir);
  return { release, ms: performance.now() - started };
}

function writeLock(dir: string, holderFields: Record<string, unknown>) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'hearth.lock'), JSON.stringify({ token: 'earlier', ...holderFields }));
}

describe('embedded database lock', () => {
  it('stops a second opener of the same data directory with a message naming the holder, and frees it on release', async () => {
    const dir = path.join(dataDir(), 'nested', 'data');
    const release = await lockDataDir(dir);
    expect(fs.existsSync(path.join(dir, 'hearth.lock'))).toBe(true);
    await expect(lockDataDir(dir)).rejects.toThrow(
      new RegExp(
        `^The embedded database in ${dir} is in use by Hearth process ${process.pid} \\(running since ` +
          `\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC\\)\\. Stop it first, or set DATA_DIR\\.$`,
      ),
    );
    await release();
    expect(fs.existsSync(path.join(dir, 'hearth.lock'))).toBe(false);
    const again = await lockDataDir(dir);
    await again();
  });

  it('refuses while another running process holds the lock, naming its pid', async () => {
    const dir = dataDir();
    const { child, said } = await lockHolder(dir);
    expect(said).toBe('locked');
    const refusal = await lockDataDir(dir).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DataDirInUseError);
    expect((refusal as DataDirInUseError).holder).toMatchObject({ pid: child.pid, hostname: os.hostname() });
    expect((refusal as Error).message).toContain(`in use by Hearth process ${child.pid} (running since `);
    // A second process is refused the same way.
    expect((await lockHolder(dir)).said).toContain(`in use by Hearth process ${child.pid} (running since `);
  });

  it('takes over at once the lock of a process killed with SIGKILL', async () => {
    const dir = dataDir();
    const { child, said } = await lockHolder(dir);
    expect(said).toBe('locked');
    expect(await stopProcess(child, 'SIGKILL')).toEqual([null, 'SIGKILL']);
    expect(fs.existsSync(path.join(dir, 'hearth.lock'))).toBe(true);
    const { release, ms } = await timedLock(dir);
    expect(ms).toBeLessThan(250);
    await release();
  });

  it('frees the lock when the holder stops on a signal without calling the release', async () => {
    const dir = dataDir();
    const { child } = await lockHolder(dir);
    expect(await stopProcess(child, 'SIGTERM')).toEqual([0, null]);
    expect(fs.existsSync(path.join(dir, 'hearth.lock'))).toBe(false);
    const { release, ms } = await timedLock(dir);
    expect(ms).toBeLessThan(250);
    await release();
  });

  it('lets one of several processes starting at once over a dead lock win, and refuses the others by its pid', async () => {
    const dir = dataDir();
    writeLock(dir, { pid: 2 ** 22 + 1, hostname: os.hostname(), since: new Date().toISOString() });
    const started = await Promise.all([lockHolder(dir), lockHolder(dir), lockHolder(dir)]);
    const winners = started.filter((s) => s.said === 'locked');
    expect(winners).toHaveLength(1);
    for (const loser of started.filter((s) => s.said !== 'locked')) {
      expect(loser.said).toContain(`in use by Hearth process ${winners[0]!.child.pid} (running since `);
    }
  });

  it('takes over a lock whose pid now belongs to a process that started after the lock was taken', async () => {
    const dir = dataDir();
    const { child } = await lockHolder(dataDir());
    // The lock names a live pid, but that process started an hour after the lock's time: a reused pid.
    writeLock(dir, { pid: child.pid, hostname: os.hostname(), since: new Date(Date.now() - 3_600_000).toISOString() });
    const { release } = await timedLock(dir);
    await release();
    // The same pid with a time after its start is its lock: refused.
    writeLock(dir, { pid: child.pid, hostname: os.hostname(), since: new Date(Date.now() + 1000).toISOString() });
    await expect(lockDataDir(dir)).rejects.toThrow(`in use by Hearth process ${child.pid} (running since `);
  });

  it("takes over a lock naming this process's pid that it does not hold (a restarted container's pid 1)", async () => {
    const dir = dataDir();
    writeLock(dir, { pid: process.pid, hostname: os.hostname(), since: new Date().toISOString() });
    const { release } = await timedLock(dir);
    await release();
  });

  it('refuses a lock of another machine (its pid cannot be checked), naming the machine', async () => {
    const dir = dataDir();
    writeLock(dir, { pid: 77, hostname: 'other-host', since: '2026-11-26T05:40:12.123Z' });
    await expect(lockDataDir(dir)).rejects.toThrow(
      `in use by Hearth process 77 on other-host (running since 2026-11-26 05:40:12 UTC)`,
    );
  });

  it("honours an older Hearth's lock directory while it is fresh, and takes it over once it is not", async () => {
    const dir = dataDir();
    const legacy = path.join(dir, 'hearth.lock');
    fs.mkdirSync(legacy);
    await expect(lockDataDir(dir)).rejects.toThrow(`in use by another Hearth process. Stop it first, or set DATA_DIR.`);
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(legacy, old, old);
    const { release } = await timedLock(dir);
    expect(fs.statSync(legacy).isFile()).toBe(true);
    await release();
  });

  it('takes over a damaged lock file', async () => {
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, 'hearth.lock'), '{"pid": 12');
    const { release } = await timedLock(dir);
    await release();
  });
});
