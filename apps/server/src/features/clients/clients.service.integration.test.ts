import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ClientAddressOutput,
  ClientContactOutput,
  ClientJournalEntryOutput,
  ClientOutput,
  NurseAssessmentOutput,
} from '@hearth/shared/clients/clients.schema';
import type { TestApp } from '../../test/test-app';
import { startClientTests, type ClientApi, type ClientFixtures } from './clients.test-support';

let t: TestApp;
let f: ClientFixtures;
let api: ClientApi;
beforeAll(async () => ({ t, f, api } = await startClientTests()));
afterAll(() => t.close());

const newClient = (patch: Record<string, unknown> = {}) => ({
  branchId: f.boston.id,
  firstName: 'Ana',
  lastName: 'Silva',
  ...patch,
});

describe('clients', () => {
  it('creates, reads and edits a client, leaving as a whitelist of fields', async () => {
    const created = await api.ok<ClientOutput>(
      'mutation',
      'createClient',
      newClient({
        dateOfBirth: '1941-07-04',
        phoneNumber: '(617) 555-0100',
        email: 'Ana.Silva@Example.com',
        carePlanTasks: ['Bathing', 'Meal preparation'],
        accessNotes: 'Key code 4411; friendly dog',
        primaryPayerSourceId: f.payer.id,
      }),
    );
    expect(created).toMatchObject({
      branchId: f.boston.id,
      branchName: 'Boston',
      status: 'active',
      email: 'ana.silva@example.com',
      primaryPayerSourceName: 'MassHealth',
      carePlanTasks: ['Bathing', 'Meal preparation'],
      userId: null,
    });
    expect(Object.keys(created).sort()).toEqual(
      [
        'id',
        'branchId',
        'branchName',
        'userId',
        'firstName',
        'lastName',
        'dateOfBirth',
        'gender',
        'preferredLanguage',
        'phoneNumber',
        'email',
        'medicaidId',
        'status',
        'primaryPayerSourceId',
        'primaryPayerSourceName',
        'carePlanTasks',
        'accessNotes',
        'notes',
        'createdAt',
        'updatedAt',
      ].sort(),
    );
    expect(created.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const read = await api.ok<ClientOutput>('query', 'getClient', { id: created.id }, 'nurse');
    expect(read).toEqual(created);

    const edited = await api.ok<ClientOutput>('mutation', 'updateClient', { id: created.id, lastName: 'Souza', accessNotes: '' });
    expect(edited).toMatchObject({ lastName: 'Souza', firstName: 'Ana', accessNotes: null, dateOfBirth: '1941-07-04' });
  });

  it('changes status through on hold, discharged and deceased, and never deletes', async () => {
    const { id } = await api.ok<ClientOutput>('mutation', 'createClient', newClient());
    for (const status of ['on_hold', 'discharged', 'deceased', 'active'] as const) {
      expect((await api.ok<ClientOutput>('mutation', 'updateClient', { id, status })).status).toBe(status);
    }
    const bad = await api.fail('mutation', 'updateClient', { id, status: 'deleted' });
    expect(bad).toMatchObject({ status: 400, message: 'status: Status must be active, on hold, discharged or deceased' });
    expect((await t.trpc('mutation', 'deleteClient', { id }, api.tokens.developer)).status).toBe(404);
  });

  it('answers field errors for invalid input', async () => {
    const res = await api.fail('mutation', 'createClient', newClient({ firstName: '', email: 'x@', dateOfBirth: '1950-13-01' }));
    expect(res.status).toBe(400);
    expect(res.message).toBe('firstName: First name is required');
    expect(res.fieldErrors).toEqual({
      firstName: ['First name is required'],
      email: ['Invalid email'],
      dateOfBirth: ['Use a real date written YYYY-MM-DD'],
    });
  });

  it('takes only payer sources of the client’s company', async () => {
    const res = await api.fail('mutation', 'createClient', newClient({ primaryPayerSourceId: f.foreignPayer.id }));
    expect(res).toMatchObject({
      status: 400,
      message: `Payer source ${f.foreignPayer.id} not found`,
      fieldErrors: { primaryPayerSourceId: ['Unknown payer source'] },
    });
  });

  it('shows the payer in the clients view', async () => {
    await api.ok('mutation', 'updateClient', { id: f.bostonClientId, primaryPayerSourceId: f.secondPayer.id });
    const res = await api.ok<{ rows: Record<string, unknown>[] }>('query', 'queryView', {
      view: 'clients',
      filters: [{ column: 'payerName', operator: 'equals', value: 'Commonwealth Care Alliance' }],
    });
    expect(res.rows.map((r) => r.id)).toEqual([f.bostonClientId]);
  });

  it('lets only roles with the action create clients', async () => {
    expect((await api.fail('mutation', 'createClient', newClient(), 'prn')).status).toBe(403);
    expect((await api.fail('query', 'getClient', { id: f.bostonClientId }, 'caregiver')).status).toBe(403);
  });
});

describe('branch scope', () => {
  it('finds another branch’s client for wider roles only; others get 404, not 403', async () => {
    const id = f.worcesterClientId;
    expect((await api.ok<ClientOutput>('query', 'getClient', { id }, 'developer')).branchName).toBe('Worcester');
    expect((await api.ok<ClientOutput>('query', 'getClient', { id }, 'rvp')).branchName).toBe('Worcester');
    for (const [kind, path, input] of [
      ['query', 'getClient', { id }],
      ['mutation', 'updateClient', { id, status: 'on_hold' }],
      ['query', 'getClientAddresses', { clientId: id }],
      ['query', 'getClientContacts', { clientId: id }],
      ['query', 'getClientAuthorizations', { clientId: id }],
      ['query', 'getClientJournalEntries', { clientId: id }],
      ['query', 'getNurseAssessments', { clientId: id }],
      ['mutation', 'createClientAddress', { clientId: id, line1: '1 Main St', city: 'Worcester', state: 'MA', zip: '01608' }],
      ['mutation', 'createClientJournalEntry', { clientId: id, entryDate: '2025-03-01', subject: 'Visit', body: 'Fine' }],
      ['mutation', 'sendClientLoginLink', { clientId: id }],
      ['query', 'getClientAuthMetrics', { clientId: id, startDate: '2025-03-01', endDate: '2025-03-31' }],
      ['query', 'getClientAuthorizationCodeCombos', { clientId: id }],
    ] as const) {
      const res = await api.fail(kind, path, input, 'branchmanager');
      expect({ path, status: res.status, message: res.message }).toEqual({
        path,
        status: 404,
        message: `Client ${id} not found`,
      });
    }
  });

  it('hides another branch’s records by their own ids', async () => {
    const [address] = await api.ok<ClientAddressOutput[]>(
      'query',
      'getClientAddresses',
      { clientId: f.worcesterClientId },
      'developer',
    );
    const note = await api.ok<ClientJournalEntryOutput>(
      'mutation',
      'createClientJournalEntry',
      { clientId: f.worcesterClientId, entryDate: '2025-03-01', subject: 'Call', body: 'Called the family' },
      'prn',
    );
    const moved = await api.fail('mutation', 'updateClientAddress', { id: address!.id, city: 'Boston' });
    expect(moved).toMatchObject({ status: 404, message: `Address ${address!.id} not found` });
    expect(await api.fail('mutation', 'deleteClientJournalEntry', { id: note.id })).toMatchObject({
      status: 404,
      message: `Journal entry ${note.id} not found`,
    });
  });

  it('creates clients only in a branch in scope', async () => {
    const res = await api.fail('mutation', 'createClient', newClient({ branchId: f.worcester.id }));
    expect(res).toMatchObject({ status: 404, message: `Branch ${f.worcester.id} not found` });
    const moved = await api.fail('mutation', 'updateClient', { id: f.bostonClientId, branchId: f.worcester.id });
    expect(moved).toMatchObject({ status: 404, message: `Branch ${f.worcester.id} not found` });
  });
});

describe('addresses', () => {
  const tremont = { line1: '10 Tremont St', city: 'Boston', state: 'ma', zip: '02108', lat: 42.357, lon: -71.06 };
  const address = (clientId: number, patch: Record<string, unknown> = {}) => ({ clientId, ...tremont, ...patch });

  it('keeps exactly one primary address per client', async () => {
    const { id: clientId } = await api.ok<ClientOutput>('mutation', 'createClient', newClient());
    const first = await api.ok<ClientAddressOutput>('mutation', 'createClientAddress', address(clientId, { isPrimary: false }));
    expect(first).toMatchObject({ isPrimary: true, label: 'Home', state: 'MA', lat: 42.357, lon: -71.06 });
    const second = await api.ok<ClientAddressOutput>(
      'mutation',
      'createClientAddress',
      address(clientId, { label: 'Daughter', line1: '5 Elm St' }),
    );
    expect(second.isPrimary).toBe(false);
    const third = await api.ok<ClientAddressOutput>(
      'mutation',
      'createClientAddress',
      address(clientId, { line1: '7 Oak St', isPrimary: true }),
    );
    expect(third.isPrimary).toBe(true);
    const primaries = async () =>
      (await api.ok<ClientAddressOutput[]>('query', 'getClientAddresses', { clientId }))
        .filter((a) => a.isPrimary)
        .map((a) => a.id);
    expect(await primaries()).toEqual([third.id]);

    const promoted = await api.ok<ClientAddressOutput>('mutation', 'updateClientAddress', {
      id: second.id,
      isPrimary: true,
      zip: '02109-1234',
    });
    expect(promoted).toMatchObject({ isPrimary: true, zip: '02109-1234', label: 'Daughter' });
    expect(await primaries()).toEqual([second.id]);
    const list = await api.ok<ClientAddressOutput[]>('query', 'getClientAddresses', { clientId });
    expect(list[0]!.id).toBe(second.id);

    // A partial update: an edit naming only the address changes nothing and answers it as it is.
    expect(await api.ok<ClientAddressOutput>('mutation', 'updateClientAddress', { id: second.id })).toEqual(promoted);

    const unmark = await api.fail('mutation', 'updateClientAddress', { id: second.id, isPrimary: false });
    expect(unmark).toMatchObject({ status: 400, message: 'Mark another address as primary instead' });

    expect(await api.ok('mutation', 'deleteClientAddress', { id: second.id })).toEqual({ id: second.id });
    expect(await primaries()).toEqual([first.id]);
  });

  it('answers field errors for invalid addresses', async () => {
    const res = await api.fail(
      'mutation',
      'createClientAddress',
      address(f.bostonClientId, { lon: null, zip: '123', line1: '' }),
    );
    expect(res.status).toBe(400);
    expect(res.fieldErrors).toEqual({
      line1: ['Street address is required'],
      zip: ['ZIP "123" is not a US ZIP code (5 digits or ZIP+4)'],
      lon: ['Give both latitude and longitude or neither'],
    });
  });
});

describe('contacts', () => {
  const rosa = { firstName: 'Rosa', lastName: 'Silva', relationship: 'Daughter', phoneNumber: '617-555-0199' };
  const contact = (clientId: number, patch: Record<string, unknown> = {}) => ({ clientId, ...rosa, ...patch });

  it('creates, lists, edits and deletes contacts', async () => {
    const { id: clientId } = await api.ok<ClientOutput>('mutation', 'createClient', newClient());
    const rosa = await api.ok<ClientContactOutput>('mutation', 'createClientContact', contact(clientId));
    expect(rosa).toMatchObject({
      relationship: 'Daughter',
      isEmergencyContact: false,
      hasPortalAccess: false,
      userId: null,
      email: null,
    });
    const paulo = await api.ok<ClientContactOutput>(
      'mutation',
      'createClientContact',
      contact(clientId, { firstName: 'Paulo', relationship: 'Son', isEmergencyContact: true }),
    );
    const list = await api.ok<ClientContactOutput[]>('query', 'getClientContacts', { clientId });
    expect(list.map((c) => c.id)).toEqual([paulo.id, rosa.id]);

    const edited = await api.ok<ClientContactOutput>('mutation', 'updateClientContact', {
      id: rosa.id,
      email: 'Rosa@Example.com',
      hasPortalAccess: true,
    });
    expect(edited).toMatchObject({ email: 'rosa@example.com', hasPortalAccess: true, phoneNumber: '617-555-0199' });
    expect(await api.ok('mutation', 'deleteClientContact', { id: paulo.id })).toEqual({ id: paulo.id });
    expect((await api.ok<ClientContactOutput[]>('query', 'getClientContacts', { clientId })).map((c) => c.id)).toEqual([rosa.id]);
  });

  it('applies the contact rules to the input and to the edited record', async () => {
    const created = await api.fail(
      'mutation',
      'createClientContact',
      contact(f.bostonClientId, { phoneNumber: '', isEmergencyContact: true }),
    );
    expect(created).toMatchObject({ status: 400, message: 'phoneNumber: An emergency contact needs a phone number' });
    const rosa = await api.ok<ClientContactOutput>(
      'mutation',
      'createClientContact',
      contact(f.bostonClientId, { phoneNumber: null }),
    );
    const edited = await api.fail('mutation', 'updateClientContact', { id: rosa.id, hasPortalAccess: true });
    expect(edited).toMatchObject({
      status: 400,
      message: 'email: Portal access needs an email address',
      fieldErrors: { email: ['Portal access needs an email address'] },
    });
  });
});

describe('journal entries', () => {
  it('records the caller as author; edits keep the author', async () => {
    const entry = await api.ok<ClientJournalEntryOutput>(
      'mutation',
      'createClientJournalEntry',
      { clientId: f.bostonClientId, entryDate: '2025-03-02', subject: 'Fall risk', body: 'Rug in the hallway removed.' },
      'nurse',
    );
    const nurse = await api.ok<{ id: number; firstName: string; lastName: string }>(
      'query',
      'getCurrentUser',
      undefined,
      'nurse',
    );
    expect(entry).toMatchObject({
      authorUserId: nurse.id,
      authorName: `${nurse.firstName} ${nurse.lastName}`,
      entryDate: '2025-03-02',
    });
    const older = await api.ok<ClientJournalEntryOutput>(
      'mutation',
      'createClientJournalEntry',
      { clientId: f.bostonClientId, entryDate: '2025-02-01', subject: 'Intake', body: 'Admitted.' },
      'branchmanager',
    );
    const edited = await api.ok<ClientJournalEntryOutput>('mutation', 'updateClientJournalEntry', {
      id: entry.id,
      subject: 'Fall risk reduced',
    });
    expect(edited).toMatchObject({ subject: 'Fall risk reduced', authorUserId: nurse.id, body: 'Rug in the hallway removed.' });
    const list = await api.ok<ClientJournalEntryOutput[]>(
      'query',
      'getClientJournalEntries',
      { clientId: f.bostonClientId },
      'rvp',
    );
    expect(list.map((e) => e.id).slice(0, 2)).toEqual([entry.id, older.id]);
    expect(await api.ok('mutation', 'deleteClientJournalEntry', { id: older.id }, 'nurse')).toEqual({ id: older.id });
    const bad = await api.fail('mutation', 'createClientJournalEntry', {
      clientId: f.bostonClientId,
      entryDate: '03/02/2025',
      subject: '',
      body: 'x',
    });
    expect(bad.fieldErrors).toEqual({ entryDate: ['Use a real date written YYYY-MM-DD'], subject: ['Subject is required'] });
  });
});

describe('nurse assessments', () => {
  it('records, lists and edits assessments, with the nurse as the caller', async () => {
    const created = await api.ok<NurseAssessmentOutput>(
      'mutation',
      'createNurseAssessment',
      {
        clientId: f.bostonClientId,
        assessmentType: 'supervisory',
        assessedOn: '2025-03-03',
        nextDueOn: '2025-05-03',
        findings: 'Stable.',
      },
      'nurse',
    );
    const nurse = await api.ok<{ id: number }>('query', 'getCurrentUser', undefined, 'nurse');
    expect(created).toMatchObject({ nurseUserId: nurse.id, nextDueOn: '2025-05-03', carePlanChanges: null });
    const edited = await api.ok<NurseAssessmentOutput>(
      'mutation',
      'updateNurseAssessment',
      { id: created.id, carePlanChanges: 'Add shower chair.', nextDueOn: null },
      'nurse',
    );
    expect(edited).toMatchObject({ carePlanChanges: 'Add shower chair.', nextDueOn: null, findings: 'Stable.' });
    const list = await api.ok<NurseAssessmentOutput[]>('query', 'getNurseAssessments', { clientId: f.bostonClientId }, 'rvp');
    expect(list.map((a) => a.id)).toContain(created.id);
  });

  it('wants the next due date after the assessment, also on edit', async () => {
    const created = await api.ok<NurseAssessmentOutput>(
      'mutation',
      'createNurseAssessment',
      { clientId: f.bostonClientId, assessmentType: 'initial', assessedOn: '2025-03-03', findings: 'New client.' },
      'nurse',
    );
    const res = await api.fail('mutation', 'updateNurseAssessment', { id: created.id, nextDueOn: '2025-03-01' }, 'nurse');
    expect(res).toMatchObject({ status: 400, message: 'nextDueOn: The next due date must be after the assessment date' });
    const type = await api.fail('mutation', 'createNurseAssessment', {
      clientId: f.bostonClientId,
      assessmentType: 'x',
      assessedOn: '2025-03-03',
      findings: 'x',
    });
    expect(type.message).toBe('assessmentType: Assessment type must be initial, supervisory, reassessment or discharge');
    expect((await api.fail('mutation', 'createNurseAssessment', { clientId: f.bostonClientId }, 'prn')).status).toBe(403);
  });
});
