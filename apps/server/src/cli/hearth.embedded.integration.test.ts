import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { openPglite } from '../db/client';
import { lockDataDir } from '../db/lock';
import { killLockHolders, lockHolder, stopProcess } from '../db/lock.test-support';
import { clients } from '../features/clients/clients.schema';
import { branchUsers, users } from '../features/users/users.schema';
import { hearth, removeTempDirs, tempDir } from './hearth.test-support';

/**
 * The commands on the embedded database, from an empty DATA_DIR: migrate, seed:demo, create-user in the demo
 * company, backup and restore, and the data directory's lock.
 */

let dataDir: string;
let env: NodeJS.ProcessEnv;
let cwd: string;

beforeAll(() => {
  dataDir = path.join(tempDir(), 'data');
  env = { DATA_DIR: dataDir };
  cwd = tempDir();
});
afterAll(removeTempDirs);
afterEach(killLockHolders);

/** Clients of an embedded database (id and name), read with the command's lock released. */
async function clientsIn(dir: string) {
  const database = await openPglite(path.join(dir, 'pglite'));
  try {
    return await database.db
      .select({ id: clients.id, firstName: clients.firstName, lastName: clients.lastName, branchId: clients.branchId })
      .from(clients)
      .orderBy(asc(clients.id));
  } finally {
    await database.close();
  }
}

describe('migrate and seed:demo', () => {
  it('migrates an empty data directory, then finds it up to date', async () => {
    const first = await hearth(env, cwd, 'migrate');
    expect(first.code).toBe(0);
    expect(first.out[0]).toBe(`Migrating the embedded database in ${dataDir}`);
    expect(first.out[1]).toMatch(/^Migrations: (\d+) applied \(\1 in total\)$/);
    expect(first.out.slice(2)).toEqual([
      'Job queue schema: installed',
      'Roles: 9 (9 added)',
      'Import types: 9 (9 added)',
      'Export types: 7 (7 added)',
    ]);
    const again = await hearth(env, cwd, 'migrate');
    expect(again.out[1]).toMatch(/^Migrations: up to date \(\d+ in total\)$/);
    expect(again.out.slice(3)).toEqual(['Roles: 9 (0 added)', 'Import types: 9 (0 added)', 'Export types: 7 (0 added)']);
  }, 60_000);

  it('seeds the demo agency once and refuses a database that holds an agency', async () => {
    const seeded = await hearth(env, cwd, 'seed:demo');
    expect(seeded).toEqual({ code: 0, out: ['Seeded the demo agency: 8 users, 60 clients, 40 caregivers'], err: [] });
    const again = await hearth(env, cwd, 'seed:demo');
    expect(again).toEqual({
      code: 1,
      out: [],
      err: ['This database already holds an agency; the demo agency is only seeded into an empty database.'],
    });
    expect(await clientsIn(dataDir)).toHaveLength(60);
  }, 60_000);
});

describe('create-user on the embedded database', () => {
  it('adds a branch manager to the only company, linked to the branch named', async () => {
    const user = (username: string, email: string) => [
      '--username',
      username,
      '--email',
      email,
      '--name',
      'Olive Park',
      '--password',
      'Strong-pass-1',
    ];
    const created = await hearth(
      env,
      cwd,
      'create-user',
      ...user('Ops.Lead', 'ops@example.org'),
      '--role',
      'branch manager',
      '--branch',
      'Worcester',
    );
    expect(created.code).toBe(0);
    expect(created.out[0]).toBe('Created Branch Manager ops.lead (ops@example.org) in Hearth Home Care');
    const taken = await hearth(env, cwd, 'create-user', ...user('ops.lead', 'other@example.org'));
    expect(taken).toMatchObject({ code: 1, err: ['A user named ops.lead already exists'] });
    const noBranch = await hearth(env, cwd, 'create-user', ...user('nurse2', 'n2@example.org'), '--role', 'Nurse');
    expect(noBranch).toMatchObject({ code: 1, err: ['A Nurse works in branches: name them with --branch'] });
    const adminWithBranch = await hearth(env, cwd, 'create-user', ...user('admin2', 'a2@example.org'), '--branch', 'Boston');
    expect(adminWithBranch).toMatchObject({ code: 1, err: ['A Company Admin reaches every branch: leave out --branch'] });

    const database = await openPglite(path.join(dataDir, 'pglite'));
    const rows = await database.db
      .select({ username: users.username, name: users.lastName, branchId: branchUsers.branchId })
      .from(users)
      .innerJoin(branchUsers, eq(branchUsers.userId, users.id))
      .where(eq(users.email, 'ops@example.org'));
    await database.close();
    expect(rows).toEqual([{ username: 'ops.lead', name: 'Park', branchId: expect.any(Number) }]);
  }, 60_000);
});

describe('the data directory lock', () => {
  it('stops every command on a database another process holds, naming it, and leaves it usable once freed', async () => {
    const release = await lockDataDir(dataDir);
    const since = JSON.parse(fs.readFileSync(path.join(dataDir, 'hearth.lock'), 'utf8')).since as string;
    const inUse =
      `The embedded database in ${dataDir} is in use by Hearth process ${process.pid} ` +
      `(running since ${since.slice(0, 10)} ${since.slice(11, 19)} UTC). Stop it first, or set DATA_DIR.`;
    try {
      fs.writeFileSync(path.join(cwd, 'c.csv'), 'Client ID,First Name,Last Name\nx1,Ann,Lee\n');
      for (const argv of [
        ['migrate'],
        ['import', 'clients', 'c.csv', '--branch', 'Boston'],
        ['export', 'clients'],
        ['backup', 'b.tar.gz'],
      ]) {
        expect(await hearth(env, cwd, ...argv)).toEqual({ code: 1, out: [], err: [inUse] });
      }
    } finally {
      await release();
    }
    expect((await hearth(env, cwd, 'migrate')).code).toBe(0);
  }, 60_000);

  it('runs at once after the process holding the database was killed (kill -9), and refuses while it ran', async () => {
    const { child, said } = await lockHolder(dataDir);
    expect(said).toBe('locked');
    const refused = await hearth(env, cwd, 'migrate');
    expect(refused.code).toBe(1);
    expect(refused.err[0]).toContain(`is in use by Hearth process ${child.pid} (running since `);
    expect(await stopProcess(child, 'SIGKILL')).toEqual([null, 'SIGKILL']);
    expect(await hearth(env, cwd, 'migrate')).toMatchObject({ code: 0, err: [] });
    expect(fs.existsSync(path.join(dataDir, 'hearth.lock'))).toBe(false);
  }, 60_000);
});

describe('backup and restore', () => {
  it('backs up the database and restores it into a new data directory with the same clients', async () => {
    const backup = await hearth(env, cwd, 'backup', 'hearth.tar.gz');
    expect(backup.code).toBe(0);
    expect(backup.out[0]).toMatch(
      new RegExp(`^Backed up the embedded database in ${dataDir} to ${path.join(cwd, 'hearth.tar.gz')} \\(\\d+ bytes\\)$`),
    );
    expect(await hearth(env, cwd, 'backup', 'hearth.tar.gz')).toMatchObject({
      code: 1,
      err: [`${path.join(cwd, 'hearth.tar.gz')} exists: name another file, or add --force to replace it`],
    });

    const restoredDir = path.join(tempDir(), 'restored');
    const restored = await hearth({ DATA_DIR: restoredDir }, cwd, 'restore', 'hearth.tar.gz');
    expect(restored.code).toBe(0);
    expect(restored.out[0]).toBe(
      `Restored ${path.join(cwd, 'hearth.tar.gz')} into ${restoredDir} (companies: 1, users: 9, clients: 60)`,
    );
    const original = await clientsIn(dataDir);
    expect(await clientsIn(restoredDir)).toEqual(original);

    const again = await hearth({ DATA_DIR: restoredDir }, cwd, 'restore', 'hearth.tar.gz');
    expect(again.err).toEqual([
      `${restoredDir} already holds a database: restore into an empty DATA_DIR, or add --force to replace it`,
    ]);
    fs.writeFileSync(path.join(cwd, 'notes.txt'), 'not a backup');
    const wrong = await hearth({ DATA_DIR: restoredDir }, cwd, 'restore', 'notes.txt', '--force');
    expect(wrong.err).toEqual([`${path.join(cwd, 'notes.txt')} is not a backup made by "npm run hearth -- backup"`]);
    expect(await clientsIn(restoredDir)).toEqual(original);
  }, 60_000);
});
