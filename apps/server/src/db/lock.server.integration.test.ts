import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { lockDataDir } from './lock';
import { removeTempDirs, seededDataDir } from '../cli/hearth.test-support';
import { stopProcess } from './lock.test-support';

/**
 * The embedded database's lock as the server (main.ts) takes it, in real server processes on one DATA_DIR: a second
 * server is refused naming the first; after kill -9 or a graceful stop the next start takes the lock at once.
 */

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const servers: ChildProcess[] = [];

afterEach(() => {
  for (const child of servers.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
afterAll(removeTempDirs);

/**
 * Starts `npm start`'s server (src/main.ts) on `dataDir` and a free port.
 * @returns the process, and how it came up: "running", or the message it exited with.
 */
async function startServer(dataDir: string): Promise<{ child: ChildProcess; outcome: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  servers.push(child);
  const errors: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  const exited = once(child, 'exit').then(() => 'exited' as const);
  const lines = readline.createInterface({ input: child.stdout! });
  const running = (async () => {
    for await (const line of lines) if (line.startsWith('Hearth is running on ')) return 'running' as const;
    return 'exited' as const;
  })();
  const first = await Promise.race([running, exited]);
  if (first === 'running') return { child, outcome: 'running' };
  await exited;
  return { child, outcome: errors.join('').trim() };
}

/** How long taking the lock in this process takes, in milliseconds (the lock is released again). */
async function lockTime(dataDir: string): Promise<number> {
  const started = performance.now();
  const release = await lockDataDir(dataDir);
  const ms = performance.now() - started;
  await release();
  return ms;
}

describe('the server and the embedded database lock', () => {
  it('refuses a second server naming the first, and starts at once after kill -9 and after a graceful stop', async () => {
    const dataDir = await seededDataDir();
    const first = await startServer(dataDir);
    expect(first.outcome).toBe('running');

    const second = await startServer(dataDir);
    expect(second.child.exitCode).toBe(1);
    expect(second.outcome).toMatch(
      new RegExp(
        `^The embedded database in ${dataDir} is in use by Hearth process ${first.child.pid} \\(running since ` +
          `\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC\\)\\. Stop it first, or set DATA_DIR\\.$`,
      ),
    );

    expect(await stopProcess(first.child, 'SIGKILL')).toEqual([null, 'SIGKILL']);
    expect(fs.existsSync(path.join(dataDir, 'hearth.lock'))).toBe(true);
    expect(await lockTime(dataDir)).toBeLessThan(250);

    const third = await startServer(dataDir);
    expect(third.outcome).toBe('running');
    expect(await stopProcess(third.child, 'SIGTERM')).toEqual([0, null]);
    expect(fs.existsSync(path.join(dataDir, 'hearth.lock'))).toBe(false);
    expect(await lockTime(dataDir)).toBeLessThan(250);
  }, 120_000);
});
