import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  ClientAppStatement,
  ClientAppStatementPdf,
  ClientAppStatementsOutput,
} from '@hearth/shared/client-app/client-app-statements.schema';
import type { TestApp } from '../../test/test-app';
import { ny } from '../shifts/shifts.test-support';
import { caregivers } from '../caregivers/caregivers.schema';
import { clients } from '../clients/clients.schema';
import { payerSources, payerSourceServices } from '../payer-sources/payer-sources.schema';
import { shifts, shiftTimesheets } from '../shifts/shifts.schema';
import { users } from '../users/users.schema';
import { readPdf } from '../care-forms/care-forms.pdf.test-support';
import { STAFF_LOGINS, startClientAppTests, type ClientAppApi, type ClientAppFixtures } from './client-app.test-support';

/**
 * Statements of a private-pay client, by hand-built visits of March and April 2026 at the demo agency's "Private
 * pay" payer (S5135 companion care $32.00 an hour, nearest hour; and S5130 added here at $7.37 per 15 minutes,
 * CMS 8-minute rule). The clock is April 15, 2026 in Boston, so April is in progress. March: Mar 2 9:00-11:10 S5135
 * (130 min, 2 units, $64.00); Mar 8 1:00-4:00 across the spring-forward change (120 min really, 2 units, $64.00);
 * Mar 15 10:00-11:23 S5130 (83 min, 6 units, $44.22); Mar 31 23:00-23:50 (Apr 1 in UTC, March locally; 1 unit,
 * $32.00): 4 visits, $204.22. Left out: a Medicaid visit, a private-pay T1019 visit (no rate), a cancelled one.
 * April: Apr 6 10:00-11:45 (105 min, 2 units, $64.00), and a visit still scheduled (not worked).
 */
let t: TestApp;
let f: ClientAppFixtures;
let api: ClientAppApi;
const NOW = new Date(ny('2026-04-15 12:00'));
const visitIds: Record<string, number> = {};

beforeAll(async () => {
  ({ t, f, api } = await startClientAppTests({ now: () => NOW }));
  const db = t.database.db;
  const payers = await db.select().from(payerSources);
  const privatePay = payers.find((p) => p.payerType === 'private_pay')!;
  const medicaid = payers.find((p) => p.payerType === 'medicaid')!;
  await db.insert(payerSourceServices).values({
    payerSourceId: privatePay.id,
    serviceCode: 'S5130',
    description: 'Homemaker, per 15 minutes',
    billRateCents: 737,
    unitMinutes: 15,
    roundingRule: 'cms_8_minute',
  });
  await db.update(clients).set({ primaryPayerSourceId: privatePay.id }).where(eq(clients.id, f.clientId));
  // The stranger's client pays through Medicaid: an honest empty list.
  await db.update(clients).set({ primaryPayerSourceId: medicaid.id }).where(eq(clients.id, f.strangerClientId));
  const [rosa] = await db
    .insert(caregivers)
    .values({ branchId: f.bostonBranchId, firstName: 'Rosa', lastName: 'Statement', phoneNumber: '617-555-0199' })
    .returning();

  /** A visit of the demo client; worked ones checked in and out by the phone at exactly the given times. */
  async function visit(
    key: string,
    from: string,
    to: string,
    v: { payer?: number; code?: string; status?: 'worked' | 'scheduled' | 'cancelled'; clientId?: number } = {},
  ) {
    const [shift] = await db
      .insert(shifts)
      .values({
        branchId: f.bostonBranchId,
        clientId: v.clientId ?? f.clientId,
        caregiverId: rosa!.id,
        payerSourceId: v.payer ?? privatePay.id,
        serviceCode: v.code ?? 'S5135',
        startAt: new Date(ny(from)),
        endAt: new Date(ny(to)),
        status: v.status === 'cancelled' ? 'cancelled' : v.status === 'scheduled' ? 'scheduled' : 'completed',
        ...(v.status && v.status !== 'worked' ? {} : { checkInAt: new Date(ny(from)), checkOutAt: new Date(ny(to)) }),
      })
      .returning({ id: shifts.id });
    if (!v.status || v.status === 'worked') {
      await db.insert(shiftTimesheets).values({
        shiftId: shift!.id,
        checkIn: new Date(ny(from)),
        checkInType: 1,
        checkOut: new Date(ny(to)),
        checkOutType: 1,
      });
    }
    visitIds[key] = shift!.id;
  }
  await visit('mar2', '2026-03-02 09:00', '2026-03-02 11:10');
  await visit('mar8', '2026-03-08 01:00', '2026-03-08 04:00');
  await visit('mar15', '2026-03-15 10:00', '2026-03-15 11:23', { code: 'S5130' });
  await visit('mar31', '2026-03-31 23:00', '2026-03-31 23:50');
  await visit('medicaid', '2026-03-20 09:00', '2026-03-20 10:00', { payer: medicaid.id, code: 'T1019' });
  await visit('noRate', '2026-03-21 09:00', '2026-03-21 10:00', { code: 'T1019' });
  await visit('cancelled', '2026-03-22 09:00', '2026-03-22 10:00', { status: 'cancelled' });
  await visit('apr6', '2026-04-06 10:00', '2026-04-06 11:45');
  await visit('apr20', '2026-04-20 10:00', '2026-04-20 12:00', { status: 'scheduled' });
  // Another private-pay client's visit in March: never on the demo client's statement.
  await db.update(clients).set({ primaryPayerSourceId: privatePay.id }).where(eq(clients.id, f.otherClientId));
  await visit('other', '2026-03-03 09:00', '2026-03-03 12:00', { clientId: f.otherClientId });
});
afterAll(() => t.close());

const list = (as: Parameters<ClientAppApi['ok']>[3], clientId = f.clientId) =>
  api.ok<ClientAppStatementsOutput>('query', 'clientAppGetStatements', { clientId }, as);
const one = (as: Parameters<ClientAppApi['ok']>[3], month: string, clientId = f.clientId) =>
  api.ok<ClientAppStatement>('query', 'clientAppGetStatement', { clientId, month }, as);

describe('clientAppGetStatements', () => {
  it('lists the months with billed private-pay visits, newest first, the current one in progress', async () => {
    const out = await list('client');
    expect(out).toEqual({
      privatePay: true,
      statements: [
        { month: '2026-04', from: '2026-04-01', to: '2026-04-30', visits: 1, totalCents: 6_400, inProgress: true },
        { month: '2026-03', from: '2026-03-01', to: '2026-03-31', visits: 4, totalCents: 20_422, inProgress: false },
      ],
    });
    expect(await list('family')).toEqual(out);
  });

  it('gives a client with no private-pay payer an honest empty list', async () => {
    expect(await list('stranger', f.strangerClientId)).toEqual({ privatePay: false, statements: [] });
  });

  it.each(['limited', 'former', 'stranger'] as const)('answers 404 to %s for the demo client', async (as) => {
    const res = await api.call('query', 'clientAppGetStatements', { clientId: f.clientId }, as);
    expect(res).toMatchObject({ status: 404, message: `Client ${f.clientId} not found` });
  });

  it('answers 404 to a contact without the statements permission for that client', async () => {
    const res = await api.call('query', 'clientAppGetStatements', { clientId: f.otherClientId }, 'family');
    expect(res.status).toBe(404);
  });

  it.each(STAFF_LOGINS.filter((l) => l !== 'developer'))('refuses %s (403)', async (as) => {
    expect((await api.call('query', 'clientAppGetStatements', { clientId: f.clientId }, as)).status).toBe(403);
  });

  it('gives the developer, who reaches no client, a 404', async () => {
    expect((await api.call('query', 'clientAppGetStatements', { clientId: f.clientId }, 'developer')).status).toBe(404);
  });
});

describe('clientAppGetStatement', () => {
  it('prices each visit by the payer service, to the cent, with local dates across DST and month ends', async () => {
    const march = await one('family', '2026-03');
    expect(march).toMatchObject({
      month: '2026-03',
      inProgress: false,
      visits: 4,
      totalCents: 20_422,
      totalMinutes: 130 + 120 + 83 + 50,
      client: { firstName: expect.any(String) },
      agencyName: expect.any(String),
      branchName: 'Boston',
      timezone: 'America/New_York',
    });
    const rows = march.lines.map((l) => [l.shiftId, l.date, l.minutes, l.units, l.unitMinutes, l.rateCents, l.amountCents]);
    expect(rows).toEqual([
      [visitIds.mar2, '2026-03-02', 130, 2, 60, 3_200, 6_400],
      [visitIds.mar8, '2026-03-08', 120, 2, 60, 3_200, 6_400],
      [visitIds.mar15, '2026-03-15', 83, 6, 15, 737, 4_422],
      [visitIds.mar31, '2026-03-31', 50, 1, 60, 3_200, 3_200],
    ]);
    expect(march.lines[0]).toMatchObject({
      service: 'Companion care, per hour',
      serviceCode: 'S5135',
      caregiverFirstName: 'Rosa',
      startAt: '2026-03-02T14:00:00.000Z',
      endAt: '2026-03-02T16:10:00.000Z',
    });
    expect(march.lines[2]!.service).toBe('Homemaker, per 15 minutes');
    expect(march.lines[3]!.startAt).toBe('2026-04-01T03:00:00.000Z');
    expect(Object.keys(march.lines[0]!).sort()).toEqual(
      [
        'amountCents',
        'caregiverFirstName',
        'date',
        'endAt',
        'minutes',
        'rateCents',
        'service',
        'serviceCode',
        'shiftId',
        'startAt',
        'unitMinutes',
        'units',
      ].sort(),
    );
  });

  it('gives the month in progress so far', async () => {
    const april = await one('client', '2026-04');
    expect(april).toMatchObject({ inProgress: true, visits: 1, totalCents: 6_400 });
    expect(april.lines.map((l) => l.shiftId)).toEqual([visitIds.apr6]);
  });

  it('answers 404 for a month without a billed visit, a month to come, and the client with no private payer', async () => {
    for (const month of ['2026-02', '2026-05']) {
      expect(await api.call('query', 'clientAppGetStatement', { clientId: f.clientId, month }, 'client')).toMatchObject({
        status: 404,
        message: `Statement ${month} not found`,
      });
    }
    const stranger = await api.call(
      'query',
      'clientAppGetStatement',
      { clientId: f.strangerClientId, month: '2026-03' },
      'stranger',
    );
    expect(stranger.status).toBe(404);
  });

  it('answers 404 for another client the caller reaches without the permission, or does not reach', async () => {
    const input = { clientId: f.otherClientId, month: '2026-03' };
    expect((await api.call('query', 'clientAppGetStatement', input, 'family')).status).toBe(404);
    expect((await api.call('query', 'clientAppGetStatement', input, 'client')).status).toBe(404);
    for (const as of ['limited', 'former', 'stranger'] as const) {
      const res = await api.call('query', 'clientAppGetStatement', { clientId: f.clientId, month: '2026-03' }, as);
      expect(res.status).toBe(404);
    }
  });

  it.each(STAFF_LOGINS.filter((l) => l !== 'developer'))('refuses %s (403)', async (as) => {
    const res = await api.call('query', 'clientAppGetStatement', { clientId: f.clientId, month: '2026-03' }, as);
    expect(res.status).toBe(403);
  });

  it('answers 400 naming the field for a bad month or id', async () => {
    for (const month of ['2026-13', '2026-3', 'March', '2026-03\u0000', 202603]) {
      const res = await api.call('query', 'clientAppGetStatement', { clientId: f.clientId, month }, 'client');
      expect(res.status).toBe(400);
      expect(res.message).toContain('month');
    }
    const huge = await api.call('query', 'clientAppGetStatement', { clientId: 2 ** 31, month: '2026-03' }, 'client');
    expect(huge.status).toBe(400);
    expect(huge.message).toContain('clientId');
  });

  it('follows the billing rules when the office corrects a visit: the amount changes on the next read', async () => {
    await t.database.db
      .update(shiftTimesheets)
      .set({ checkOut: new Date(ny('2026-03-02 11:40')) })
      .where(eq(shiftTimesheets.shiftId, visitIds.mar2!));
    const march = await one('client', '2026-03');
    expect(march.lines[0]).toMatchObject({ minutes: 160, units: 3, amountCents: 9_600 });
    expect(march.totalCents).toBe(20_422 + 3_200);
    await t.database.db
      .update(shiftTimesheets)
      .set({ checkOut: new Date(ny('2026-03-02 11:10')) })
      .where(eq(shiftTimesheets.shiftId, visitIds.mar2!));
  });
});

describe('clientAppGetStatementPdf', () => {
  it('draws the statement: client, month, each visit and the total, in the reader language', async () => {
    const file = await api.ok<ClientAppStatementPdf>(
      'query',
      'clientAppGetStatementPdf',
      { clientId: f.clientId, month: '2026-03' },
      'family',
    );
    expect(file.contentType).toBe('application/pdf');
    expect(file.fileName).toMatch(/^statement-[a-z0-9-]+-2026-03\.pdf$/);
    const pdf = await readPdf(Buffer.from(file.base64, 'base64'));
    expect(pdf.text).toContain('Statement for March 2026');
    expect(pdf.text).toContain('Companion care, per hour');
    expect(pdf.text).toContain('Rosa');
    expect(pdf.text).toContain('$44.22');
    expect(pdf.text).toContain('$7.37 / 15 min');
    expect(pdf.text).toContain('Total: 4 visits');
    expect(pdf.text).toContain('$204.22');
    expect(pdf.text).toContain('Sun 3/8');
    expect(pdf.text).toContain('1:00 AM - 4:00 AM');
    expect(pdf.text).not.toContain('T1019');
  });

  it('writes Spanish for a Spanish reader', async () => {
    await t.database.db.update(users).set({ language: 'es' }).where(eq(users.id, f.userIds.family));
    const file = await api.ok<ClientAppStatementPdf>(
      'query',
      'clientAppGetStatementPdf',
      { clientId: f.clientId, month: '2026-04' },
      'family',
    );
    await t.database.db.update(users).set({ language: null }).where(eq(users.id, f.userIds.family));
    const pdf = await readPdf(Buffer.from(file.base64, 'base64'));
    expect(pdf.text).toContain('Estado de cuenta de abril de 2026');
    expect(pdf.text).toContain('Total: 1 visita');
    expect(pdf.text).toContain('hasta la fecha');
  });

  it('answers as the statement does to those who may not see it', async () => {
    const input = { clientId: f.clientId, month: '2026-03' };
    for (const as of ['limited', 'former', 'stranger', 'developer'] as const) {
      expect((await api.call('query', 'clientAppGetStatementPdf', input, as)).status).toBe(404);
    }
    expect((await api.call('query', 'clientAppGetStatementPdf', input, 'companyadmin')).status).toBe(403);
    const other = await api.call('query', 'clientAppGetStatementPdf', { ...input, clientId: f.otherClientId }, 'family');
    expect(other.status).toBe(404);
  });
});
