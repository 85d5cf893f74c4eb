import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../db/client';
import { rowsOf } from '../db/rows';
import { upgradeDatabase } from '../db/upgrade';
import { adminQuery, databaseUrl } from '../test/test-database';
import { copyOfTemplate } from './cluster.global-setup';
import { underStartLock } from './start-lock';
import { freePort, signIn, startServer, type ServerProcess } from './server.test-support';

/**
 * HEARTH_PROCESSES (cluster.primary.ts): one `npm start` running several server processes on one port, the
 * primary replacing one that dies and stopping all on SIGTERM; the start lock that lets processes upgrade one
 * database at once; and the refusal of several processes on the embedded database.
 */

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
let drop: () => Promise<void>;
let url: string;
let dataDir: string;

beforeAll(async () => {
  const copy = await copyOfTemplate(inject('clusterTemplate'));
  drop = copy.drop;
  url = copy.url;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-cluster-'));
});

afterAll(async () => {
  await drop?.();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The pids of the running processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) === pid && state !== 'Z') children.push(Number(entry));
    } catch {
      // The process ended while the list was read.
    }
  }
  return children.sort((a, b) => a - b);
}

describe('HEARTH_PROCESSES', () => {
  it('runs two server processes on one port, replaces one that is killed and stops both on SIGTERM', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const primary: ServerProcess = await startServer({
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: base,
      HEARTH_PROCESSES: '2',
    });
    try {
      const pid = primary.child.pid!;
      const workers = childrenOf(pid);
      expect(workers).toHaveLength(2);
      // The secrets were generated once, by the primary, for both: a session made on either holds on both.
      expect(fs.readdirSync(dataDir).sort()).toEqual(['auth-secret', 'vapid-keys.json']);
      const token = await signIn(base, 'branchmanager');
      for (let i = 0; i < 6; i += 1) {
        const me = await fetch(`${base}/users/current`, { headers: { authorization: `Bearer ${token}` } });
        expect(me.status).toBe(200);
      }

      process.kill(workers[0]!, 'SIGKILL');
      await expect
        .poll(() => primary.errors.join(''), { timeout: 30_000 })
        .toMatch(new RegExp(`^Server process ${workers[0]} ended \\(SIGKILL\\); starting another$`, 'm'));
      await expect.poll(() => childrenOf(pid).filter((child) => child !== workers[0]), { timeout: 60_000 }).toHaveLength(2);
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);

      const replaced = childrenOf(pid);
      expect(await primary.stop()).toEqual([0, null]);
      expect(replaced.filter((child) => fs.existsSync(`/proc/${child}`))).toEqual([]);
    } finally {
      await primary.stop();
    }
  });

  it('refuses several processes on the embedded database, naming the variable', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, HEARTH_PROCESSES: '2', DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const said: string[] = [];
    child.stderr.on('data', (chunk: Buffer) => said.push(chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(1);
    expect(said.join('').trim()).toBe(
      'Invalid configuration:\nHEARTH_PROCESSES above 1 needs PostgreSQL (DATABASE_URL): the embedded database serves one process',
    );
  });
});

describe('underStartLock', () => {
  it('lets two processes upgrade one empty database at once, one after the other', async () => {
    const { serverUrl } = inject('clusterTemplate');
    const name = `hearth_cluster_empty_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
    const empty = databaseUrl(serverUrl, name);
    const [a, b] = [openPostgres(empty, 3), openPostgres(empty, 3)];
    try {
      const order: string[] = [];
      const upgrade = (who: string, database: typeof a) =>
        underStartLock(empty, async () => {
          order.push(`${who} starts`);
          await upgradeDatabase(database);
          order.push(`${who} ends`);
        });
      await Promise.all([upgrade('a', a), upgrade('b', b)]);
      // Never both inside at once.
      expect([order[0]!.split(' ')[0], order[1]!.split(' ')[0]]).toEqual([order[0]!.split(' ')[0], order[0]!.split(' ')[0]]);
      expect(order[1]).toMatch(/ ends$/);
      const journal = JSON.parse(
        fs.readFileSync(fileURLToPath(new URL('../../drizzle/meta/_journal.json', import.meta.url)), 'utf8'),
      ) as { entries: unknown[] };
      const [applied] = rowsOf<{ n: number }>(
        await a.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      );
      expect(applied!.n).toBe(journal.entries.length);
    } finally {
      await a.close();
      await b.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });
});
