import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { MapLocations } from '@hearth/shared/map/map.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { withRequestScope } from '../../db/request-scope';
import { loadCallerOfUser } from '../../auth/caller';
import { AppError } from '../../errors/app-error';
import { branches } from '../branches/branches.schema';
import { companies } from '../companies/companies.schema';
import { users } from '../users/users.schema';
import { clientAddresses, clients } from '../clients/clients.schema';
import { caregiverAddresses, caregivers } from '../caregivers/caregivers.schema';
import { shifts } from '../shifts/shifts.schema';
import { getMapLocations } from './map.service';

/*
 * People made here have the last name "Mapper…" and visits fall on 2031-06-02/03, far from the demo schedule.
 * "Now" is 2031-06-03 06:30 UTC: already June 3 in New York (02:30 EDT) but still June 2 in Los Angeles
 * (23:30 PDT), so which visits count as today depends on each branch's time zone.
 */
const NOW = new Date('2031-06-03T06:30:00Z');
const SECRET_PHONE = '617-555-0142';

let t: TestApp;
let db: TestApp['database']['db'];
let boston: typeof branches.$inferSelect;
let pacific: typeof branches.$inferSelect;
const ids: Record<string, number> = {};

async function addClient(key: string, branchId: number, fields: Partial<typeof clients.$inferInsert> = {}) {
  const [row] = await db
    .insert(clients)
    .values({ branchId, firstName: key, lastName: 'Mapper', phoneNumber: SECRET_PHONE, dateOfBirth: '1941-07-09', ...fields })
    .returning();
  ids[key] = row!.id;
  return row!.id;
}

async function addCaregiver(key: string, branchId: number, fields: Partial<typeof caregivers.$inferInsert> = {}) {
  const [row] = await db
    .insert(caregivers)
    .values({ branchId, firstName: key, lastName: 'Mapper', phoneNumber: SECRET_PHONE, status: 'active', ...fields })
    .returning();
  ids[key] = row!.id;
  return row!.id;
}

const address = (lat: number | null, lon: number | null, isPrimary = true) => ({
  line1: '12 Elm St',
  line2: isPrimary ? 'Apt 2' : null,
  city: 'Boston',
  state: 'MA',
  zip: '02108',
  lat,
  lon,
  isPrimary,
});

async function addShift(
  key: string,
  branchId: number,
  clientId: number,
  caregiverId: number | null,
  start: string,
  end: string,
  status: 'scheduled' | 'cancelled' = 'scheduled',
) {
  const [row] = await db
    .insert(shifts)
    .values({ branchId, clientId, caregiverId, startAt: new Date(start), endAt: new Date(end), status })
    .returning();
  ids[key] = row!.id;
}

/** Calls the service as a demo user, in a request's transaction, at NOW. */
async function mapAs(username: string, input?: { branchId?: number }): Promise<MapLocations> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  const { caller } = (await loadCallerOfUser(db, user!.id))!;
  return withRequestScope(db, caller, (scope) => getMapLocations({ scope, input, now: NOW }));
}

const mine = (people: { name: string }[]) =>
  people
    .filter((p) => p.name.startsWith('Mapper, '))
    .map((p) => p.name)
    .sort();

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  boston = (await db.select().from(branches).where(eq(branches.name, 'Boston')))[0]!;
  pacific = (
    await db
      .insert(branches)
      .values({ companyId: boston.companyId, name: 'Pacific', timezone: 'America/Los_Angeles', lat: 34.05, lon: -118.24 })
      .returning()
  )[0]!;
  const [other] = await db.insert(companies).values({ name: 'Elsewhere Care' }).returning();
  const [elsewhere] = await db
    .insert(branches)
    .values({ companyId: other!.id, name: 'Elsewhere', lat: 40.7, lon: -74 })
    .returning();

  await addClient('Ann', boston.id);
  await db.insert(clientAddresses).values([
    { clientId: ids.Ann!, ...address(42.11, -71.11, false) },
    { clientId: ids.Ann!, ...address(42.36, -71.06) },
  ]);
  await addClient('Bob', boston.id);
  await db.insert(clientAddresses).values({ clientId: ids.Bob!, ...address(null, null) });
  await addClient('Cat', boston.id, { status: 'discharged' });
  await db.insert(clientAddresses).values({ clientId: ids.Cat!, ...address(42.3, -71.1) });
  await addClient('Pam', pacific.id);
  await db.insert(clientAddresses).values({ clientId: ids.Pam!, ...address(34.06, -118.25) });
  await addClient('Eve', elsewhere!.id);
  await db.insert(clientAddresses).values({ clientId: ids.Eve!, ...address(40.71, -74.01) });

  await addCaregiver('Gus', boston.id);
  await db.insert(caregiverAddresses).values({ caregiverId: ids.Gus!, ...address(42.35, -71.07) });
  await addCaregiver('Hal', boston.id, { status: 'inactive' });
  await db.insert(caregiverAddresses).values({ caregiverId: ids.Hal!, ...address(42.34, -71.08) });
  await addCaregiver('Ivy', boston.id);
  await addCaregiver('Pat', pacific.id);
  await db.insert(caregiverAddresses).values({ caregiverId: ids.Pat!, ...address(34.07, -118.26) });

  // Boston (New York time): June 3 counts, June 2 does not; a cancelled visit never shows.
  await addShift('bostonToday', boston.id, ids.Ann!, ids.Gus!, '2031-06-03T14:00:00Z', '2031-06-03T16:00:00Z');
  await addShift('bostonOpen', boston.id, ids.Ann!, null, '2031-06-03T18:00:00Z', '2031-06-03T19:00:00Z');
  await addShift('bostonYesterday', boston.id, ids.Ann!, ids.Gus!, '2031-06-02T14:00:00Z', '2031-06-02T16:00:00Z');
  await addShift('bostonCancelled', boston.id, ids.Ann!, ids.Gus!, '2031-06-03T20:00:00Z', '2031-06-03T21:00:00Z', 'cancelled');
  await addShift('bostonNoCoordinates', boston.id, ids.Bob!, null, '2031-06-03T15:00:00Z', '2031-06-03T16:00:00Z');
  // Pacific (Los Angeles time): still June 2 at NOW.
  await addShift('pacificToday', pacific.id, ids.Pam!, ids.Pat!, '2031-06-02T20:00:00Z', '2031-06-02T22:00:00Z');
  await addShift('pacificTomorrow', pacific.id, ids.Pam!, ids.Pat!, '2031-06-03T16:00:00Z', '2031-06-03T18:00:00Z');
});
afterAll(() => t.close());

describe('getMapLocations', () => {
  it('returns the active clients and caregivers with coordinates, at their primary address', async () => {
    const map = await mapAs('companyadmin');
    expect(mine(map.clients)).toEqual(['Mapper, Ann', 'Mapper, Pam']);
    expect(mine(map.caregivers)).toEqual(['Mapper, Gus', 'Mapper, Pat']);
    const ann = map.clients.find((c) => c.id === ids.Ann)!;
    expect(ann).toEqual({
      id: ids.Ann,
      name: 'Mapper, Ann',
      lat: 42.36,
      lon: -71.06,
      address: '12 Elm St, Apt 2, Boston, MA 02108',
      branchId: boston.id,
    });
    expect(map.branches.map((b) => b.name)).toEqual(['Boston', 'Pacific', 'Springfield', 'Worcester']);
  });

  it("lists today's visits by each branch's time zone, not cancelled, at the client's address", async () => {
    const map = await mapAs('companyadmin');
    const visitIds = map.visits.map((v) => v.shiftId);
    const expected = ['bostonToday', 'bostonOpen', 'pacificToday'].map((k) => ids[k]);
    const excluded = ['bostonYesterday', 'bostonCancelled', 'bostonNoCoordinates', 'pacificTomorrow'].map((k) => ids[k]);
    expect(visitIds).toEqual(expect.arrayContaining(expected));
    for (const id of excluded) expect(visitIds).not.toContain(id);
    expect(map.visits.find((v) => v.shiftId === ids.bostonToday)).toEqual({
      shiftId: ids.bostonToday,
      clientId: ids.Ann,
      caregiverId: ids.Gus,
      clientName: 'Mapper, Ann',
      caregiverName: 'Mapper, Gus',
      startAt: '2031-06-03T14:00:00.000Z',
      endAt: '2031-06-03T16:00:00.000Z',
      timeZone: 'America/New_York',
      status: 'scheduled',
      lat: 42.36,
      lon: -71.06,
    });
    expect(map.visits.find((v) => v.shiftId === ids.bostonOpen)).toMatchObject({ caregiverId: null, caregiverName: null });
    // Each visit carries its own branch's zone, for its times on that clock.
    expect(map.visits.find((v) => v.shiftId === ids.pacificToday)?.timeZone).toBe('America/Los_Angeles');
  });

  it('confines a branch manager to their branch and filters by branch', async () => {
    const manager = await mapAs('branchmanager');
    expect(mine(manager.clients)).toEqual(['Mapper, Ann']);
    expect(manager.branches.map((b) => b.name)).toEqual(['Boston']);
    expect(manager.visits.map((v) => v.shiftId)).not.toContain(ids.pacificToday);
    await expect(mapAs('branchmanager', { branchId: pacific.id })).rejects.toThrow(AppError);

    const pacificOnly = await mapAs('companyadmin', { branchId: pacific.id });
    expect(pacificOnly.clients.map((c) => c.name)).toEqual(['Mapper, Pam']);
    expect(pacificOnly.caregivers.map((c) => c.name)).toEqual(['Mapper, Pat']);
    expect(pacificOnly.visits.map((v) => v.shiftId)).toEqual([ids.pacificToday]);
  });

  it('never reaches another company', async () => {
    const map = await mapAs('companyadmin');
    expect(map.clients.map((c) => c.id)).not.toContain(ids.Eve);
    expect(map.branches.map((b) => b.name)).not.toContain('Elsewhere');
  });
});

describe('getMapLocations over HTTP', () => {
  it('returns a whitelist of fields: no phone number or date of birth', async () => {
    const token = await t.signIn('companyadmin');
    const res = await t.trpc('query', 'getMapLocations', { branchId: boston.id }, token);
    expect(res.status).toBe(200);
    const map = res.body.result!.data as MapLocations;
    expect(Object.keys(map).sort()).toEqual(['branches', 'caregivers', 'clients', 'tiles', 'visits']);
    expect(map.clients.length).toBeGreaterThan(0);
    for (const c of [...map.clients, ...map.caregivers])
      expect(Object.keys(c).sort()).toEqual(['address', 'branchId', 'id', 'lat', 'lon', 'name']);
    const text = JSON.stringify(map);
    expect(text).not.toContain(SECRET_PHONE);
    expect(text).not.toContain('1941-07-09');
    expect(text).not.toMatch(/phone|dateOfBirth|ssn|email/i);
  });

  it('is refused to a caregiver (403) and to the signed-out (401)', async () => {
    const token = await t.signIn('caregiver');
    expect((await t.trpc('query', 'getMapLocations', undefined, token)).status).toBe(403);
    expect((await t.trpc('query', 'getMapLocations')).status).toBe(401);
  });

  it('answers 404 for a branch outside the scope', async () => {
    const token = await t.signIn('branchmanager');
    const res = await t.trpc('query', 'getMapLocations', { branchId: pacific.id }, token);
    expect(res.status).toBe(404);
  });
});
