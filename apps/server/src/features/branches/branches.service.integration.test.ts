import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BranchOutput } from '@hearth/shared/branches/branches.schema';
import { startTestApp, type TestApp } from '../../test/test-app';

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
