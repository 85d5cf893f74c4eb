import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { and, asc, eq } from 'drizzle-orm';
import type { ComputeBillingReportOutput } from '@hearth/shared/billing/billing.schema';
import type { QueryViewOutput } from '@hearth/shared/views/views.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { shifts } from '../shifts/shifts.schema';
import { ny } from '../shifts/shifts.test-support';
import { seedMarch2025 } from '../file-exports/file-exports.march.test-support';
import { exportFixtures } from '../file-exports/file-exports.test-support';
import { callerOfUser } from '../../auth/caller-of-user';
import { scopeOf } from '../../db/request-scope';
import { inTransaction } from '../../db/transaction';
import { users } from '../users/users.schema';
import { computeBillingReport } from './billing.service';
import { billingLines } from './billing.schema';

/**
 * The billing report over the hand-built March 2025 of seedMarch2025 (see there for the figures), plus a Test
 * Private visit under T1019 (a code that payer has no rate for) and a Worcester visit outside the branch manager's
 * scope. Period Mar 1-15: Alma Mar 3 T1019 40 units over AUTH-1's 30 a week ($300.80), Alma Mar 10 S5125 U1 18
 * units ($133.20), Bea Mar 11 T1019 17 units ($127.84), Bea Mar 13 Sandata completed without EVV times (9 units,
 * not billed), Cora Cole Mar 12 S5135 8 units ($50.00), Cora Colt Mar 15 T1019 at Test Private (no rate).
 */
let t: TestApp;
let x: Awaited<ReturnType<typeof exportFixtures>>;
let ids: Record<string, number> = {};
const period = { from: '2025-03-01', to: '2025-03-15' };

beforeAll(async () => {
  t = await startTestApp({ workers: true });
  x = await exportFixtures(t);
  ids = await seedMarch2025(x);
  const cole = await x.addCaregiver({ firstName: 'Cora', lastName: 'Colt' });
  ids.noRate = (
    await x.completedWithoutTimes({
      caregiverId: cole.id,
      clientId: ids.pat!,
      from: '2025-03-15 10:00',
      to: '2025-03-15 11:00',
      payerSourceId: ids.priv,
      serviceCode: 'T1019',
    })
  ).shiftId;
  const wes = await x.addCaregiver({ firstName: 'Wes', lastName: 'Ward', branchId: x.worcester.id });
  const wil = await x.addClient('Wil', 'Worth', x.worcester.id);
  const far = await x.shift(
    {
      clientId: wil.id,
      caregiverId: wes.id,
      startTimestamp: ny('2025-03-05 09:00'),
      endTimestamp: ny('2025-03-05 10:00'),
      payerSourceId: ids.priv,
      serviceCode: 'S5135',
    },
    'companyadmin',
  );
  await x.db.update(shifts).set({ status: 'completed' }).where(eq(shifts.id, far.id));
  ids.worcester = far.id;
});
afterAll(() => t.close());

const compute = (input: Record<string, unknown> = {}, as = 'branchmanager') =>
  x.api.ok<ComputeBillingReportOutput>('mutation', 'computeBillingReport', { ...period, ...input }, as);

/** The stored lines of the period, by shift id. */
async function stored() {
  const rows = await x.db
    .select()
    .from(billingLines)
    .where(and(eq(billingLines.periodFrom, period.from), eq(billingLines.periodTo, period.to)))
    .orderBy(asc(billingLines.id));
  return new Map(rows.map((r) => [r.shiftId, r]));
}

/** The reportBilling view's rows of the period as a user sees them. */
async function viewRows(as: string, filters: unknown[] = []) {
  const out = await x.api.ok<QueryViewOutput>(
    'query',
    'queryView',
    {
      view: 'reportBilling',
      filters: [
        { column: 'periodFrom', operator: 'equals', value: period.from },
        { column: 'periodTo', operator: 'equals', value: period.to },
        ...filters,
      ],
      pageSize: 100,
    },
    as,
  );
  return out.rows;
}

describe('computeBillingReport', () => {
  it('bills verified and priced visits, and keeps unverified EVV and unpriced visits visible at $0', async () => {
    const out = await compute();
    expect(out).toMatchObject({ periodFrom: '2025-03-01', periodTo: '2025-03-15', lines: 6 });
    expect(Date.parse(out.computedAt)).not.toBeNaN();
    expect(out.byStatus).toEqual({
      billable: { lines: 3, units: 43, amountCents: 31_104 },
      over_authorization: { lines: 1, units: 40, amountCents: 30_080 },
      not_evv_verified: { lines: 1, units: 9, amountCents: 0 },
      no_rate: { lines: 1, units: 4, amountCents: 0 },
    });
    expect(out.billedAmountCents).toBe(61_184);

    const lines = [...(await stored()).values()];
    const unverified = lines.find((l) => l.status === 'not_evv_verified')!;
    expect(unverified).toMatchObject({ visitDate: '2025-03-13', evvRequired: true, evvVerified: false, amountCents: 0 });
    expect(unverified.note).toContain('Test EVV Sandata requires EVV');
    expect((await stored()).get(ids.noRate!)).toMatchObject({
      status: 'no_rate',
      amountCents: 0,
      rateCents: null,
      note: 'No rate for T1019 at Test Private',
    });
    expect(lines.some((l) => l.shiftId === ids.worcester)).toBe(false);
  });

  it('totals what the billing export file bills', async () => {
    const out = await compute();
    const done = await x.run('billing', period);
    const bytes = (await x.download(done.id)).bytes.toString('utf8').replace(/^\uFEFF/, '');
    const rows = Papa.parse<Record<string, string>>(bytes, { header: true, skipEmptyLines: true }).data;
    const cents = rows.reduce((sum, r) => sum + Math.round(Number(r.Amount) * 100), 0);
    const units = rows.reduce((sum, r) => sum + Number(r.Units), 0);
    expect(rows).toHaveLength(out.byStatus.billable.lines + out.byStatus.over_authorization.lines);
    expect(cents).toBe(out.billedAmountCents);
    expect(units).toBe(out.byStatus.billable.units + out.byStatus.over_authorization.units);
    // The unverified Sandata visit of Mar 13 and the unpriced one are not in the file.
    expect(rows.map((r) => r['Visit Date'])).not.toContain('2025-03-13');
    expect(rows.map((r) => r['Visit Date'])).not.toContain('2025-03-15');
  });

  it('flags the visit over its authorization in the report, priced', async () => {
    await compute();
    const over = await viewRows('branchmanager', [{ column: 'status', operator: 'equals', value: 'over_authorization' }]);
    expect(over).toEqual([
      expect.objectContaining({
        shiftId: ids.a6,
        payerName: 'Test EVV Sandata',
        clientName: 'Lima, Rosa',
        medicaidId: 'MA1002003',
        caregiverName: 'Adler, Alma',
        visitDate: '2025-03-03',
        // 7:00 AM to 5:00 PM EST on the Boston clock.
        checkIn: '2025-03-03T12:00:00.000Z',
        checkOut: '2025-03-03T22:00:00.000Z',
        _timeZone: 'America/New_York',
        service: 'T1019',
        units: 40,
        rateCents: 752,
        amountCents: 30_080,
        authorizationNumber: 'AUTH-1',
        overAuthorization: true,
        evvVerified: true,
      }),
    ]);
    const hhax = (await viewRows('branchmanager')).find((r) => r.shiftId === ids.a12);
    expect(hhax).toMatchObject({ service: 'S5125 U1', status: 'billable', amountCents: 13_320 });
  });

  it('replaces the period on recompute, and only the payer asked for', async () => {
    await compute();
    const before = await stored();
    const again = await compute();
    const after = await stored();
    expect(after.size).toBe(before.size);
    // Each line is replaced in place: the same row, written by this computation.
    expect([...after.values()].map((l) => [l.shiftId, l.id])).toEqual([...before.values()].map((l) => [l.shiftId, l.id]));
    expect([...after.values()].every((l) => l.computedAt.toISOString() === again.computedAt)).toBe(true);

    const privOnly = await compute({ payerSourceId: ids.priv });
    expect(privOnly.lines).toBe(2);
    const mixed = await stored();
    expect(mixed.size).toBe(before.size);
    expect(mixed.get(ids.noRate!)!.computedAt.toISOString()).toBe(privOnly.computedAt);
    expect(mixed.get(ids.a6!)!.id).toBe(after.get(ids.a6!)!.id);
  });

  it('drops the line of a visit no longer billed on recompute, and keeps it when another payer alone is computed', async () => {
    await compute();
    const before = await stored();
    expect(before.has(ids.b1!)).toBe(true);
    const [b1] = await x.db.select({ payer: shifts.payerSourceId }).from(shifts).where(eq(shifts.id, ids.b1!));
    await x.db.update(shifts).set({ payerSourceId: null }).where(eq(shifts.id, ids.b1!));
    try {
      await compute({ payerSourceId: ids.priv });
      expect((await stored()).has(ids.b1!)).toBe(true);
      await compute();
      const after = await stored();
      expect([...after.keys()]).toEqual([...before.keys()].filter((id) => id !== ids.b1));
    } finally {
      await x.db.update(shifts).set({ payerSourceId: b1!.payer }).where(eq(shifts.id, ids.b1!));
    }
  });

  it('replaces the line a shift had under its former payer when its new payer alone is computed', async () => {
    await compute();
    const before = await stored();
    expect(before.get(ids.noRate!)!.payerSourceId).toBe(ids.priv);
    const sandata = before.get(ids.a6!)!.payerSourceId;
    await x.db.update(shifts).set({ payerSourceId: sandata }).where(eq(shifts.id, ids.noRate!));
    try {
      const out = await compute({ payerSourceId: sandata });
      const after = await stored();
      expect(after.size).toBe(before.size);
      expect(after.get(ids.noRate!)).toMatchObject({ payerSourceId: sandata, serviceCode: 'T1019' });
      expect(after.get(ids.noRate!)!.computedAt.toISOString()).toBe(out.computedAt);
      expect(after.get(ids.b1!)!.computedAt.toISOString()).toBe(out.computedAt);
    } finally {
      await x.db.update(shifts).set({ payerSourceId: ids.priv }).where(eq(shifts.id, ids.noRate!));
    }
  });
});

describe('computing in chunks of clients', () => {
  /**
   * The report computed by the service as the company admin with `chunkSize` clients a chunk and `fetchRows` visit
   * rows a cursor fetch, and its stored lines by shift id (without their ids and computing instants).
   */
  async function computeInChunks(chunkSize?: number, fetchRows?: number) {
    const [user] = await x.db.select({ id: users.id }).from(users).where(eq(users.username, 'companyadmin'));
    const caller = await callerOfUser(x.db, user!.id);
    const out = await inTransaction(x.db, (tx) =>
      computeBillingReport({ scope: scopeOf(tx, caller!), input: period, chunkSize, fetchRows }),
    );
    const lines = [...(await stored()).values()].map(({ id: _id, computedAt: _at, ...fields }) => fields);
    return { out, lines: lines.sort((a, b) => a.shiftId - b.shiftId) };
  }

  it('stores the same lines and totals to the cent whatever the chunk size', async () => {
    const whole = await computeInChunks();
    expect(whole.lines.length).toBeGreaterThanOrEqual(6);
    expect(whole.lines.some((l) => l.overAuthorization)).toBe(true);
    // Fetches of 1 and 2 rows split the cursor's rows inside a client's visits and inside a visit's timesheets.
    for (const [chunkSize, fetchRows] of [
      [1, 1],
      [2, 2],
      [1, undefined],
    ]) {
      const chunked = await computeInChunks(chunkSize, fetchRows);
      expect(chunked.out.byStatus).toEqual(whole.out.byStatus);
      expect(chunked.out.billedAmountCents).toBe(whole.out.billedAmountCents);
      expect(chunked.out.lines).toBe(whole.out.lines);
      expect(chunked.lines).toEqual(whole.lines);
    }
  });
});

describe('scope', () => {
  it("keeps a branch manager to their branches, leaving other branches' lines alone", async () => {
    const all = await compute({}, 'companyadmin');
    expect(all.lines).toBe(7);
    expect((await stored()).get(ids.worcester!)).toMatchObject({ status: 'billable', amountCents: 2_500 });
    const mine = await compute();
    expect(mine.lines).toBe(6);
    expect((await stored()).has(ids.worcester!)).toBe(true);
    expect((await viewRows('branchmanager')).map((r) => r.shiftId)).not.toContain(ids.worcester);
    expect((await viewRows('companyadmin')).map((r) => r.shiftId)).toContain(ids.worcester);
    const other = await x.api.fail('mutation', 'computeBillingReport', { ...period, branchId: x.worcester.id });
    expect(other).toMatchObject({ status: 404, message: `Branch ${x.worcester.id} not found` });
  });

  it('refuses a nurse and a period over 62 days', async () => {
    const nurse = await x.api.fail('mutation', 'computeBillingReport', period, 'nurse');
    expect(nurse.status).toBe(403);
    const long = await x.api.fail('mutation', 'computeBillingReport', { from: '2025-03-01', to: '2025-05-15' });
    expect(long.status).toBe(400);
    expect(long.fieldErrors).toHaveProperty('to');
  });
});

describe('the billing report read in Spanish', () => {
  it('words each line’s note in the reader’s language, the stored note staying English', async () => {
    await compute();
    await x.api.ok('mutation', 'setMyLanguage', { language: 'es' }, 'branchmanager');
    try {
      const rows = await viewRows('branchmanager');
      const note = (shiftId: number) => rows.find((r) => r.shiftId === shiftId)?.note;
      expect(note(ids.noRate!)).toBe('No hay tarifa para T1019 en Test Private');
      expect(note(ids.a6!)).toBe('Supera las unidades o fechas autorizadas');
      expect(rows.find((r) => r.status === 'not_evv_verified')?.note).toMatch(/^Test EVV Sandata exige EVV: /);
      expect(rows.filter((r) => r.status === 'billable').map((r) => r.note)).toEqual(['', '', '']);
      // Filters and search still read the stored English.
      const searched = await viewRows('branchmanager', [{ column: 'note', operator: 'contains', value: 'No rate for' }]);
      expect(searched.map((r) => r.note)).toEqual(['No hay tarifa para T1019 en Test Private']);
    } finally {
      await x.api.ok('mutation', 'setMyLanguage', { language: null }, 'branchmanager');
    }
    expect((await stored()).get(ids.noRate!)?.note).toBe('No rate for T1019 at Test Private');
    expect((await viewRows('branchmanager')).find((r) => r.shiftId === ids.noRate)?.note).toBe(
      'No rate for T1019 at Test Private',
    );
  });

  it('exports the report in the exporter’s language: headings, statuses, yes/no and notes; English as before', async () => {
    await compute();
    const state = {
      filters: [
        { column: 'periodFrom', operator: 'equals', value: period.from },
        { column: 'periodTo', operator: 'equals', value: period.to },
        { column: 'status', operator: 'in', value: ['no_rate', 'not_evv_verified'] },
      ],
      sort: [{ column: 'visitDate', direction: 'asc' }],
      columns: ['visitDate', 'status', 'evvRequired', 'note'],
    };
    const csv = async (headers: Record<string, string>) => {
      const res = await t.fetch(`/api/views/reportBilling/export?format=csv&state=${encodeURIComponent(JSON.stringify(state))}`, {
        headers: { authorization: `Bearer ${x.api.tokens.branchmanager}`, ...headers },
      });
      expect(res.status).toBe(200);
      // The bytes as sent, the byte order mark included (fetch's text() would drop it).
      return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    };
    const spanishEvv =
      'la entrada y la salida no fueron registradas ambas por el dispositivo ni ingresadas con un código de motivo';
    const englishEvv = 'check-in and check-out not both recorded by the device or entered with a reason code';
    // The branch manager has no language setting: the browser's Spanish decides.
    expect(await csv({ 'accept-language': 'es' })).toBe(
      '\uFEFFFecha de la visita,Estado,Requiere EVV,Nota\r\n' +
        `2025-03-13,Sin verificación EVV,Sí,Test EVV Sandata exige EVV: ${spanishEvv}\r\n` +
        '2025-03-15,Sin tarifa,No,No hay tarifa para T1019 en Test Private\r\n',
    );
    expect(await csv({})).toBe(
      '\uFEFFVisit date,Status,EVV required,Note\r\n' +
        `2025-03-13,Not EVV-verified,Yes,Test EVV Sandata requires EVV: ${englishEvv}\r\n` +
        '2025-03-15,No rate,No,No rate for T1019 at Test Private\r\n',
    );
  });
});
