import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { BranchOutput } from '@hearth/shared/branches/branches.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { branches } from './branches.schema';

/** createBranch: a company admin adds an office in another time zone; nobody else may. */
let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  for (const u of ['developer', 'companyadmin', 'branchmanager', 'rvp', 'nurse', 'prn']) tokens[u] = await t.signIn(u);
});
afterAll(() => t.close());

const chicago = {
  name: 'Chicago Loop',
  addressLine1: '100 W Randolph St',
  city: 'Chicago',
  state: 'IL',
  zip: '60601',
  timezone: 'America/Chicago',
};

describe('createBranch', () => {
  it('adds a branch to the company admin’s company, in its own time zone, placed at its ZIP', async () => {
    const res = await t.trpc('mutation', 'createBranch', chicago, tokens.companyadmin);
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    const created = res.body.result?.data as BranchOutput;
    expect(created).toMatchObject({ ...chicago, region: null, geofenceRadiusMetres: 150 });
    expect(Object.keys(created).sort()).toEqual(
      [
        'id',
        'companyId',
        'name',
        'region',
        'addressLine1',
        'addressLine2',
        'city',
        'state',
        'zip',
        'timezone',
        'geofenceRadiusMetres',
      ].sort(),
    );
    const [place] = await t.database.db
      .select({ lat: branches.lat, approximate: branches.coordinatesApproximate })
      .from(branches)
      .where(eq(branches.id, created.id));
    expect(place!.lat).toBeCloseTo(41.88, 1);
    expect(place!.approximate).toBe(true);
    const listed = (await t.trpc('query', 'getBranches', undefined, tokens.companyadmin)).body.result?.data as BranchOutput[];
    expect(listed.map((b) => b.name)).toContain('Chicago Loop');
    // A branch manager of Boston is not linked to it, so does not see it.
    const theirs = (await t.trpc('query', 'getBranches', undefined, tokens.branchmanager)).body.result?.data as BranchOutput[];
    expect(theirs.map((b) => b.name)).toEqual(['Boston']);
    expect((await t.trpc('query', 'getBranch', { id: created.id }, tokens.branchmanager)).status).toBe(404);
  });

  it('refuses a second branch of the same name, a bad time zone and a ZIP of another state, with messages', async () => {
    const again = await t.trpc('mutation', 'createBranch', { ...chicago, name: 'chicago loop' }, tokens.companyadmin);
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe('A branch named chicago loop already exists');
    const zone = await t.trpc(
      'mutation',
      'createBranch',
      { ...chicago, name: 'Mars', timezone: 'Mars/Olympus' },
      tokens.companyadmin,
    );
    expect(zone.status).toBe(400);
    expect(zone.body.error?.data.fieldErrors?.timezone).toBeTruthy();
    const zip = await t.trpc('mutation', 'createBranch', { ...chicago, name: 'Elsewhere', zip: '02108' }, tokens.companyadmin);
    expect(zip.status).toBe(400);
    expect(zip.body.error?.message).toMatch(/^ZIP 02108 is in MA .*not IL$/);
  });

  it('is refused to branch-level roles (403) and to the signed-out (401)', async () => {
    for (const role of ['branchmanager', 'rvp', 'nurse', 'prn']) {
      const res = await t.trpc('mutation', 'createBranch', { ...chicago, name: `By ${role}` }, tokens[role]);
      expect(res.status, role).toBe(403);
      expect(res.body.error?.message).toBe('Your role may not use createBranch');
    }
    expect((await t.trpc('mutation', 'createBranch', { ...chicago, name: 'Anon' })).status).toBe(401);
  });
});
