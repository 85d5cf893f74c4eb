import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openPglite, openPostgres, type Database } from '../db/client';
import { createAuth } from '../auth/auth';
import { companies } from '../features/companies/companies.schema';
import { branches } from '../features/branches/branches.schema';
import { users } from '../features/users/users.schema';
import { engineEnv, hearth, removeTempDirs, tempDir } from './hearth.test-support';

/**
 * create-user on a new, empty database of this run's engine (PostgreSQL with TEST_DATABASE_URL, the install this
 * command is for; else the embedded one): the first admin, the company made with it, and the refusals.
 */

let env: NodeJS.ProcessEnv;
let drop: () => Promise<void>;
let cwd: string;

beforeAll(async () => {
  ({ env, drop } = await engineEnv({ empty: true }));
  cwd = tempDir();
}, 60_000);
afterAll(async () => {
  await drop();
  removeTempDirs();
});

/** The database the commands used, opened after them (the embedded one is free once a command ends). */
async function openEngine(): Promise<Database> {
  return env.DATABASE_URL ? openPostgres(env.DATABASE_URL, 2) : openPglite(path.join(env.DATA_DIR!, 'pglite'));
}

const admin = [
  '--username',
  'Founder',
  '--email',
  'Founder@Agency.example',
  '--name',
  'Fran de la Cruz',
  '--password',
  'Hearth-Admin-2031!',
];

describe('create-user on an empty database', () => {
  it('asks for the company when there is none, then creates the first admin with a new company', async () => {
    const unnamed = await hearth(env, cwd, 'create-user', ...admin);
    expect(unnamed).toEqual({ code: 1, out: [], err: ['There is no company yet: name the agency with --company "<name>"'] });

    const created = await hearth(env, cwd, 'create-user', ...admin, '--company', 'Riverbend Home Care');
    expect(created.code).toBe(0);
    expect(created.out[0]).toBe('Created Company Admin founder (founder@agency.example) in the new company Riverbend Home Care');

    const database = await openEngine();
    try {
      expect(await database.db.select({ name: companies.name }).from(companies)).toEqual([{ name: 'Riverbend Home Care' }]);
      const [user] = await database.db.select().from(users).where(eq(users.username, 'founder'));
      expect(user).toMatchObject({
        displayUsername: 'Founder',
        firstName: 'Fran de la',
        lastName: 'Cruz',
        roleId: 2,
        isActive: true,
      });
      const auth = createAuth({
        db: database.db,
        secret: 'cli-test-secret-cli-test-secret-0123456789',
        baseUrl: 'http://localhost:3000',
        trustedOrigins: ['http://localhost:3000'],
        signInRateLimit: { max: 100, windowSeconds: 60 },
      });
      const signedIn = await auth.api.signInUsername({ body: { username: 'founder', password: 'Hearth-Admin-2031!' } });
      expect(signedIn?.user.email).toBe('founder@agency.example');
      await expect(auth.api.signInUsername({ body: { username: 'founder', password: 'Hearth-Admin-2031?' } })).rejects.toThrow();
    } finally {
      await database.close();
    }
  }, 60_000);

  it('refuses a taken username or email, a weak password naming its rule, and an unknown role', async () => {
    const second = (overrides: Record<string, string>) => {
      const values: Record<string, string> = {
        username: 'second',
        email: 'second@agency.example',
        name: 'Sam Second',
        password: 'Second-pass-9',
        ...overrides,
      };
      return hearth(env, cwd, 'create-user', ...Object.entries(values).flatMap(([k, v]) => [`--${k}`, v]));
    };
    expect((await second({ username: 'FOUNDER' })).err).toEqual(['A user named FOUNDER already exists']);
    expect((await second({ email: 'founder@agency.example' })).err).toEqual([
      'A user with the email founder@agency.example already exists',
    ]);
    expect((await second({ password: 'second-pass-9' })).err).toEqual([
      'Weak password: Password must contain an uppercase letter',
    ]);
    expect((await second({ password: 'Sh0rt!' })).err).toEqual(['Weak password: Password must be at least 8 characters long']);
    expect((await second({ role: 'Owner' })).err).toEqual([
      'Unknown role Owner; roles: Branch Manager, Company Admin, Developer, Nurse, RVP, PRN',
    ]);
    expect((await second({ role: 'Caregiver' })).err).toEqual([
      'Caregiver users come with their caregiver record: create them in the app',
    ]);
    expect((await second({ company: 'Elsewhere' })).err).toEqual(['Company Elsewhere not found; companies: Riverbend Home Care']);
    expect((await second({ username: 'no spaces' })).err).toEqual(['The username must be 3 to 30 letters, digits, "_" or "."']);

    const database = await openEngine();
    try {
      expect(await database.db.select({ username: users.username }).from(users)).toEqual([{ username: 'founder' }]);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('creates a branch of the company with the branch form checks, and refuses a second one of the same name', async () => {
    expect((await hearth(env, cwd, 'create-branch')).err[0]).toBe('create-branch needs --name');
    expect((await hearth(env, cwd, 'create-branch', '--name', 'Lowell', '--timezone', 'Mars/Olympus')).err[0]).toMatch(
      /^timezone: /,
    );
    expect((await hearth(env, cwd, 'create-branch', '--name', 'Lowell', '--geofence', '5')).err).toEqual([
      'geofenceRadiusMetres: Geofence radius must be at least 10 m',
    ]);
    const created = await hearth(
      env,
      cwd,
      'create-branch',
      '--name',
      'Lowell',
      '--city',
      'Lowell',
      '--state',
      'ma',
      '--region',
      'North',
    );
    expect(created.code).toBe(0);
    expect(created.out[0]).toMatch(/^Created branch Lowell \(\d+\) of Riverbend Home Care, time zone America\/New_York$/);
    expect((await hearth(env, cwd, 'create-branch', '--name', 'LOWELL')).err[0]).toMatch(/^A branch named LOWELL already exists/);

    const database = await openEngine();
    try {
      const rows = await database.db.select().from(branches);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ name: 'Lowell', city: 'Lowell', state: 'MA', region: 'North', geofenceRadiusMetres: 150 });
    } finally {
      await database.close();
    }
  }, 60_000);
});
