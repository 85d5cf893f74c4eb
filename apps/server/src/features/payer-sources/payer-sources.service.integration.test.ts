import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, isNull } from 'drizzle-orm';
import type { PayerSourceDetail, PayerSourceListRow } from '@hearth/shared/payer-sources/payer-sources.schema';
import type { QueryViewOutput } from '@hearth/shared/views/views.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { companies } from '../companies/companies.schema';
import { clients } from '../clients/clients.schema';
import { payerSources, payerSourceServices } from './payer-sources.schema';

let t: TestApp;
const tokens: Record<string, string> = {};
/** A payer source of another agency (company), which the demo company's staff must not reach. */
let foreignPayerId: number;

beforeAll(async () => {
  t = await startTestApp();
  for (const u of ['developer', 'companyadmin', 'branchmanager', 'nurse']) tokens[u] = await t.signIn(u);
  const [company] = await t.database.db.insert(companies).values({ name: 'Other Agency' }).returning();
  const [payer] = await t.database.db
    .insert(payerSources)
    .values({ companyId: company!.id, name: 'Other Agency Medicaid', payerType: 'medicaid' })
    .returning();
  foreignPayerId = payer!.id;
});
afterAll(() => t.close());

async function call<T>(kind: 'query' | 'mutation', path: string, input: unknown, as: string) {
  const res = await t.trpc(kind, path, input, tokens[as]);
  return {
    status: res.status,
    data: res.body.result?.data as T,
    message: res.body.error?.message,
    fieldErrors: res.body.error?.data.fieldErrors,
  };
}

const service = (serviceCode: string, extra: Record<string, unknown> = {}) => ({
  serviceCode,
  billRateCents: 700,
  unitMinutes: 15,
  roundingRule: 'cms_8_minute',
  ...extra,
});

let nameCounter = 0;
async function createPayer(fields: Record<string, unknown> = {}): Promise<PayerSourceDetail> {
  nameCounter += 1;
  const res = await call<PayerSourceDetail>(
    'mutation',
    'createPayerSource',
    { name: `Test payer ${nameCounter}`, payerType: 'medicaid_mco', ...fields },
    'companyadmin',
  );
  expect(res.message).toBeUndefined();
  return res.data;
}

describe('seeded payer sources', () => {
  it('lists the demo agency’s payers by name with their service counts', async () => {
    const res = await call<PayerSourceListRow[]>('query', 'getPayerSources', undefined, 'branchmanager');
    expect(res.status).toBe(200);
    const seeded = res.data.filter((p) =>
      ['MassHealth', 'Bay State Community Health Plan', 'VA Community Care', 'Private pay'].includes(p.name),
    );
    expect(seeded.map((p) => [p.name, p.payerType, p.evvAggregator, p.requiresEvv, p.serviceCount])).toEqual([
      ['Bay State Community Health Plan', 'medicaid_mco', 'hhaexchange', true, 2],
      ['MassHealth', 'medicaid', 'sandata', true, 2],
      ['Private pay', 'private_pay', 'none', false, 1],
      ['VA Community Care', 'va', 'none', false, 1],
    ]);
    expect(res.data.map((p) => p.name)).not.toContain('Other Agency Medicaid');
  });

  it('returns a payer with its services: bill rate per unit, unit minutes and rounding rule', async () => {
    const list = (await call<PayerSourceListRow[]>('query', 'getPayerSources', undefined, 'nurse')).data;
    const massHealth = list.find((p) => p.name === 'MassHealth')!;
    const res = await call<PayerSourceDetail>('query', 'getPayerSource', { id: massHealth.id }, 'nurse');
    expect(res.data).toMatchObject({
      name: 'MassHealth',
      payerType: 'medicaid',
      evvAggregator: 'sandata',
      requiresEvv: true,
      isActive: true,
      services: [
        { serviceCode: 'S5130', modifiers: [], billRateCents: 610, unitMinutes: 15, roundingRule: 'cms_8_minute' },
        { serviceCode: 'T1019', modifiers: [], billRateCents: 752, unitMinutes: 15, roundingRule: 'cms_8_minute' },
      ],
    });
    const privatePay = list.find((p) => p.name === 'Private pay')!;
    const pp = await call<PayerSourceDetail>('query', 'getPayerSource', { id: privatePay.id }, 'nurse');
    expect(pp.data.services).toEqual([
      expect.objectContaining({ serviceCode: 'S5135', billRateCents: 3200, unitMinutes: 60, roundingRule: 'nearest' }),
    ]);
  });

  it('gives every demo client a primary payer of the agency', async () => {
    const [missing] = await t.database.db.select({ n: count() }).from(clients).where(isNull(clients.primaryPayerSourceId));
    expect(missing!.n).toBe(0);
  });
});

describe('payer source scope and permissions', () => {
  it('answers 404 for another company’s payer; the system level sees it', async () => {
    const res = await call('query', 'getPayerSource', { id: foreignPayerId }, 'companyadmin');
    expect([res.status, res.message]).toEqual([404, `Payer source ${foreignPayerId} not found`]);
    const edit = await call('mutation', 'updatePayerSource', { id: foreignPayerId, isActive: false }, 'companyadmin');
    expect(edit.status).toBe(404);
    const dev = await call<PayerSourceDetail>('query', 'getPayerSource', { id: foreignPayerId }, 'developer');
    expect(dev.data.name).toBe('Other Agency Medicaid');
  });

  it('lets branch staff read payers but not write them', async () => {
    const res = await call('mutation', 'createPayerSource', { name: 'Nope', payerType: 'va' }, 'branchmanager');
    expect([res.status, res.message]).toEqual([403, 'Your role may not use createPayerSource']);
  });
});

describe('creating and editing payer sources', () => {
  it('creates a payer with services, normalising codes and modifiers', async () => {
    const p = await createPayer({
      payerId: ' MCO-77 ',
      evvAggregator: 'hhaexchange',
      requiresEvv: true,
      services: [
        service('t1019', { modifiers: ['u1', 'hq'], description: 'Personal care', billRateCents: 780 }),
        service('s5135', { unitMinutes: 60, roundingRule: 'nearest', billRateCents: 0 }),
      ],
    });
    expect(p).toMatchObject({
      payerType: 'medicaid_mco',
      payerId: 'MCO-77',
      evvAggregator: 'hhaexchange',
      requiresEvv: true,
      isActive: true,
      services: [
        { serviceCode: 'S5135', modifiers: [], description: null, billRateCents: 0, unitMinutes: 60, roundingRule: 'nearest' },
        { serviceCode: 'T1019', modifiers: ['U1', 'HQ'], description: 'Personal care', billRateCents: 780, unitMinutes: 15 },
      ],
    });
    const defaults = await createPayer({ payerType: 'private_pay' });
    expect(defaults).toMatchObject({ evvAggregator: 'none', requiresEvv: false, isActive: true, services: [], payerId: null });
  });

  it.each([
    [{ name: '' }, 'name: Name is required'],
    [{ payerType: 'cash' }, 'payerType: Choose a payer type'],
    [{ evvAggregator: 'tellus' }, 'evvAggregator: Choose an EVV aggregator'],
    [
      { services: [service('T1019', { unitMinutes: 0 })] },
      'services.0.unitMinutes: Unit length must be between 1 and 1440 minutes',
    ],
    [
      { services: [service('T1019', { unitMinutes: 1441 })] },
      'services.0.unitMinutes: Unit length must be between 1 and 1440 minutes',
    ],
    [{ services: [service('T1019', { billRateCents: -1 })] }, 'services.0.billRateCents: Bill rate cannot be negative'],
    [{ services: [service('T1019', { billRateCents: 7.52 })] }, 'services.0.billRateCents: Bill rate must be whole cents'],
    [{ services: [service('T101')] }, 'services.0.serviceCode: Service code must be a HCPCS code such as T1019'],
    [{ services: [service('T1019', { modifiers: ['U12'] })] }, 'services.0.modifiers.0: A modifier has two letters or digits'],
    [{ services: [service('T1019', { roundingRule: 'sometimes' })] }, 'services.0.roundingRule: Choose a rounding rule'],
    [
      { services: [service('T1019', { modifiers: ['U1', 'U2'] }), service('t1019', { modifiers: ['u2', 'u1'] })] },
      'services.1.serviceCode: T1019 U1 U2 is listed twice',
    ],
  ])('refuses %j', async (patch, message) => {
    const res = await call('mutation', 'createPayerSource', { name: 'Invalid payer', payerType: 'va', ...patch }, 'companyadmin');
    expect([res.status, res.message]).toEqual([400, message]);
  });

  it('allows one code with different modifiers', async () => {
    const p = await createPayer({ services: [service('T1019'), service('T1019', { modifiers: ['U1'] })] });
    expect(p.services.map((s) => s.modifiers)).toEqual([[], ['U1']]);
  });

  it('refuses a name the company already uses', async () => {
    const res = await call('mutation', 'createPayerSource', { name: 'masshealth', payerType: 'medicaid' }, 'companyadmin');
    expect([res.status, res.message]).toEqual([409, 'A payer source named masshealth already exists']);
    const p = await createPayer();
    const rename = await call('mutation', 'updatePayerSource', { id: p.id, name: 'MassHealth' }, 'companyadmin');
    expect(rename.status).toBe(409);
    const same = await call('mutation', 'updatePayerSource', { id: p.id, name: p.name }, 'companyadmin');
    expect(same.status).toBe(200);
  });

  it('replaces the services as a whole set, and keeps them when left out', async () => {
    const p = await createPayer({ services: [service('T1019'), service('S5130'), service('S5125')] });
    const oldIds = p.services.map((s) => s.id);
    const replaced = await call<PayerSourceDetail>(
      'mutation',
      'updatePayerSource',
      { id: p.id, services: [service('T1019', { billRateCents: 800 }), service('G0156', { description: 'Home health aide' })] },
      'companyadmin',
    );
    expect(replaced.message).toBeUndefined();
    expect(replaced.data.services.map((s) => [s.serviceCode, s.billRateCents])).toEqual([
      ['G0156', 700],
      ['T1019', 800],
    ]);
    expect(replaced.data.services.some((s) => oldIds.includes(s.id))).toBe(false);
    const rows = await t.database.db.select().from(payerSourceServices).where(eq(payerSourceServices.payerSourceId, p.id));
    expect(rows).toHaveLength(2);

    const patched = await call<PayerSourceDetail>('mutation', 'updatePayerSource', { id: p.id, isActive: false }, 'companyadmin');
    expect(patched.data).toMatchObject({ isActive: false, name: p.name, payerType: 'medicaid_mco' });
    expect(patched.data.services).toEqual(replaced.data.services);

    const invalid = await call(
      'mutation',
      'updatePayerSource',
      { id: p.id, services: [service('T1019'), service('T1019')] },
      'companyadmin',
    );
    expect([invalid.status, invalid.message]).toEqual([400, 'services.1.serviceCode: T1019 is listed twice']);
    expect((await call<PayerSourceDetail>('query', 'getPayerSource', { id: p.id }, 'companyadmin')).data.services).toHaveLength(
      2,
    );

    const emptied = await call<PayerSourceDetail>('mutation', 'updatePayerSource', { id: p.id, services: [] }, 'companyadmin');
    expect(emptied.data.services).toEqual([]);

    const active = (await call<PayerSourceListRow[]>('query', 'getPayerSources', { activeOnly: true }, 'companyadmin')).data;
    expect(active.map((x) => x.id)).not.toContain(p.id);
    const all = (await call<PayerSourceListRow[]>('query', 'getPayerSources', {}, 'companyadmin')).data;
    expect(all.find((x) => x.id === p.id)).toMatchObject({ isActive: false, serviceCount: 0 });
  });

  it('lets the system level create a payer for a named company', async () => {
    const [company] = await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Other Agency'));
    const res = await call<PayerSourceDetail>(
      'mutation',
      'createPayerSource',
      { name: 'Other Agency VA', payerType: 'va', companyId: company!.id },
      'developer',
    );
    expect(res.data.companyId).toBe(company!.id);
    const admin = await call<PayerSourceDetail>(
      'mutation',
      'createPayerSource',
      { name: 'Own VA', payerType: 'va', companyId: company!.id },
      'companyadmin',
    );
    expect(admin.data.companyId).not.toBe(company!.id);
  });
});

describe('payer sources view', () => {
  async function queryView(input: Record<string, unknown>, as: string) {
    const res = await t.trpc('query', 'queryView', { view: 'payerSources', pageSize: 500, ...input }, tokens[as]);
    expect(res.body.error?.message).toBeUndefined();
    return res.body.result?.data as QueryViewOutput;
  }

  it('lists the company’s payers with service counts, searchable by name', async () => {
    const found = await queryView({ search: 'mass' }, 'branchmanager');
    expect(found.rows).toEqual([
      expect.objectContaining({
        name: 'MassHealth',
        payerType: 'medicaid',
        payerId: 'MASSHEALTH',
        evvAggregator: 'sandata',
        requiresEvv: true,
        serviceCount: 2,
        isActive: true,
      }),
    ]);
    const mine = await queryView({}, 'companyadmin');
    expect(mine.rows.map((r) => r.name)).not.toContain('Other Agency Medicaid');
    const all = await queryView({}, 'developer');
    expect(all.rows.map((r) => r.name)).toContain('Other Agency Medicaid');
    const evv = await queryView(
      { filters: [{ column: 'evvAggregator', operator: 'equals', value: 'hhaexchange' }] },
      'companyadmin',
    );
    expect(evv.rows.every((r) => r.evvAggregator === 'hhaexchange')).toBe(true);
    const meta = await t.trpc('query', 'getBackendView', { view: 'payerSources' }, tokens.nurse);
    expect(meta.body.result?.data).toMatchObject({ rowLink: '/admin/payer-sources/{id}', searchable: true });
  });
});
