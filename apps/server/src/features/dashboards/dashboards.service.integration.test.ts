import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import type {
  DashboardSummaryOutput,
  EvvDashboardOutput,
  EvvPersonDashboardOutput,
  RollupDashboardOutput,
} from '@hearth/shared/dashboards/dashboards.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { branches } from '../branches/branches.schema';
import { dashboardFixtures } from './dashboards.test-support';

/**
 * A hand-built week, Sunday 2031-03-02 to Saturday 2031-03-08 (New York), in Boston: caregiver Ada works four
 * completed visits (compliant; compliant and late; check-out outside the geofence; check-out entered by the
 * office), Ben misses one, one is in progress, one is open, one cancelled; Worcester has one compliant visit.
 */
describe('dashboards', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof dashboardFixtures>>;
  const ids: Record<string, number> = {};
  const week = { from: '2031-03-02', to: '2031-03-08' };

  beforeAll(async () => {
    t = await startTestApp();
    f = await dashboardFixtures(t);
    const ada = await f.addCaregiver({ firstName: 'Ada', lastName: 'Evvtest' });
    const ben = await f.addCaregiver({ firstName: 'Ben', lastName: 'Evvtest' });
    const wes = await f.addCaregiver({ firstName: 'Wes', lastName: 'Evvtest', branchId: f.worcester.id });
    const xena = await f.addClient('Xena', 'Evvtest');
    const yves = await f.addClient('Yves', 'Evvtest');
    const zoe = await f.addClient('Zoe', 'Evvtest', f.worcester.id);
    ids.ada = ada.id;
    ids.xena = xena.id;
    ids.zoe = zoe.id;
    const device = (inAt: string, outAt: string, outInside = true) => [
      {
        in: { at: inAt, type: 1 as const, inside: true, distance: 20 },
        out: { at: outAt, type: 1 as const, inside: outInside, distance: outInside ? 30 : 480 },
      },
    ];
    const a = { caregiverId: ada.id, status: 'completed' as const };
    ids.compliant = await f.visit({
      ...a,
      clientId: xena.id,
      from: '2031-03-03 09:00',
      to: '2031-03-03 11:00',
      sheets: device('2031-03-03 09:03', '2031-03-03 11:00'),
    });
    ids.late = await f.visit({
      ...a,
      clientId: yves.id,
      from: '2031-03-04 09:00',
      to: '2031-03-04 11:00',
      sheets: device('2031-03-04 09:20', '2031-03-04 11:00'),
    });
    ids.outside = await f.visit({
      ...a,
      clientId: xena.id,
      from: '2031-03-05 09:00',
      to: '2031-03-05 11:00',
      sheets: device('2031-03-05 09:00', '2031-03-05 11:00', false),
    });
    ids.edited = await f.visit({
      ...a,
      clientId: yves.id,
      from: '2031-03-06 09:00',
      to: '2031-03-06 11:00',
      sheets: [
        { in: { at: '2031-03-06 09:00', type: 1, inside: true } },
        { out: { at: '2031-03-06 11:00', type: 3 }, reasonCode: 'caregiver_forgot' },
      ],
    });
    await f.visit({ caregiverId: ben.id, status: 'missed', clientId: xena.id, from: '2031-03-07 09:00', to: '2031-03-07 11:00' });
    await f.visit({
      caregiverId: ada.id,
      status: 'in_progress',
      clientId: yves.id,
      from: '2031-03-07 13:00',
      to: '2031-03-07 15:00',
      sheets: [{ in: { at: '2031-03-07 13:00', type: 1, inside: true } }],
    });
    await f.visit({
      caregiverId: null,
      status: 'scheduled',
      clientId: xena.id,
      from: '2031-03-08 10:00',
      to: '2031-03-08 12:00',
    });
    await f.visit({
      caregiverId: ben.id,
      status: 'cancelled',
      clientId: yves.id,
      from: '2031-03-03 14:00',
      to: '2031-03-03 16:00',
    });
    await f.visit({
      caregiverId: wes.id,
      status: 'completed',
      clientId: zoe.id,
      from: '2031-03-03 09:00',
      to: '2031-03-03 10:00',
      sheets: device('2031-03-03 09:00', '2031-03-03 10:00'),
    });
    await f.db
      .update(branches)
      .set({ region: 'East' })
      .where(inArray(branches.id, [f.boston.id, f.worcester.id]));
  });

  afterAll(async () => {
    await t?.close();
  });

  it('getEvvDashboard counts completed visits and their flags per caregiver, client and week', async () => {
    const evv = await f.api.ok<EvvDashboardOutput>('query', 'getEvvDashboard', { ...week, branchId: f.boston.id });
    expect(evv.totals).toEqual({ visits: 4, compliant: 2, rate: 0.5, geofenceExceptions: 1, manualEdits: 1, lateCheckIns: 1 });
    expect(evv.list).toEqual({
      kind: 'caregivers',
      total: 1,
      page: 1,
      pageSize: 50,
      rows: [
        {
          id: ids.ada,
          name: 'Ada Evvtest',
          visits: 4,
          compliant: 2,
          rate: 0.5,
          geofenceExceptions: 1,
          manualEdits: 1,
          lateCheckIns: 1,
        },
      ],
    });
    const clients = await f.api.ok<EvvDashboardOutput>('query', 'getEvvDashboard', {
      ...week,
      branchId: f.boston.id,
      list: 'clients',
      sort: 'name',
    });
    expect(
      clients.list.rows.map((c) => [c.name, c.visits, c.compliant, c.geofenceExceptions, c.manualEdits, c.lateCheckIns]),
    ).toEqual([
      ['Xena Evvtest', 2, 1, 1, 0, 0],
      ['Yves Evvtest', 2, 1, 0, 1, 1],
    ]);
    expect(evv.trends).toEqual([
      { weekStart: '2031-03-02', visits: 4, compliant: 2, rate: 0.5, geofenceExceptions: 1, manualEdits: 1, lateCheckIns: 1 },
    ]);
  });

  it('stays in the caller’s branches: the branch manager never sees Worcester, the company admin does', async () => {
    const manager = await f.api.ok<EvvDashboardOutput>('query', 'getEvvDashboard', week);
    expect(manager.totals.visits).toBe(4);
    const admin = await f.api.ok<EvvDashboardOutput>('query', 'getEvvDashboard', week, 'companyadmin');
    expect(admin.totals).toMatchObject({ visits: 5, compliant: 3 });
    const other = await f.api.ok<EvvDashboardOutput>('query', 'getEvvDashboard', { ...week, branchId: f.worcester.id });
    expect(other.totals.visits).toBe(0);
    expect(other.totals.rate).toBeNull();
  });

  it('the drill-downs list a person’s visits with flags, times, distance, reason and types; 404 outside scope', async () => {
    const ada = await f.api.ok<EvvPersonDashboardOutput>('query', 'getEvvCaregiverDashboard', { ...week, caregiverId: ids.ada });
    expect(ada.name).toBe('Ada Evvtest');
    expect(ada.visits[0]!.timeZone).toBe('America/New_York');
    expect(ada.totals).toMatchObject({ visits: 4, compliant: 2, manualEdits: 1 });
    expect(ada.visits.map((v) => v.shiftId)).toEqual([ids.compliant, ids.late, ids.outside, ids.edited]);
    const edited = ada.visits[3]!;
    expect(edited).toMatchObject({
      checkOutType: 3,
      checkInType: 1,
      reasonCode: 'caregiver_forgot',
      manualEdit: true,
      compliant: false,
    });
    expect(edited.checkOut).toBe('2031-03-06T16:00:00.000Z');
    expect(ada.visits[2]).toMatchObject({ geofenceException: true, checkOutDistanceMetres: 480, clientName: 'Xena Evvtest' });
    expect(ada.visits[1]).toMatchObject({ lateCheckIn: true, compliant: true, date: '2031-03-04' });

    const xena = await f.api.ok<EvvPersonDashboardOutput>('query', 'getEvvClientDashboard', { ...week, clientId: ids.xena });
    expect(xena.visits.map((v) => [v.shiftId, v.compliant, v.geofenceException])).toEqual([
      [ids.compliant, true, false],
      [ids.outside, false, true],
    ]);
    const foreign = await f.api.fail('query', 'getEvvClientDashboard', { ...week, clientId: ids.zoe });
    expect(foreign.status).toBe(404);
  });

  it('getDashboardSummary counts today and the week and sums hours per day (branch time zone)', async () => {
    const s = await f.api.ok<DashboardSummaryOutput>('query', 'getDashboardSummary', {
      branchId: f.boston.id,
      date: '2031-03-05',
    });
    expect(s).toMatchObject({ today: '2031-03-05', weekFrom: '2031-03-02', weekTo: '2031-03-08' });
    expect(s.weekCounts).toEqual({ scheduled: 7, inProgress: 1, completed: 4, missed: 1, openShifts: 1 });
    expect(s.todayCounts).toEqual({ scheduled: 1, inProgress: 0, completed: 1, missed: 0, openShifts: 0 });
    expect(s.hoursByDay.map((d) => [d.date, d.scheduledMinutes, d.workedMinutes])).toEqual([
      ['2031-03-02', 0, 0],
      ['2031-03-03', 120, 117],
      ['2031-03-04', 120, 100],
      ['2031-03-05', 120, 120],
      ['2031-03-06', 120, 120],
      ['2031-03-07', 240, 0],
      ['2031-03-08', 120, 0],
    ]);
    expect(s.weekEvv).toMatchObject({ visits: 4, compliant: 2, rate: 0.5 });
  });

  it('getRollupDashboard sums per branch and region for the company admin; the RVP sees their branches', async () => {
    const r = await f.api.ok<RollupDashboardOutput>('query', 'getRollupDashboard', week, 'companyadmin');
    const boston = r.branches.find((b) => b.branchId === f.boston.id)!;
    expect(boston).toMatchObject({ region: 'East', scheduled: 7, completed: 4, missed: 1, inProgress: 1, openShifts: 1 });
    expect(boston.evv.rate).toBe(0.5);
    expect(r.regions.map((g) => [g.region, g.branchCount, g.completed, g.evv.compliant])).toEqual([
      ['East', 2, 5, 3],
      [null, 1, 0, 0],
    ]);
    expect(r.totals).toMatchObject({ completed: 5, scheduledMinutes: 7 * 120 + 60 });
    const rvp = await f.api.ok<RollupDashboardOutput>('query', 'getRollupDashboard', week, 'rvp');
    expect(rvp.branches.map((b) => b.name).sort()).toEqual(['Boston', 'Worcester']);
  });

  it('refuses callers without the permission and periods over 92 days', async () => {
    expect((await f.api.fail('query', 'getEvvDashboard', week, 'caregiver')).status).toBe(403);
    expect((await f.api.fail('query', 'getDashboardSummary', {}, 'caregiver')).status).toBe(403);
    expect((await f.api.fail('query', 'getRollupDashboard', week, 'branchmanager')).status).toBe(403);
    const long = await f.api.fail('query', 'getEvvDashboard', { from: '2031-01-01', to: '2031-04-30' });
    expect(long.status).toBe(400);
    expect(long.fieldErrors?.to?.[0]).toMatch(/at most 92 days/);
    for (const bad of [{ pageSize: 1000 }, { page: 0 }, { sort: 'salary' }, { list: 'branches' }, { desc: 'yes' }]) {
      expect((await f.api.fail('query', 'getEvvDashboard', { ...week, ...bad })).status).toBe(400);
    }
  });
});
