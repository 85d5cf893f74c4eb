import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays, todayIn } from '@hearth/shared/caregivers/caregivers.rules';
import { DEFAULT_TIMEZONE } from '@hearth/shared/app/app.constants';
import type {
  CaregiverAddressOutput,
  CaregiverCashAdvanceOutput,
  CaregiverCredentialOutput,
  CaregiverJournalEntryOutput,
  CaregiverLoginLinkOutput,
  CaregiverOutput,
  CaregiverPasswordOutput,
} from '@hearth/shared/caregivers/caregivers.schema';
import type { QueryViewOutput } from '@hearth/shared/views/views.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { hashOf } from '../../auth/login-links';
import { outbox } from '../notify/notify.schema';
import { users, verifications } from '../users/users.schema';
import { caregivers } from './caregivers.schema';

let t: TestApp;
const tokens: Record<string, string> = {};
const branchIds: Record<string, number> = {};
/** Today in the demo branches' time zone, as the server judges credential expiry. */
const today = todayIn(DEFAULT_TIMEZONE);

beforeAll(async () => {
  t = await startTestApp();
  for (const u of ['developer', 'companyadmin', 'branchmanager', 'nurse', 'prn', 'caregiver']) tokens[u] = await t.signIn(u);
  const branches = (await t.trpc('query', 'getBranches', undefined, tokens.companyadmin)).body.result?.data as {
    id: number;
    name: string;
  }[];
  for (const b of branches) branchIds[b.name] = b.id;
});
afterAll(() => t.close());

/** Calls a procedure as a demo user; returns status, data and the error message. */
async function call<T>(kind: 'query' | 'mutation', path: string, input: unknown, as: string) {
  const res = await t.trpc(kind, path, input, tokens[as]);
  return {
    status: res.status,
    data: res.body.result?.data as T,
    message: res.body.error?.message,
    fieldErrors: res.body.error?.data.fieldErrors,
  };
}

/** Creates a caregiver and returns it (fails the test when the call fails). */
async function createCaregiver(fields: Record<string, unknown> = {}, as = 'companyadmin'): Promise<CaregiverOutput> {
  const res = await call<CaregiverOutput>(
    'mutation',
    'createCaregiver',
    { branchId: branchIds.Boston, firstName: 'Test', lastName: 'Caregiver', ...fields },
    as,
  );
  expect(res.message).toBeUndefined();
  return res.data;
}

const fullForm = () => ({
  branchId: branchIds.Boston,
  firstName: '  Maria ',
  lastName: 'Santos',
  email: 'Maria.Santos@Example.com',
  phoneNumber: '(617) 555-0100',
  gender: 'F',
  dateOfBirth: '1985-04-12',
  hireDate: '2024-03-01',
  adpFileNumber: '200300',
  payRates: [
    { label: 'Standard', hourlyRateCents: 1950 },
    { label: 'Personal care', hourlyRateCents: 2050, serviceCode: 't1019' },
  ],
  skills: ['Hoyer lift', 'Dementia care', 'hoyer lift'],
  languages: ['English', 'Portuguese'],
  availability: [
    { weekday: 1, start: '08:00', end: '12:00' },
    { weekday: 1, start: '13:00', end: '17:00' },
    { weekday: 3, start: '08:00', end: '16:00' },
  ],
  maxWeeklyHours: 40,
  notes: 'Prefers clients near Dorchester',
});

describe('caregivers', () => {
  it('creates a caregiver with every field, normalised, as a whitelisted output', async () => {
    const res = await call<CaregiverOutput>('mutation', 'createCaregiver', fullForm(), 'branchmanager');
    expect(res.message).toBeUndefined();
    const c = res.data;
    expect(c).toMatchObject({
      branchId: branchIds.Boston,
      branchName: 'Boston',
      firstName: 'Maria',
      email: 'maria.santos@example.com',
      gender: 'F',
      status: 'applicant',
      hireDate: '2024-03-01',
      payRates: [
        { label: 'Standard', hourlyRateCents: 1950, serviceCode: null },
        { label: 'Personal care', hourlyRateCents: 2050, serviceCode: 'T1019' },
      ],
      skills: ['Hoyer lift', 'Dementia care'],
      languages: ['English', 'Portuguese'],
      maxWeeklyHours: 40,
      login: null,
      credentials: [],
      expiringCredentials: [],
      today,
    });
    expect(Object.keys(c).sort()).toEqual(
      [
        'id',
        'branchId',
        'branchName',
        'firstName',
        'lastName',
        'email',
        'phoneNumber',
        'gender',
        'dateOfBirth',
        'hireDate',
        'status',
        'adpFileNumber',
        'payRates',
        'skills',
        'languages',
        'availability',
        'maxWeeklyHours',
        'notes',
        'login',
        'credentials',
        'expiringCredentials',
        'today',
        'createdAt',
        'updatedAt',
      ].sort(),
    );
    const read = await call<CaregiverOutput>('query', 'getCaregiver', { id: c.id }, 'nurse');
    expect(read.data).toEqual(c);
  });

  it.each([
    [{ firstName: '' }, 'firstName: First name is required'],
    [{ email: 'nope' }, 'email: Invalid email'],
    [{ phoneNumber: 'call me' }, 'phoneNumber: Invalid phone number'],
    [{ gender: 'Q' }, 'gender: Choose F, M or X'],
    [{ hireDate: '2026-02-30' }, 'hireDate: Not a valid date'],
    [{ hireDate: '03/01/2024' }, 'hireDate: Use the date format YYYY-MM-DD'],
    [{ status: 'retired' }, 'status: Status must be applicant, active, inactive or terminated'],
    [
      { payRates: [{ label: 'Standard', hourlyRateCents: 0 }] },
      'payRates.0.hourlyRateCents: Hourly rate must be more than $0.00',
    ],
    [{ payRates: [{ label: 'Standard', hourlyRateCents: 19.5 }] }, 'payRates.0.hourlyRateCents: Hourly rate must be whole cents'],
    [
      { payRates: [{ label: 'PC', hourlyRateCents: 1900, serviceCode: 'personal' }] },
      'payRates.0.serviceCode: Service code must be a HCPCS code such as T1019',
    ],
    [
      {
        payRates: [
          { label: 'Standard', hourlyRateCents: 1900 },
          { label: 'standard', hourlyRateCents: 2000 },
        ],
      },
      'payRates.1.label: Pay rate "standard" is listed twice',
    ],
    [
      { availability: [{ weekday: 7, start: '08:00', end: '09:00' }] },
      'availability.0.weekday: Weekday must be 0 (Sunday) to 6 (Saturday)',
    ],
    [{ availability: [{ weekday: 2, start: '12:00', end: '09:00' }] }, 'availability.0.end: End must be after start'],
    [{ availability: [{ weekday: 2, start: '8am', end: '09:00' }] }, 'availability.0.start: Use the time format HH:MM (24-hour)'],
    [
      {
        availability: [
          { weekday: 2, start: '08:00', end: '12:00' },
          { weekday: 2, start: '11:00', end: '14:00' },
        ],
      },
      'availability.1.start: Overlaps another window on the same day',
    ],
    [{ maxWeeklyHours: 169 }, 'maxWeeklyHours: Max weekly hours must be between 1 and 168'],
  ])('refuses %j with "%s"', async (patch, message) => {
    const res = await call('mutation', 'createCaregiver', { ...fullForm(), ...patch }, 'branchmanager');
    expect(res.status).toBe(400);
    expect(res.message).toBe(message);
  });

  it('places a caregiver only in a branch in scope', async () => {
    const res = await call('mutation', 'createCaregiver', { ...fullForm(), branchId: branchIds.Worcester }, 'branchmanager');
    expect(res.status).toBe(404);
    expect(res.message).toBe(`Branch ${branchIds.Worcester} not found`);
    expect(res.fieldErrors).toEqual({ branchId: ['Unknown branch'] });
  });

  it('updates only the fields given; null clears an optional one', async () => {
    const c = (await call<CaregiverOutput>('mutation', 'createCaregiver', fullForm(), 'branchmanager')).data;
    const res = await call<CaregiverOutput>(
      'mutation',
      'updateCaregiver',
      { id: c.id, status: 'active', email: null, languages: ['Spanish'], maxWeeklyHours: null },
      'branchmanager',
    );
    expect(res.message).toBeUndefined();
    expect(res.data).toMatchObject({
      status: 'active',
      email: null,
      languages: ['Spanish'],
      maxWeeklyHours: null,
      firstName: 'Maria',
      payRates: c.payRates,
      availability: c.availability,
      hireDate: '2024-03-01',
    });
    const moved = await call('mutation', 'updateCaregiver', { id: c.id, branchId: branchIds.Worcester }, 'branchmanager');
    expect(moved.status).toBe(404);
    expect(moved.message).toBe(`Branch ${branchIds.Worcester} not found`);
  });

  it('answers 404 for another branch’s caregiver and its records, on every procedure', async () => {
    const other = await createCaregiver({ branchId: branchIds.Worcester, email: 'worcester.cg@example.com' });
    const address = (
      await call<CaregiverAddressOutput>(
        'mutation',
        'createCaregiverAddress',
        { caregiverId: other.id, line1: '1 Main St', city: 'Worcester', state: 'MA', zip: '01608' },
        'companyadmin',
      )
    ).data;
    const notFound = `Caregiver ${other.id} not found`;
    const byCaregiver: [string, 'query' | 'mutation', unknown][] = [
      ['getCaregiver', 'query', { id: other.id }],
      ['updateCaregiver', 'mutation', { id: other.id, firstName: 'X' }],
      ['getCaregiverAddresses', 'query', { caregiverId: other.id }],
      ['getCaregiverJournalEntries', 'query', { caregiverId: other.id }],
      ['getCaregiverCashAdvances', 'query', { caregiverId: other.id }],
      ['getCaregiverCredentials', 'query', { caregiverId: other.id }],
      ['createCaregiverAddress', 'mutation', { caregiverId: other.id, line1: '1 A St', city: 'X', state: 'MA', zip: '01608' }],
      ['createCaregiverJournalEntry', 'mutation', { caregiverId: other.id, entryDate: today, subject: 'S', body: 'B' }],
      ['createCaregiverCashAdvance', 'mutation', { caregiverId: other.id, amountCents: 100, advancedOn: today }],
      ['createCaregiverCredential', 'mutation', { caregiverId: other.id, name: 'CPR' }],
      ['sendCaregiverLoginLink', 'mutation', { caregiverId: other.id }],
      ['setCaregiverPassword', 'mutation', { caregiverId: other.id, password: 'Strong-pass-1' }],
    ];
    for (const [path, kind, input] of byCaregiver) {
      const res = await call(kind, path, input, 'branchmanager');
      expect([path, res.status, res.message]).toEqual([path, 404, notFound]);
    }
    const update = await call('mutation', 'updateCaregiverAddress', { id: address.id, city: 'Boston' }, 'branchmanager');
    expect([update.status, update.message]).toEqual([404, `Caregiver address ${address.id} not found`]);
    const del = await call('mutation', 'deleteCaregiverAddress', { id: address.id }, 'branchmanager');
    expect(del.status).toBe(404);
    expect((await call('query', 'getCaregiverAddresses', { caregiverId: other.id }, 'companyadmin')).data).toHaveLength(1);
  });

  it('lets a nurse read but not write, and a caregiver neither', async () => {
    const c = await createCaregiver();
    expect((await call('query', 'getCaregiver', { id: c.id }, 'nurse')).status).toBe(200);
    const write = await call('mutation', 'updateCaregiver', { id: c.id, firstName: 'X' }, 'nurse');
    expect([write.status, write.message]).toEqual([403, 'Your role may not use updateCaregiver']);
    expect((await call('query', 'getCaregiver', { id: c.id }, 'caregiver')).status).toBe(403);
  });
});

describe('caregiver addresses', () => {
  const elm = { line1: '12 Elm St', city: 'Boston', state: 'ma', zip: '02118', lat: 42.34, lon: -71.07 };
  const address = (caregiverId: number, extra: Record<string, unknown> = {}) => ({ caregiverId, ...elm, ...extra });

  it('keeps exactly one primary address through create, update and delete', async () => {
    const c = await createCaregiver();
    const first = await call<CaregiverAddressOutput>(
      'mutation',
      'createCaregiverAddress',
      address(c.id, { isPrimary: false }),
      'branchmanager',
    );
    expect(first.data).toMatchObject({ isPrimary: true, state: 'MA', lat: 42.34, lon: -71.07 });
    const second = await call<CaregiverAddressOutput>(
      'mutation',
      'createCaregiverAddress',
      address(c.id, { line1: '9 Oak St', isPrimary: true }),
      'branchmanager',
    );
    expect(second.data.isPrimary).toBe(true);
    const third = await call<CaregiverAddressOutput>(
      'mutation',
      'createCaregiverAddress',
      address(c.id, { line1: '3 Pine St' }),
      'branchmanager',
    );
    expect(third.data.isPrimary).toBe(false);
    const list = async () =>
      (await call<CaregiverAddressOutput[]>('query', 'getCaregiverAddresses', { caregiverId: c.id }, 'branchmanager')).data;
    expect((await list()).map((a) => [a.line1, a.isPrimary])).toEqual([
      ['9 Oak St', true],
      ['12 Elm St', false],
      ['3 Pine St', false],
    ]);
    // Unmarking the primary passes the mark to the oldest other address.
    const unmarked = await call<CaregiverAddressOutput>(
      'mutation',
      'updateCaregiverAddress',
      { id: second.data.id, isPrimary: false },
      'branchmanager',
    );
    expect(unmarked.data.isPrimary).toBe(false);
    expect((await list()).filter((a) => a.isPrimary).map((a) => a.line1)).toEqual(['12 Elm St']);
    // Deleting the primary promotes the oldest remaining one.
    const del = await call('mutation', 'deleteCaregiverAddress', { id: first.data.id }, 'branchmanager');
    expect(del.data).toEqual({ ok: true, id: first.data.id });
    expect((await list()).filter((a) => a.isPrimary).map((a) => a.line1)).toEqual(['9 Oak St']);
    const edited = await call<CaregiverAddressOutput>(
      'mutation',
      'updateCaregiverAddress',
      { id: third.data.id, city: 'Cambridge', lat: null, lon: null },
      'branchmanager',
    );
    expect(edited.data).toMatchObject({ city: 'Cambridge', line1: '3 Pine St', lat: null, lon: null, isPrimary: false });
  });

  it.each([
    [{ lat: 42.3, lon: null }, 'lon: Give both latitude and longitude, or neither'],
    [{ lat: 91, lon: 0 }, 'lat: Latitude must be between -90 and 90'],
    [{ zip: '211' }, 'zip: ZIP "211" is not a US ZIP code (5 digits or ZIP+4)'],
    [{ state: 'Mass' }, 'state: Use the two-letter state code'],
    [{ line1: ' ' }, 'line1: Street address is required'],
  ])('refuses an address with %j', async (patch, message) => {
    const c = await createCaregiver();
    const res = await call('mutation', 'createCaregiverAddress', address(c.id, patch), 'branchmanager');
    expect([res.status, res.message]).toEqual([400, message]);
  });

  it('checks lat/lon together on the address as it would be saved', async () => {
    const c = await createCaregiver();
    const a = (
      await call<CaregiverAddressOutput>(
        'mutation',
        'createCaregiverAddress',
        address(c.id, { lat: null, lon: null }),
        'branchmanager',
      )
    ).data;
    const res = await call('mutation', 'updateCaregiverAddress', { id: a.id, lat: 42.1 }, 'branchmanager');
    expect([res.status, res.message]).toEqual([400, 'lon: Give both latitude and longitude, or neither']);
  });
});

describe('caregiver journal entries', () => {
  it('creates, lists newest first with the author, updates and deletes', async () => {
    const c = await createCaregiver();
    const older = await call<CaregiverJournalEntryOutput>(
      'mutation',
      'createCaregiverJournalEntry',
      { caregiverId: c.id, entryDate: '2026-01-05', subject: 'Orientation', body: 'Completed orientation.' },
      'branchmanager',
    );
    expect(older.message).toBeUndefined();
    expect(older.data).toMatchObject({ entryDate: '2026-01-05', subject: 'Orientation', authorName: expect.any(String) });
    const newer = await call<CaregiverJournalEntryOutput>(
      'mutation',
      'createCaregiverJournalEntry',
      { caregiverId: c.id, entryDate: '2026-02-10', subject: 'Call', body: 'Asked for more weekend hours.' },
      'branchmanager',
    );
    const list = await call<CaregiverJournalEntryOutput[]>('query', 'getCaregiverJournalEntries', { caregiverId: c.id }, 'prn');
    expect(list.status).toBe(404); // PRN works in Worcester; this caregiver is in Boston.
    const mine = await call<CaregiverJournalEntryOutput[]>('query', 'getCaregiverJournalEntries', { caregiverId: c.id }, 'nurse');
    expect(mine.data.map((e) => e.subject)).toEqual(['Call', 'Orientation']);
    const edited = await call<CaregiverJournalEntryOutput>(
      'mutation',
      'updateCaregiverJournalEntry',
      { id: newer.data.id, body: 'Asked for Saturday hours.' },
      'branchmanager',
    );
    expect(edited.data).toMatchObject({ subject: 'Call', body: 'Asked for Saturday hours.', entryDate: '2026-02-10' });
    const bad = await call('mutation', 'updateCaregiverJournalEntry', { id: newer.data.id, subject: '' }, 'branchmanager');
    expect([bad.status, bad.message]).toEqual([400, 'subject: Subject is required']);
    expect((await call('mutation', 'deleteCaregiverJournalEntry', { id: older.data.id }, 'branchmanager')).data).toEqual({
      ok: true,
      id: older.data.id,
    });
    const gone = await call('mutation', 'deleteCaregiverJournalEntry', { id: older.data.id }, 'branchmanager');
    expect([gone.status, gone.message]).toEqual([404, `Caregiver journal entry ${older.data.id} not found`]);
  });
});

describe('caregiver cash advances', () => {
  it.each([
    [{ amountCents: 0 }, 'amountCents: Amount must be more than $0.00'],
    [{ amountCents: -500 }, 'amountCents: Amount must be more than $0.00'],
    [{ amountCents: 10.5 }, 'amountCents: Amount must be whole cents'],
    [{ advancedOn: 'yesterday' }, 'advancedOn: Use the date format YYYY-MM-DD'],
  ])('refuses %j', async (patch, message) => {
    const c = await createCaregiver();
    const res = await call(
      'mutation',
      'createCaregiverCashAdvance',
      { caregiverId: c.id, amountCents: 5000, advancedOn: today, ...patch },
      'branchmanager',
    );
    expect([res.status, res.message]).toEqual([400, message]);
  });

  it('edits and deletes an outstanding advance; a deducted one is locked with 409', async () => {
    const c = await createCaregiver();
    const created = await call<CaregiverCashAdvanceOutput>(
      'mutation',
      'createCaregiverCashAdvance',
      { caregiverId: c.id, amountCents: 15000, advancedOn: '2026-03-02', reason: 'Car repair' },
      'branchmanager',
    );
    expect(created.data).toMatchObject({ amountCents: 15000, advancedOn: '2026-03-02', reason: 'Car repair', deductedOn: null });
    expect(created.data.createdByName).toEqual(expect.any(String));
    const edited = await call<CaregiverCashAdvanceOutput>(
      'mutation',
      'updateCaregiverCashAdvance',
      { id: created.data.id, amountCents: 12500 },
      'branchmanager',
    );
    expect(edited.data).toMatchObject({ amountCents: 12500, reason: 'Car repair' });
    const early = await call(
      'mutation',
      'updateCaregiverCashAdvance',
      { id: created.data.id, deductedOn: '2026-03-01' },
      'branchmanager',
    );
    expect([early.status, early.message]).toEqual([400, 'deductedOn: Deducted on must be on or after the advance date']);
    const deducted = await call<CaregiverCashAdvanceOutput>(
      'mutation',
      'updateCaregiverCashAdvance',
      { id: created.data.id, deductedOn: '2026-03-15' },
      'branchmanager',
    );
    expect(deducted.data.deductedOn).toBe('2026-03-15');
    const locked = await call(
      'mutation',
      'updateCaregiverCashAdvance',
      { id: created.data.id, amountCents: 100 },
      'branchmanager',
    );
    expect([locked.status, locked.message]).toEqual([
      409,
      `Cash advance ${created.data.id} was deducted on 2026-03-15 and can no longer be changed`,
    ]);
    const undelete = await call('mutation', 'deleteCaregiverCashAdvance', { id: created.data.id }, 'branchmanager');
    expect([undelete.status, undelete.message]).toEqual([
      409,
      `Cash advance ${created.data.id} was deducted on 2026-03-15 and can no longer be deleted`,
    ]);

    const other = await call<CaregiverCashAdvanceOutput>(
      'mutation',
      'createCaregiverCashAdvance',
      { caregiverId: c.id, amountCents: 2000, advancedOn: '2026-04-01' },
      'branchmanager',
    );
    const list = await call<CaregiverCashAdvanceOutput[]>(
      'query',
      'getCaregiverCashAdvances',
      { caregiverId: c.id },
      'branchmanager',
    );
    expect(list.data.map((a) => a.amountCents)).toEqual([2000, 12500]);
    expect((await call('mutation', 'deleteCaregiverCashAdvance', { id: other.data.id }, 'branchmanager')).status).toBe(200);
    expect(
      (await call<unknown[]>('query', 'getCaregiverCashAdvances', { caregiverId: c.id }, 'branchmanager')).data,
    ).toHaveLength(1);
  });
});

describe('caregiver credentials', () => {
  async function addCredential(caregiverId: number, fields: Record<string, unknown>) {
    const res = await call<CaregiverCredentialOutput>(
      'mutation',
      'createCaregiverCredential',
      { caregiverId, ...fields },
      'branchmanager',
    );
    expect(res.message).toBeUndefined();
    return res.data;
  }

  it('flags credentials expiring within 30 days or expired, judged on today', async () => {
    const c = await createCaregiver();
    const soon = await addCredential(c.id, {
      name: 'CPR',
      number: 'AHA-1',
      issuedOn: addDays(today, -720),
      expiresOn: addDays(today, 10),
    });
    expect(soon).toMatchObject({ expiryStatus: 'expiring', daysUntilExpiry: 10, superseded: false });
    const edge = await addCredential(c.id, { name: 'TB test', expiresOn: addDays(today, 30) });
    expect(edge.expiryStatus).toBe('expiring');
    const later = await addCredential(c.id, { name: 'CNA', expiresOn: addDays(today, 31) });
    expect(later).toMatchObject({ expiryStatus: 'valid', daysUntilExpiry: 31 });
    const expired = await addCredential(c.id, { name: "Driver's license", expiresOn: addDays(today, -3) });
    expect(expired).toMatchObject({ expiryStatus: 'expired', daysUntilExpiry: -3 });
    const none = await addCredential(c.id, { name: 'HHA' });
    expect(none).toMatchObject({ expiryStatus: 'none', daysUntilExpiry: null });

    const detail = (await call<CaregiverOutput>('query', 'getCaregiver', { id: c.id }, 'branchmanager')).data;
    expect(detail.credentials.map((x) => x.name)).toEqual(["Driver's license", 'CPR', 'TB test', 'CNA', 'HHA']);
    expect(detail.expiringCredentials.map((x) => x.name)).toEqual(["Driver's license", 'CPR', 'TB test']);

    // A renewal supersedes the card it renews: the old one is no longer flagged.
    await addCredential(c.id, { name: 'cpr', expiresOn: addDays(today, 700) });
    const renewed = (await call<CaregiverOutput>('query', 'getCaregiver', { id: c.id }, 'branchmanager')).data;
    expect(renewed.credentials.find((x) => x.id === soon.id)?.superseded).toBe(true);
    expect(renewed.expiringCredentials.map((x) => x.name)).toEqual(["Driver's license", 'TB test']);

    // Moving an expiry out of the window clears the flag.
    const moved = await call<CaregiverCredentialOutput>(
      'mutation',
      'updateCaregiverCredential',
      { id: expired.id, expiresOn: addDays(today, 400) },
      'branchmanager',
    );
    expect(moved.data).toMatchObject({ expiryStatus: 'valid', name: "Driver's license" });
    const list = await call<CaregiverCredentialOutput[]>('query', 'getCaregiverCredentials', { caregiverId: c.id }, 'nurse');
    expect(list.data.filter((x) => x.expiryStatus === 'expired')).toEqual([]);
    expect((await call('mutation', 'deleteCaregiverCredential', { id: edge.id }, 'branchmanager')).data).toEqual({
      ok: true,
      id: edge.id,
    });
    expect(
      (await call<CaregiverOutput>('query', 'getCaregiver', { id: c.id }, 'branchmanager')).data.expiringCredentials,
    ).toEqual([]);
  });

  it('refuses an expiry before the issue date, also on the credential as it would be saved', async () => {
    const c = await createCaregiver();
    const res = await call(
      'mutation',
      'createCaregiverCredential',
      { caregiverId: c.id, name: 'CPR', issuedOn: '2026-05-01', expiresOn: '2026-04-01' },
      'branchmanager',
    );
    expect([res.status, res.message]).toEqual([400, 'expiresOn: Expires on must be on or after issued on']);
    const ok = await addCredential(c.id, { name: 'CPR', issuedOn: '2026-05-01', expiresOn: '2028-05-01' });
    const patch = await call('mutation', 'updateCaregiverCredential', { id: ok.id, expiresOn: '2026-01-01' }, 'branchmanager');
    expect([patch.status, patch.message]).toEqual([400, 'expiresOn: Expires on must be on or after issued on']);
    expect((await call('mutation', 'createCaregiverCredential', { caregiverId: c.id, name: '' }, 'branchmanager')).message).toBe(
      'name: Name is required',
    );
  });
});

describe('caregiver sign-in', () => {
  it('sends a one-time login link through the outbox, creating and linking the user', async () => {
    const c = await createCaregiver({ email: 'link.test@example.com', phoneNumber: '617-555-0111', status: 'active' });
    const res = await call<CaregiverLoginLinkOutput>(
      'mutation',
      'sendCaregiverLoginLink',
      { caregiverId: c.id },
      'branchmanager',
    );
    expect(res.message).toBeUndefined();
    expect(res.data).toMatchObject({ username: 'link.test', channel: 'email', recipient: 'link.test@example.com' });
    const hours = (Date.parse(res.data.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const [user] = await t.database.db.select().from(users).where(eq(users.id, res.data.userId));
    expect(user).toMatchObject({ roleId: 3, username: 'link.test', email: 'link.test@example.com', firstName: 'Test' });
    const tokensOf = () =>
      t.database.db
        .select()
        .from(verifications)
        .where(eq(verifications.identifier, `login-link:${res.data.userId}`));
    const [verification] = await tokensOf();
    expect(verification!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [message] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, res.data.userId), eq(outbox.kind, 'caregiver_login_link')));
    expect(message).toMatchObject({
      channel: 'email',
      recipient: 'link.test@example.com',
      link: expect.stringMatching(/^\/login\?token=[A-Za-z0-9_-]{43}$/),
    });
    const linkToken = new URLSearchParams(message!.link!.split('?')[1]).get('token')!;
    expect(linkToken).not.toBe(verification!.value);
    expect(hashOf(linkToken)).toBe(verification!.value);

    const detail = (await call<CaregiverOutput>('query', 'getCaregiver', { id: c.id }, 'branchmanager')).data;
    expect(detail.login).toEqual({ userId: res.data.userId, username: 'link.test', isActive: true, hasPassword: false });

    // A second link replaces the first, for the same user, by SMS when asked.
    const again = await call<CaregiverLoginLinkOutput>(
      'mutation',
      'sendCaregiverLoginLink',
      { caregiverId: c.id, channel: 'sms' },
      'branchmanager',
    );
    expect(again.data).toMatchObject({ userId: res.data.userId, channel: 'sms', recipient: '617-555-0111' });
    const remaining = await tokensOf();
    expect(remaining).toHaveLength(1);
    expect(remaining[0]!.value).not.toBe(verification!.value);
  });

  it('refuses a link without an email or phone, and for a terminated caregiver', async () => {
    const bare = await createCaregiver();
    const none = await call('mutation', 'sendCaregiverLoginLink', { caregiverId: bare.id }, 'branchmanager');
    expect([none.status, none.message]).toEqual([
      400,
      `Caregiver ${bare.id} has no email address or phone number to send the link to`,
    ]);
    const gone = await createCaregiver({ email: 'gone@example.com', status: 'terminated' });
    const refused = await call('mutation', 'sendCaregiverLoginLink', { caregiverId: gone.id }, 'branchmanager');
    expect([refused.status, refused.message]).toEqual([
      409,
      `Caregiver ${gone.id} is terminated; make them active to give them a sign-in`,
    ]);
  });

  it.each([
    ['short1!', 'password: Password must be at least 8 characters long'],
    ['Nodigits!!', 'password: Password must contain a number'],
    ['NOLOWER-1', 'password: Password must contain a lowercase letter'],
    ['noupper-1', 'password: Password must contain an uppercase letter'],
    ['NoSpecial1', 'password: Password must contain a special character'],
  ])('refuses the password %s with the failing rule', async (password, message) => {
    const c = await createCaregiver();
    const res = await call('mutation', 'setCaregiverPassword', { caregiverId: c.id, password }, 'branchmanager');
    expect([res.status, res.message]).toEqual([400, message]);
  });

  it('keeps the sign-in user in step: name and phone follow, the email only when the edit changes it', async () => {
    const c = await createCaregiver({ email: 'sync.test@example.com', status: 'active' });
    const login = await call<CaregiverPasswordOutput>(
      'mutation',
      'setCaregiverPassword',
      { caregiverId: c.id, password: 'Sync-pass-1' },
      'branchmanager',
    );
    const userOf = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
    await call('mutation', 'updateCaregiver', { id: c.id, lastName: 'Renamed', phoneNumber: '617-555-0199' }, 'branchmanager');
    expect(await userOf(login.data.userId)).toMatchObject({
      lastName: 'Renamed',
      phoneNumber: '617-555-0199',
      email: 'sync.test@example.com',
    });
    const clash = await call(
      'mutation',
      'updateCaregiver',
      { id: c.id, email: 'companyadmin@demo.hearth.care' },
      'branchmanager',
    );
    expect([clash.status, clash.message]).toEqual([409, 'Another user already has this email']);
    await call('mutation', 'updateCaregiver', { id: c.id, email: 'sync.new@example.com' }, 'branchmanager');
    expect((await userOf(login.data.userId))?.email).toBe('sync.new@example.com');

    // The demo caregiver keeps signing in with caregiver@demo.hearth.care after an edit of their record.
    const [demoUser] = await t.database.db.select().from(users).where(eq(users.username, 'caregiver'));
    const [demo] = await t.database.db.select().from(caregivers).where(eq(caregivers.userId, demoUser!.id));
    const edited = await call('mutation', 'updateCaregiver', { id: demo!.id, phoneNumber: '617-555-0123' }, 'branchmanager');
    expect(edited.status).toBe(200);
    expect(await userOf(demoUser!.id)).toMatchObject({ email: 'caregiver@demo.hearth.care', phoneNumber: '617-555-0123' });
    await t.signIn('caregiver');
  });

  it('sets a password the caregiver can sign in with; termination ends their access', async () => {
    const c = await createCaregiver({ status: 'active' });
    const res = await call<CaregiverPasswordOutput>(
      'mutation',
      'setCaregiverPassword',
      { caregiverId: c.id, password: 'Caregiver-pass-1' },
      'branchmanager',
    );
    expect(res.message).toBeUndefined();
    expect(res.data.username).toBe(`caregiver${c.id}`);
    const token = await t.signIn(res.data.username, 'Caregiver-pass-1');
    const me = await t.trpc('query', 'getCurrentUser', undefined, token);
    expect(me.body.result?.data).toMatchObject({ isCaregiver: true, firstName: 'Test' });

    // Setting it again updates the same account.
    const again = await call<CaregiverPasswordOutput>(
      'mutation',
      'setCaregiverPassword',
      { caregiverId: c.id, password: 'Caregiver-pass-2' },
      'branchmanager',
    );
    expect(again.data.userId).toBe(res.data.userId);
    await expect(t.signIn(res.data.username, 'Caregiver-pass-1')).rejects.toThrow();
    const second = await t.signIn(res.data.username, 'Caregiver-pass-2');
    expect((await call<CaregiverOutput>('query', 'getCaregiver', { id: c.id }, 'branchmanager')).data.login).toMatchObject({
      hasPassword: true,
      isActive: true,
    });

    await call('mutation', 'updateCaregiver', { id: c.id, status: 'terminated' }, 'branchmanager');
    expect((await t.trpc('query', 'getCurrentUser', undefined, second)).status).toBe(401);
  });
});

describe('caregivers view', () => {
  async function queryView(input: Record<string, unknown>, as: string) {
    const res = await t.trpc('query', 'queryView', { view: 'caregivers', pageSize: 500, ...input }, tokens[as]);
    expect(res.body.error?.message).toBeUndefined();
    return res.body.result?.data as QueryViewOutput;
  }

  it('shows a branch manager only Boston caregivers', async () => {
    const mine = await queryView({}, 'branchmanager');
    expect(mine.totalCount).toBeGreaterThan(0);
    expect(new Set(mine.rows.map((r) => r.branchName))).toEqual(new Set(['Boston']));
    const all = await queryView({}, 'companyadmin');
    expect(new Set(all.rows.map((r) => r.branchName))).toEqual(new Set(['Boston', 'Worcester', 'Springfield']));
    const boston = await queryView({ filters: [{ column: 'branchName', operator: 'equals', value: 'Boston' }] }, 'companyadmin');
    expect(mine.totalCount).toBe(boston.totalCount);
    const meta = await t.trpc('query', 'getBackendView', { view: 'caregivers' }, tokens.branchmanager);
    expect(meta.body.result?.data).toMatchObject({ name: 'caregivers', rowLink: '/caregivers/{id}/profile', searchable: true });
  });

  it('flags a caregiver whose credential expires within 30 days, and the seeded ones', async () => {
    const c = await createCaregiver({
      firstName: 'Zebulon',
      lastName: 'Flagtest',
      languages: ['English', 'Spanish'],
      hireDate: '2025-06-01',
    });
    const addCredential = (name: string, expiresOn: string) =>
      call('mutation', 'createCaregiverCredential', { caregiverId: c.id, name, expiresOn }, 'branchmanager');
    await addCredential('CPR', addDays(today, 12));
    await addCredential('CNA', addDays(today, 300));
    const [row] = (await queryView({ search: 'zebulon' }, 'branchmanager')).rows;
    expect(row).toMatchObject({
      id: c.id,
      firstName: 'Zebulon',
      status: 'applicant',
      languages: 'English, Spanish',
      hireDate: '2025-06-01',
      nextCredentialExpiry: addDays(today, 12),
      credentialExpiringSoon: true,
    });
    await addCredential('CPR', addDays(today, 700));
    const [renewed] = (await queryView({ search: 'Flagtest' }, 'branchmanager')).rows;
    expect(renewed).toMatchObject({ nextCredentialExpiry: addDays(today, 300), credentialExpiringSoon: false });

    const flagged = await queryView(
      { filters: [{ column: 'credentialExpiringSoon', operator: 'equals', value: true }] },
      'companyadmin',
    );
    expect(flagged.totalCount).toBeGreaterThan(0);
    for (const r of flagged.rows) expect(String(r.nextCredentialExpiry) <= addDays(today, 30)).toBe(true);
  });

  it('gives every demo caregiver credentials, pay rates, skills, languages and a 40-hour cap', async () => {
    const seeded = (
      await queryView({ filters: [{ column: 'status', operator: 'equals', value: 'active' }] }, 'developer')
    ).rows.slice(0, 5);
    for (const row of seeded) {
      const c = (await call<CaregiverOutput>('query', 'getCaregiver', { id: row.id }, 'developer')).data;
      expect(c.credentials.map((x) => x.name)).toContain('CPR');
      expect(c.credentials.some((x) => x.name === 'CNA' || x.name === 'HHA')).toBe(true);
      expect(c.payRates.length).toBeGreaterThan(0);
      expect(c.skills.length).toBeGreaterThan(1);
      expect(c.languages).toContain('English');
      expect(c.maxWeeklyHours).toBe(40);
    }
  });
});
