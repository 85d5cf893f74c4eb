import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BranchOutput } from '@hearth/shared/branches/branches.schema';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../test/test-app';
import { zipCentroid } from '../records/records.zip-centroids';
import { branches } from './branches.schema';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('branches', () => {
  it('edits a branch in scope with the geofence radius in metres', async () => {
    const admin = await t.signIn('companyadmin');
    const [boston] = (await t.trpc('query', 'getBranches', undefined, admin)).body.result?.data as BranchOutput[];
    expect(boston?.geofenceRadiusMetres).toBe(150);
    const res = await t.trpc('mutation', 'updateBranch', { ...boston, geofenceRadiusMetres: 200, name: 'Boston North' }, admin);
    expect(res.status).toBe(200);
    expect(res.body.result?.data).toMatchObject({ name: 'Boston North', geofenceRadiusMetres: 200 });
  });

  it('keeps what an edit leaves out: the time zone and geofence radius are not put back to their defaults', async () => {
    const admin = await t.signIn('companyadmin');
    const all = (await t.trpc('query', 'getBranches', undefined, admin)).body.result?.data as BranchOutput[];
    const branch = all.find((b) => b.name === 'Springfield')!;
    const set = await t.trpc(
      'mutation',
      'updateBranch',
      { id: branch.id, timezone: 'America/Chicago', geofenceRadiusMetres: 400 },
      admin,
    );
    const stored = set.body.result?.data as BranchOutput;
    expect(stored).toMatchObject({ name: 'Springfield', timezone: 'America/Chicago', geofenceRadiusMetres: 400 });
    const renamed = await t.trpc('mutation', 'updateBranch', { id: branch.id, name: 'Springfield West' }, admin);
    expect(renamed.body.result?.data).toEqual({ ...stored, name: 'Springfield West' });
    const nothing = await t.trpc('mutation', 'updateBranch', { id: branch.id }, admin);
    expect(nothing.body.result?.data).toMatchObject({
      name: 'Springfield West',
      timezone: 'America/Chicago',
      geofenceRadiusMetres: 400,
    });
    await t.trpc('mutation', 'updateBranch', { ...branch }, admin);
  });

  it('moves a branch to the centre of its new ZIP, marked approximate, and keeps its point for the same ZIP', async () => {
    const admin = await t.signIn('companyadmin');
    const all = (await t.trpc('query', 'getBranches', undefined, admin)).body.result?.data as BranchOutput[];
    const springfield = all.find((b) => b.name === 'Springfield')!;
    const placeOf = async () =>
      (
        await t.database.db
          .select({ lat: branches.lat, lon: branches.lon, approximate: branches.coordinatesApproximate })
          .from(branches)
          .where(eq(branches.id, springfield.id))
      )[0];
    const exact = await placeOf();
    expect(exact).toEqual({ lat: 42.1015, lon: -72.5898, approximate: false });

    const plus4 = await t.trpc('mutation', 'updateBranch', { ...springfield, zip: '011031234' }, admin);
    expect(plus4.body.result?.data).toMatchObject({ zip: '01103-1234' });
    expect(await placeOf()).toEqual(exact);

    const moved = await t.trpc('mutation', 'updateBranch', { ...springfield, city: 'Holyoke', zip: '1040' }, admin);
    expect(moved.body.result?.data).toMatchObject({ zip: '01040' });
    const holyoke = (await zipCentroid('01040'))!;
    expect(await placeOf()).toEqual({ lat: holyoke.lat, lon: holyoke.lon, approximate: true });

    await t.trpc('mutation', 'updateBranch', { ...springfield, zip: '' }, admin);
    expect(await placeOf()).toEqual({ lat: null, lon: null, approximate: false });
  });

  it('refuses a bad time zone and radius with field messages', async () => {
    const admin = await t.signIn('companyadmin');
    const res = await t.trpc(
      'mutation',
      'updateBranch',
      { id: 1, name: 'X', timezone: 'Mars/Olympus', geofenceRadiusMetres: 5 },
      admin,
    );
    expect(res.status).toBe(400);
    expect(res.body.error?.data.fieldErrors).toMatchObject({
      timezone: ['Unknown time zone'],
      geofenceRadiusMetres: ['Geofence radius must be at least 10 m'],
    });
  });

  it('answers 404 for a branch outside the scope', async () => {
    const manager = await t.signIn('branchmanager');
    const res = await t.trpc('query', 'getBranch', { id: 2 }, manager);
    expect(res.status).toBe(404);
  });
});
