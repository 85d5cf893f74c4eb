import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { and, eq } from 'drizzle-orm';
import type { PayrollReportOutput } from '@hearth/shared/payroll/payroll.schema';
import { DEFAULT_PAYROLL_SETTINGS, type PayrollSettings } from '@hearth/shared/payroll/payroll-settings';
import type { QueryViewOutput } from '@hearth/shared/views/views.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { caregiverCashAdvances, caregivers } from '../caregivers/caregivers.schema';
import { clientAddresses, clients } from '../clients/clients.schema';
import { driveMinutes } from '@hearth/shared/payroll/payroll-travel';
import { exportFixtures } from '../file-exports/file-exports.test-support';
import { seedMarch2025 } from '../file-exports/file-exports.march.test-support';
import { callerOfUser } from '../../auth/caller-of-user';
import { scopeOf } from '../../db/request-scope';
import type { Scope } from '../../auth/scope';
import { inTransaction } from '../../db/transaction';
import { users } from '../users/users.schema';
import { computePayrollReport } from './payroll.service';
import { payrollLines } from './payroll.schema';

/**
 * The payroll report over the hand-built March 2025 of seedMarch2025 (see there for the hours): it stores the same
 * numbers the ADP export writes, in the caller's scope, replacing a period's lines when computed again.
 */
let t: TestApp;
let x: Awaited<ReturnType<typeof exportFixtures>>;
let ids: Record<string, number> = {};
const period = { from: '2025-03-01', to: '2025-03-15' };

beforeAll(async () => {
  t = await startTestApp({ workers: true });
  x = await exportFixtures(t);
  ids = await seedMarch2025(x);
  // Alma earns $20.00 an hour; Bea and Cora have no pay rate. A Worcester caregiver only has an advance.
  await x.db
    .update(caregivers)
    .set({ payRates: [{ label: 'Standard', hourlyRateCents: 2000 }] })
    .where(eq(caregivers.id, ids.adler!));
  const dora = await x.addCaregiver({ firstName: 'Dora', lastName: 'Dunn', branchId: x.worcester.id, adpFileNumber: '700199' });
  ids.dunn = dora.id;
  await x.db.insert(caregiverCashAdvances).values({ caregiverId: dora.id, amountCents: 4000, advancedOn: '2025-03-10' });
});
afterAll(() => t.close());

const compute = (as: string, input: Record<string, unknown> = period) =>
  x.api.ok<PayrollReportOutput>('mutation', 'computePayrollReport', input, as);

/** The report's rows of the period as a user sees them through the view engine. */
async function reportRows(as: string) {
  const filters = [{ column: 'periodFrom', operator: 'equals', value: period.from }];
  const out = await x.api.ok<QueryViewOutput>('query', 'queryView', { view: 'reportPayroll', filters, pageSize: 100 }, as);
  return out.rows;
}

/** The rows of the ADP export of the period, queued by a user, as objects by header. */
async function adpRows(as: string) {
  const done = await x.run('payroll-adp', period, as);
  const text = (await x.download(done.id, as)).bytes.toString('utf8');
  return Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
}

const storedLines = () =>
  x.db
    .select()
    .from(payrollLines)
    .where(and(eq(payrollLines.periodFrom, period.from), eq(payrollLines.periodTo, period.to)));

describe('computePayrollReport', () => {
  it('stores per caregiver the hours, pay, mileage and deductions, with the ADP export’s sums', async () => {
    const out = await compute('branchmanager');
    expect(out).toMatchObject({
      periodFrom: '2025-03-01',
      periodTo: '2025-03-15',
      caregivers: 3,
      // 47.50 + 6.42 + 2.00 h regular = 2,850 + 385 + 120 min; 9.00 h overtime; $11.03 mileage; $75.50 advances.
      totals: { regularMinutes: 3355, overtimeMinutes: 540, travelMinutes: 0, mileageCents: 1103, deductionCents: 7550 },
    });
    // Alma: 56.5 h x $20 = $1,130.00 straight time; premium 0.5 x $20 x (4 h of the week of Feb 23 + 5 h of Mar 2).
    expect(out.totals.grossPayCents).toBe(122000);
    expect(Date.parse(out.computedAt)).not.toBeNaN();

    const rows = await reportRows('branchmanager');
    const byName = new Map(rows.map((r) => [r.lastName, r]));
    expect(byName.get('Adler')).toMatchObject({
      visits: 8,
      regularHours: 47.5,
      overtimeHours: 9,
      travelHours: 0,
      regularRateCents: 2000,
      straightTimePayCents: 113000,
      overtimePremiumCents: 9000,
      grossPayCents: 122000,
      mileageCents: 1103,
      deductionCents: 7550,
      missingPayRate: false,
    });
    expect(byName.get('Brook')).toMatchObject({ regularHours: 6.42, grossPayCents: 0, missingPayRate: true });
    expect(byName.get('Cole')).toMatchObject({ regularHours: 2, missingPayRate: true });

    const adp = await adpRows('branchmanager');
    const sum = (rowsOf: Record<string, unknown>[], key: string) =>
      Math.round(rowsOf.reduce((total, r) => total + Number(r[key] || 0), 0) * 100);
    expect(adp).toHaveLength(rows.length);
    expect(sum(adp, 'Reg Hours')).toBe(sum(rows, 'regularHours'));
    expect(sum(adp, 'O/T Hours')).toBe(sum(rows, 'overtimeHours'));
    expect(sum(adp, 'Earnings 3 Amount')).toBe(sum(rows, 'mileageCents') / 100);
    expect(sum(adp, 'Adjust Ded Amount')).toBe(sum(rows, 'deductionCents') / 100);
  });

  it('keeps to the caller’s scope: a branch manager computes and sees only their branch', async () => {
    const all = await compute('companyadmin');
    expect(all.caregivers).toBe(4);
    expect((await reportRows('companyadmin')).map((r) => r.lastName)).toContain('Dunn');
    expect((await reportRows('branchmanager')).map((r) => r.lastName).sort()).toEqual(['Adler', 'Brook', 'Cole']);
    const outside = await x.api.fail('mutation', 'computePayrollReport', { ...period, branchId: x.worcester.id });
    expect(outside.status).toBe(404);
  });

  it('replaces the period’s lines when computed again, for the scope or branch only', async () => {
    await compute('companyadmin');
    await compute('branchmanager');
    await compute('companyadmin', { ...period, branchId: x.boston.id });
    const lines = await storedLines();
    // Alma, Bea, Cora (Boston) and Dora (Worcester), once each.
    expect(lines).toHaveLength(4);
    expect(new Set(lines.map((l) => l.caregiverId)).size).toBe(4);
    expect(lines.map((l) => l.caregiverId)).toEqual(expect.arrayContaining([ids.adler, ids.brook, ids.dunn]));
    expect(lines.find((l) => l.caregiverId === ids.dunn)).toMatchObject({ deductionCents: 4000, visits: 0, grossPayCents: 0 });
  });

  it('is refused to a nurse, and checks the period', async () => {
    expect((await x.api.fail('mutation', 'computePayrollReport', period, 'nurse')).status).toBe(403);
    const long = await x.api.fail('mutation', 'computePayrollReport', { from: '2025-01-01', to: '2025-03-15' });
    expect(long).toMatchObject({ status: 400, fieldErrors: { to: [expect.stringContaining('at most 62 days')] } });
  });
});

describe('computing in chunks of caregivers', () => {
  type Reader = Awaited<ReturnType<NonNullable<Scope['openReadConnection']>>>;
  /**
   * The report computed by the service as `username` with `chunkSize` caregivers a chunk and `fetchRows` caregivers
   * a cursor fetch, and its stored lines.
   */
  async function computeInChunks(
    username: string,
    chunkSize?: number,
    fetchRows?: number,
    readers?: Reader[],
    splitAfterId?: number,
  ) {
    const [user] = await x.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    const caller = await callerOfUser(x.db, user!.id);
    const out = await inTransaction(x.db, (tx) => {
      // With a list to fill, the scope opens read connections on the test's database and notes each one it gives.
      const scope = scopeOf(tx, caller!, readers ? x.db : tx);
      const open = scope.openReadConnection!;
      scope.openReadConnection = async () => {
        const reader = await open();
        readers?.push(reader);
        return reader;
      };
      return computePayrollReport({ scope, input: period, chunkSize, fetchRows, splitAfterId });
    });
    const lines = (await storedLines()).map(({ id: _id, computedAt: _at, ...fields }) => fields);
    return { out, lines: lines.sort((a, b) => a.caregiverId - b.caregiverId) };
  }

  it('stores the same lines and totals to the cent whatever the chunk size', async () => {
    const whole = await computeInChunks('companyadmin');
    expect(whole.out.caregivers).toBe(4);
    expect(whole.lines).toHaveLength(4);
    // Fetches of 1 and 2 caregivers end the cursor's reads inside a chunk of caregivers.
    for (const [chunkSize, fetchRows] of [
      [1, 1],
      [2, 2],
      [3, 5],
      [1, undefined],
    ]) {
      const chunked = await computeInChunks('companyadmin', chunkSize, fetchRows);
      expect(chunked.out.totals).toEqual(whole.out.totals);
      expect(chunked.out.caregivers).toBe(whole.out.caregivers);
      expect(chunked.lines).toEqual(whole.lines);
    }
    // The figures are the report's own (first test): Alma's premium spans chunks of other caregivers unchanged.
    expect(whole.out.totals).toMatchObject({ overtimeMinutes: 540, mileageCents: 1103, deductionCents: 11550 });
  });

  it('reads miles and advances on a second connection on PostgreSQL, on its own on the embedded one, the same lines', async () => {
    const alone = await computeInChunks('companyadmin');
    // Split at their median id or right after a caregiver with visits; chunks inside either half and across the
    // split, fetches inside a chunk.
    for (const [chunkSize, fetchRows, splitAfterId] of [
      [1, 1, ids.adler],
      [2, 1, ids.brook],
      [3, 2, ids.cole],
      [undefined, undefined, undefined],
    ]) {
      const readers: Reader[] = [];
      const beside = await computeInChunks('companyadmin', chunkSize, fetchRows, readers, splitAfterId);
      expect(readers).toHaveLength(1);
      if (t.database.engine === 'postgres') expect(readers[0]).not.toBeNull();
      else expect(readers[0]).toBeNull();
      expect(beside.out.totals).toEqual(alone.out.totals);
      expect(beside.lines).toEqual(alone.lines);
    }
    expect(alone.out.totals).toMatchObject({ mileageCents: 1103, deductionCents: 11550 });
  });
});

describe('paid travel', () => {
  const april = { from: '2025-04-01', to: '2025-04-15' };
  const near = { lat: 42.3601, lon: -71.0589 };
  const far = { lat: 42.4184, lon: -71.1062 };

  it('drives between clients of its branch and of another, and not to a client without an address', async () => {
    const tess = await x.addCaregiver({ firstName: 'Tess', lastName: 'Travers', adpFileNumber: '700301' });
    const ada = (await x.addClient('Ada', 'Near')).id;
    const will = (await x.addClient('Will', 'Far')).id;
    const nora = (await x.addClient('Nora', 'None')).id;
    const address = { line1: '1 Main St', city: 'Boston', state: 'MA', zip: '02108' };
    await x.db.insert(clientAddresses).values([
      { clientId: ada, ...address, ...near },
      { clientId: will, ...address, city: 'Medford', zip: '02155', ...far },
    ]);
    const day = (from: string, to: string, clientId: number) =>
      x.deviceVisit({ caregiverId: tess.id, clientId, from: `2025-04-02 ${from}`, to: `2025-04-02 ${to}` });
    await day('08:00', '09:00', ada);
    await day('10:00', '11:00', will);
    await day('12:00', '13:00', nora);
    // Will has since moved to the Worcester branch: his visit stays Tess's hours.
    await x.db.update(clients).set({ branchId: x.worcester.id }).where(eq(clients.id, will));
    const drive = driveMinutes(near, far, DEFAULT_PAYROLL_SETTINGS.travelSpeedMph)!;
    expect(drive).toBeGreaterThan(0);
    expect(drive).toBeLessThan(60);
    const travelOf = async () => {
      const [line] = await x.db
        .select({ travelMinutes: payrollLines.travelMinutes })
        .from(payrollLines)
        .where(and(eq(payrollLines.periodFrom, april.from), eq(payrollLines.caregiverId, tess.id)));
      return line?.travelMinutes;
    };
    // The company's run reads both clients' addresses with its scope's clients; the Boston branch's run finds the
    // Worcester client's address only when a visit names it.
    await compute('companyadmin', april);
    expect(await travelOf()).toBe(drive);
    await compute('branchmanager', { ...april, branchId: x.boston.id });
    expect(await travelOf()).toBe(drive);
  });
});

describe('computing at once', () => {
  it('lets two computes of one period take turns: both answer, one set of lines stays', async () => {
    const [first, second] = await Promise.all([compute('companyadmin'), compute('companyadmin')]);
    expect(second.totals).toEqual(first.totals);
    const rows = await reportRows('companyadmin');
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe('payroll settings', () => {
  it('gives the defaults, lets the company admin change them, and both the report and the export follow', async () => {
    const defaults = await x.api.ok<PayrollSettings>('query', 'getPayrollSettings', undefined, 'branchmanager');
    expect(defaults).toMatchObject({ overtimeThresholdMinutes: 2400, overtimeMultiplier: 1.5, mileageRateCents: 70 });
    expect((await x.api.fail('mutation', 'updatePayrollSettings', defaults, 'branchmanager')).status).toBe(403);
    expect((await x.api.fail('query', 'getPayrollSettings', undefined, 'caregiver')).status).toBe(403);

    // A 45-hour threshold leaves Alma no overtime; 50 cents a mile prices 15.75 miles at $7.88.
    const changed = { ...defaults, overtimeThresholdMinutes: 2700, mileageRateCents: 50 };
    expect(await x.api.ok('mutation', 'updatePayrollSettings', changed, 'companyadmin')).toEqual(changed);
    const out = await compute('branchmanager');
    expect(out.totals).toMatchObject({ overtimeMinutes: 0, mileageCents: 788, grossPayCents: 113000 });
    const alma = (await adpRows('branchmanager')).find((r) => r['File #'] === '700101');
    expect(alma).toMatchObject({ 'Reg Hours': '56.50', 'O/T Hours': '0.00', 'Earnings 3 Amount': '7.88' });

    const bad = await x.api.fail('mutation', 'updatePayrollSettings', { ...defaults, overtimeMultiplier: 4 }, 'companyadmin');
    expect(bad).toMatchObject({ status: 400, fieldErrors: { overtimeMultiplier: ['Overtime multiplier must be at most 3'] } });
    await x.api.ok('mutation', 'updatePayrollSettings', defaults, 'companyadmin');
  });

  it('keeps every setting an update leaves out: {} changes nothing, one key changes only that key', async () => {
    // The probe's case: mileage 80 cents and a 35-hour threshold, then an update that names neither.
    const stored = await x.api.ok<PayrollSettings>(
      'mutation',
      'updatePayrollSettings',
      { overtimeThresholdMinutes: 2100, mileageRateCents: 80, dailyOvertimeThresholdMinutes: 480, travelPaid: false },
      'companyadmin',
    );
    expect(stored).toEqual({
      overtimeThresholdMinutes: 2100,
      overtimeMultiplier: 1.5,
      dailyOvertimeThresholdMinutes: 480,
      travelPaid: false,
      travelSpeedMph: 25,
      mileageRateCents: 80,
    });
    expect(await x.api.ok('mutation', 'updatePayrollSettings', {}, 'companyadmin')).toEqual(stored);
    expect(await x.api.ok('query', 'getPayrollSettings', undefined, 'companyadmin')).toEqual(stored);

    const faster = await x.api.ok('mutation', 'updatePayrollSettings', { travelSpeedMph: 30 }, 'companyadmin');
    expect(faster).toEqual({ ...stored, travelSpeedMph: 30 });
    // null clears the daily threshold; the rest stays.
    const noDaily = await x.api.ok('mutation', 'updatePayrollSettings', { dailyOvertimeThresholdMinutes: null }, 'companyadmin');
    expect(noDaily).toEqual({ ...stored, travelSpeedMph: 30, dailyOvertimeThresholdMinutes: null });
    // A bad value is refused and changes nothing.
    const bad = await x.api.fail('mutation', 'updatePayrollSettings', { mileageRateCents: -1 }, 'companyadmin');
    expect(bad).toMatchObject({ status: 400, fieldErrors: { mileageRateCents: ['Mileage rate cannot be negative'] } });
    expect(await x.api.ok('query', 'getPayrollSettings', undefined, 'companyadmin')).toEqual(noDaily);
    await x.api.ok('mutation', 'updatePayrollSettings', DEFAULT_PAYROLL_SETTINGS, 'companyadmin');
  });
});
