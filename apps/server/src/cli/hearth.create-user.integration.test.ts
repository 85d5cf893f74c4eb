import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { openPglite, openPostgres, type Database } from '../db/client';
import { createAuth } from '../auth/auth';
import { companies } from '../features/companies/companies.schema';
import { caseTypes } from '../features/cases/cases.schema';
import { branches } from '../features/branches/branches.schema';
import { users } from '../features/users/users.schema';
import { zipCentroid } from '../features/records/records.zip-centroids';
import { engineEnv, hearth, hearthWithInput, removeTempDirs, tempDir } from './hearth.test-support';

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
    expect(created.out).toEqual([
      'Created Company Admin founder (founder@agency.example) in the new company Riverbend Home Care',
      'Sign in at http://localhost:3000/login with the username or the email and the password ' +
        '(Hearth answers there when npm start runs with this PORT and PUBLIC_URL)',
    ]);

    const database = await openEngine();
    try {
      expect(await database.db.select({ name: companies.name }).from(companies)).toEqual([{ name: 'Riverbend Home Care' }]);
      // The new agency has its default case types at once, not only after the next start (issue 24).
      const types = await database.db.select({ code: caseTypes.code }).from(caseTypes);
      expect(types.map((t) => t.code).sort()).toEqual(['change-of-condition', 'complaint', 'incident']);
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
    expect((await second({ company: 'Elsewhere', role: 'Nurse' })).err).toEqual([
      'Company Elsewhere not found; companies: Riverbend Home Care (a new company starts with its Company Admin)',
    ]);
    expect((await second({ username: 'no spaces' })).err).toEqual(['The username must be 3 to 30 letters, digits, "_" or "."']);

    const database = await openEngine();
    try {
      expect(await database.db.select({ username: users.username }).from(users)).toEqual([{ username: 'founder' }]);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('reads the password from standard input with --password-stdin, and names the address of PORT or PUBLIC_URL', async () => {
    const staff = (username: string) => [
      'create-user',
      '--username',
      username,
      '--email',
      `${username}@agency.example`,
      '--name',
      'Pat Piped',
      '--role',
      'Developer',
    ];
    const both = await hearthWithInput(env, cwd, 'Piped-pass-77\n', ...staff('piped'), '--password', 'x', '--password-stdin');
    expect(both).toMatchObject({ code: 2, err: ['Give --password or --password-stdin, not both', expect.any(String)] });
    expect((await hearthWithInput(env, cwd, null, ...staff('piped'), '--password-stdin')).err[0]).toMatch(
      /^--password-stdin read no password: pipe it in/,
    );
    expect((await hearthWithInput(env, cwd, 'weak\n', ...staff('piped'), '--password-stdin')).err).toEqual([
      'Weak password: Password must be at least 8 characters long',
    ]);
    const piped = await hearthWithInput(
      { ...env, PORT: '4123' },
      cwd,
      'Piped-pass-77\nignored',
      ...staff('piped'),
      '--password-stdin',
    );
    expect(piped.code).toBe(0);
    expect(piped.out[1]).toMatch(/^Sign in at http:\/\/localhost:4123\/login with /);
    const pub = await hearth(
      { ...env, PUBLIC_URL: 'https://care.example.org/' },
      cwd,
      ...staff('public'),
      '--password',
      'Public-pass-8',
    );
    expect(pub.out[1]).toMatch(/^Sign in at https:\/\/care\.example\.org\/login with /);

    const database = await openEngine();
    try {
      const auth = createAuth({
        db: database.db,
        secret: 'cli-test-secret-cli-test-secret-0123456789',
        baseUrl: 'http://localhost:3000',
        trustedOrigins: ['http://localhost:3000'],
        signInRateLimit: { max: 100, windowSeconds: 60 },
      });
      const signedIn = await auth.api.signInUsername({ body: { username: 'piped', password: 'Piped-pass-77' } });
      expect(signedIn?.user.email).toBe('piped@agency.example');
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
    expect(created.out[1]).toBe('No address: the branch is not on the map (give --zip, or --lat and --lon)');
    expect((await hearth(env, cwd, 'create-branch', '--name', 'LOWELL')).err[0]).toMatch(/^A branch named LOWELL already exists/);

    const database = await openEngine();
    try {
      const rows = await database.db.select().from(branches);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        name: 'Lowell',
        city: 'Lowell',
        state: 'MA',
        region: 'North',
        geofenceRadiusMetres: 150,
        lat: null,
        lon: null,
        coordinatesApproximate: false,
      });
    } finally {
      await database.close();
    }
  }, 60_000);

  it('asks a branch outside Eastern time for its zone, and places it at its ZIP centre, approximate, or at --lat/--lon', async () => {
    const omaha = ['create-branch', '--name', 'Omaha', '--address', '1819 Farnam St', '--city', 'Omaha', '--state', 'NE'];
    expect((await hearth(env, cwd, ...omaha, '--zip', '68102')).err).toEqual([
      'A branch in NE is not on Eastern time (the default): give its time zone with --timezone (America/Chicago or America/Denver)',
    ]);
    expect((await hearth(env, cwd, ...omaha, '--zip', '02108', '--timezone', 'America/Chicago')).err).toEqual([
      'ZIP 02108 is in MA (Boston), not NE: check --zip and --state',
    ]);
    const central = [...omaha, '--timezone', 'America/Chicago'];
    expect((await hearth(env, cwd, ...central, '--lat', '41.25')).err).toEqual(['Give both --lat and --lon, or neither']);
    expect((await hearth(env, cwd, ...central, '--lat', '141.25', '--lon', '-95.9')).err).toEqual([
      '--lat must be decimal degrees between -90 and 90, not 141.25',
    ]);

    const created = await hearth(env, cwd, ...omaha, '--zip', '681021234', '--timezone', 'America/Chicago');
    expect(created.code).toBe(0);
    expect(created.out[0]).toMatch(/^Created branch Omaha \(\d+\) of Riverbend Home Care, time zone America\/Chicago$/);
    const centre = (await zipCentroid('68102'))!;
    expect(created.out[1]).toBe(
      `On the map at ${centre.lat.toFixed(4)}, ${centre.lon.toFixed(4)}, approximate: the centre of ZIP 68102 ` +
        "(--lat and --lon give the office's own point)",
    );
    const exact = await hearth(
      env,
      cwd,
      'create-branch',
      '--name',
      'Worcester',
      '--zip',
      '01608',
      '--lat',
      '42.2626',
      '--lon',
      '-71.8023',
    );
    expect(exact.out[1]).toBe('On the map at 42.2626, -71.8023');

    const database = await openEngine();
    try {
      const rows = await database.db
        .select({
          name: branches.name,
          zip: branches.zip,
          timezone: branches.timezone,
          lat: branches.lat,
          lon: branches.lon,
          approximate: branches.coordinatesApproximate,
        })
        .from(branches)
        .where(inArray(branches.name, ['Omaha', 'Worcester']))
        .orderBy(branches.name);
      expect(rows).toEqual([
        { name: 'Omaha', zip: '68102-1234', timezone: 'America/Chicago', lat: centre.lat, lon: centre.lon, approximate: true },
        { name: 'Worcester', zip: '01608', timezone: 'America/New_York', lat: 42.2626, lon: -71.8023, approximate: false },
      ]);
    } finally {
      await database.close();
    }
  }, 60_000);
});
