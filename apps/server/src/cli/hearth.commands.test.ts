import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { hearth, removeTempDirs, ROOT, tempDir } from './hearth.test-support';

/** Command lines refused before any database is opened: the data directory given is never even created. */
const unopened = () => path.join(tempDir(), 'data');

afterAll(removeTempDirs);

describe('npm run hearth: usage', () => {
  it('prints the usage for help and for no command, exit 0', async () => {
    for (const argv of [['help'], []]) {
      const run = await hearth({ DATA_DIR: unopened() }, ROOT, ...argv);
      expect(run.code).toBe(0);
      expect(run.out.join('\n')).toMatch(/^Usage: npm run hearth -- <command>/);
      for (const command of [
        'migrate',
        'seed:demo',
        'create-user',
        'import <type> <file>',
        'export <type>',
        'backup <file>',
        'restore <file>',
      ]) {
        expect(run.out.join('\n')).toContain(`  ${command}`);
      }
    }
  });

  it('prints one command line for <command> --help, exit 0', async () => {
    const run = await hearth({ DATA_DIR: unopened() }, ROOT, 'export', '--help');
    expect(run.code).toBe(0);
    expect(run.out[0]).toBe(
      'Usage: npm run hearth -- export <type> [--from YYYY-MM-DD --to YYYY-MM-DD] [--branch B] [--payer P] [--format csv|xlsx] [--out <file>] [--company C] [--as <username>]',
    );
  });

  it('answers an unknown command with the usage and exit 2', async () => {
    const run = await hearth({ DATA_DIR: unopened() }, ROOT, 'frobnicate');
    expect(run.code).toBe(2);
    expect(run.err[0]).toBe('Unknown command: frobnicate');
    expect(run.err[1]).toMatch(/^Usage: npm run hearth/);
    expect(run.out).toEqual([]);
  });

  it('answers an unknown option, a missing or an extra argument with the command line and exit 2', async () => {
    const dataDir = unopened();
    const unknown = await hearth({ DATA_DIR: dataDir }, ROOT, 'import', 'clients', 'a.csv', '--bogus');
    expect(unknown).toMatchObject({ code: 2, err: ['Unknown option --bogus', expect.stringContaining('import <type> <file>')] });
    const missing = await hearth({ DATA_DIR: dataDir }, ROOT, 'import', 'clients');
    expect(missing).toMatchObject({ code: 2, err: ['import needs <file>', expect.any(String)] });
    const extra = await hearth({ DATA_DIR: dataDir }, ROOT, 'backup', 'a.tar.gz', 'b.tar.gz');
    expect(extra).toMatchObject({
      code: 2,
      err: ['Unexpected argument: b.tar.gz', 'Usage: npm run hearth -- backup <file> [--force]'],
    });
    const options = await hearth({ DATA_DIR: dataDir }, ROOT, 'create-user', '--username', 'ann', '--password', 'x');
    expect(options).toMatchObject({ code: 2, err: ['create-user needs --email, --name', expect.any(String)] });
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});

describe('npm run hearth: refusals before the database', () => {
  it('names a missing import file, relative to the operator directory, exit 1', async () => {
    const dataDir = unopened();
    const cwd = tempDir();
    const run = await hearth({ DATA_DIR: dataDir }, cwd, 'import', 'clients', 'nowhere/clients.csv');
    expect(run).toEqual({ code: 1, out: [], err: [`No such file: ${path.join(cwd, 'nowhere/clients.csv')}`] });
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('refuses backup and restore on PostgreSQL, pointing to pg_dump and pg_restore', async () => {
    const env = { DATA_DIR: unopened(), DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
    for (const command of ['backup', 'restore'] as const) {
      const run = await hearth(env, ROOT, command, 'hearth.tar.gz');
      expect(run.code).toBe(1);
      expect(run.err).toEqual([
        `${command} works on the embedded database; on PostgreSQL (DATABASE_URL) use pg_dump to back up and pg_restore to restore`,
      ]);
    }
  });

  it('prints a configuration error on one line, without a stack unless HEARTH_DEBUG=1', async () => {
    const env = { DATA_DIR: unopened(), DATABASE_URL: 'mysql://x' };
    const run = await hearth(env, ROOT, 'migrate');
    expect(run).toEqual({
      code: 1,
      out: [],
      err: ['Invalid configuration: DATABASE_URL: DATABASE_URL must start with postgres://'],
    });
    const debug = await hearth({ ...env, HEARTH_DEBUG: '1' }, ROOT, 'migrate');
    expect(debug.err).toHaveLength(2);
    expect(debug.err[1]).toContain('at loadConfig');
  });
});

describe('npm run hearth as a process', () => {
  it('runs `npm run hearth -- help` from the repository root', () => {
    const result = spawnSync('npm', ['run', '--silent', 'hearth', '--', 'help'], { cwd: ROOT, encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Usage: npm run hearth -- <command>');
  });
});
