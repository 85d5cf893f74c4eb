import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { PDFDocument, PDFName, PDFRawStream } from '@cantoo/pdf-lib';
import type {
  CareSheetCheckOutDetails,
  CareSheetListItem,
  CareSheetPdfDetails,
  CareSheetPdfFile,
} from '@hearth/shared/care-sheets/care-sheets.schema';
import type { CaregiverPasswordOutput } from '@hearth/shared/caregivers/caregivers.schema';
import { HEADERS } from '@hearth/shared/app/app.constants';
import { startTestApp, type TestApp, type TrpcBody } from '../../test/test-app';
import { branches } from '../branches/branches.schema';
import { caregivers } from '../caregivers/caregivers.schema';
import { clientAddresses, clients } from '../clients/clients.schema';
import { shifts, shiftTimesheets } from '../shifts/shifts.schema';
import { careSheets } from './care-sheets.schema';

/**
 * Fresh clients and caregivers of their own, shifts in 2031 (and, for the prefetch window, around today for a
 * caregiver no demo shift has), so demo data never meets these assertions. The server's receipt clock is the
 * test's: a record arrives at the latest visit time it carries (sent online at the visit; an online check is
 * recorded at its receipt time), or, as an offline replay, two seconds after it, so the EVV time rules
 * (caregiver-app.evv-time.integration.test.ts) accept the 2031 visits.
 */
let t: TestApp;
let serverNow: Date | null = null;
const tokens: Record<string, string> = {};
const PASSWORD = 'Care-sheet-pass-1';
const TASKS = ['Bathing', 'Meal preparation', 'Medication reminders'];
/** A real 1x1 PNG, as the canvas would send it. */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const HOME = { lat: 42.3016, lon: -71.0676 };

let bostonId: number;
let worcesterId: number;
let planClient: number;
let noPlanClient: number;
let me: number;
let other: number;
const s = {} as Record<
  'main' | 'replay' | 'offline' | 'header' | 'draftReplay' | 'noPlan' | 'noneDone' | 'cancelled' | 'others' | 'worcester',
  number
>;
let worcesterSheet: number;

const db = () => t.database.db;
const at = (iso: string) => new Date(iso);

/**
 * Sets the receipt clock at the latest check-in or check-out time of a record (an online record is sent at the
 * visit), `lagMs` after it, or to the real clock when it carries none.
 */
function receiveAfter(input: unknown, lagMs: number) {
  const checks = (input as { checkInOut?: { checkIn?: string | null; checkOut?: string | null } } | undefined)?.checkInOut;
  const times = [checks?.checkIn, checks?.checkOut].filter((x): x is string => Boolean(x)).map((x) => Date.parse(x));
  serverNow = times.length > 0 ? new Date(Math.max(...times) + lagMs) : null;
}

/** The headers of an offline replay: the phone recorded it at its latest visit time and uploads it two seconds later. */
function offlineReplay(input: unknown): Record<string, string> {
  receiveAfter(input, 2_000);
  return { [HEADERS.offline]: '1', [HEADERS.offlineTimestamp]: new Date(serverNow!.getTime() - 2_000).toISOString() };
}

/** A tRPC call as `as`; with `offline`, a mutation sent as the phone's offline replay (offlineReplay). */
async function call<T>(
  kind: 'query' | 'mutation',
  path: string,
  input: unknown,
  as: string,
  options: { offline?: boolean } = {},
) {
  const headers = options.offline ? offlineReplay(input) : (receiveAfter(input, 0), {});
  const res =
    kind === 'mutation'
      ? await t.fetch(`/api/trpc/${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens[as]}`, 'content-type': 'application/json', ...headers },
          body: JSON.stringify(input),
        })
      : await t.fetch(`/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, {
          headers: { authorization: `Bearer ${tokens[as]}` },
        });
  const body = (await res.json()) as TrpcBody;
  return {
    status: res.status,
    data: body.result?.data as T,
    message: body.error?.message,
    fieldErrors: body.error?.data.fieldErrors,
  };
}

async function ok<T>(
  kind: 'query' | 'mutation',
  path: string,
  input: unknown,
  as = 'me',
  options: { offline?: boolean } = {},
): Promise<T> {
  const res = await call<T>(kind, path, input, as, options);
  if (res.status !== 200) throw new Error(`${path} as ${as}: ${res.status} ${res.message}`);
  return res.data;
}

async function addCaregiver(firstName: string, branchId = bostonId): Promise<number> {
  const [row] = await db()
    .insert(caregivers)
    .values({ branchId, firstName, lastName: 'Sheeter', status: 'active' })
    .returning({ id: caregivers.id });
  return row!.id;
}

async function addShift(fields: Partial<typeof shifts.$inferInsert> & { startAt: Date; endAt: Date }): Promise<number> {
  const [row] = await db()
    .insert(shifts)
    .values({ branchId: bostonId, clientId: planClient, caregiverId: me, serviceCode: 'T1019', ...fields })
    .returning({ id: shifts.id });
  return row!.id;
}

/** Gives a caregiver a sign-in user (setCaregiverPassword, as the office does) and signs them in as `key`. */
async function signInCaregiver(key: string, caregiverId: number) {
  const res = await ok<CaregiverPasswordOutput>(
    'mutation',
    'setCaregiverPassword',
    { caregiverId, password: PASSWORD },
    'companyadmin',
  );
  tokens[key] = await t.signIn(res.username, PASSWORD);
}

/** A saveCareSheetCheckInOut input for a shift with a fresh clientRecordId. */
function record(shiftId: number, patch: Record<string, unknown> = {}, checkInOut: Record<string, unknown> = {}) {
  return { shift_id: shiftId, clientRecordId: randomUUID(), checkInOut, ...patch };
}

const online = (lat = HOME.lat) => ({ position: { lat, lon: HOME.lon, accuracyMetres: 12 }, offline: false });

async function shiftRow(id: number) {
  const [row] = await db().select().from(shifts).where(eq(shifts.id, id));
  return row!;
}

async function timesheetsOf(shiftId: number) {
  return db().select().from(shiftTimesheets).where(eq(shiftTimesheets.shiftId, shiftId));
}

async function sheetsOf(shiftId: number) {
  return db().select().from(careSheets).where(eq(careSheets.shiftId, shiftId));
}

/** Decodes a PDF answer: its bytes, the parsed document, and whether it embeds an image XObject. */
async function parsePdf(file: CareSheetPdfFile) {
  const bytes = Buffer.from(file.base64, 'base64');
  const doc = await PDFDocument.load(bytes);
  const hasImage = doc.context
    .enumerateIndirectObjects()
    .some(([, obj]) => obj instanceof PDFRawStream && obj.dict.get(PDFName.of('Subtype'))?.toString() === '/Image');
  return { bytes, doc, hasImage };
}

beforeAll(async () => {
  t = await startTestApp({ now: () => serverNow ?? new Date() });
  for (const u of ['companyadmin', 'branchmanager']) tokens[u] = await t.signIn(u);
  const rows = await db().select().from(branches);
  bostonId = rows.find((b) => b.name === 'Boston')!.id;
  worcesterId = rows.find((b) => b.name === 'Worcester')!.id;
  const [plan] = await db()
    .insert(clients)
    .values({ branchId: bostonId, firstName: 'Rosa', lastName: 'Careful', carePlanTasks: TASKS })
    .returning({ id: clients.id });
  planClient = plan!.id;
  await db()
    .insert(clientAddresses)
    .values({
      clientId: planClient,
      line1: '12 Adams St',
      city: 'Dorchester',
      state: 'MA',
      zip: '02122',
      ...HOME,
      isPrimary: true,
    });
  const [noPlan] = await db()
    .insert(clients)
    .values({ branchId: bostonId, firstName: 'Ned', lastName: 'Noplan' })
    .returning({ id: clients.id });
  noPlanClient = noPlan!.id;
  const [wClient] = await db()
    .insert(clients)
    .values({ branchId: worcesterId, firstName: 'Wanda', lastName: 'Worcester' })
    .returning({ id: clients.id });

  me = await addCaregiver('Mia');
  other = await addCaregiver('Otto');
  const worcesterCaregiver = await addCaregiver('Walt', worcesterId);
  await signInCaregiver('me', me);
  await signInCaregiver('other', other);

  s.main = await addShift({ startAt: at('2031-03-04T14:00:00Z'), endAt: at('2031-03-04T18:00:00Z') });
  s.replay = await addShift({ startAt: at('2031-03-05T14:00:00Z'), endAt: at('2031-03-05T18:00:00Z') });
  s.offline = await addShift({ startAt: at('2031-03-06T14:00:00Z'), endAt: at('2031-03-06T18:00:00Z') });
  s.header = await addShift({ startAt: at('2031-03-07T14:00:00Z'), endAt: at('2031-03-07T18:00:00Z') });
  s.draftReplay = await addShift({ startAt: at('2031-03-11T14:00:00Z'), endAt: at('2031-03-11T18:00:00Z') });
  s.noPlan = await addShift({ clientId: noPlanClient, startAt: at('2031-03-08T14:00:00Z'), endAt: at('2031-03-08T18:00:00Z') });
  s.noneDone = await addShift({ startAt: at('2031-03-10T14:00:00Z'), endAt: at('2031-03-10T18:00:00Z') });
  s.cancelled = await addShift({ status: 'cancelled', startAt: at('2031-03-09T14:00:00Z'), endAt: at('2031-03-09T18:00:00Z') });
  s.others = await addShift({ caregiverId: other, startAt: at('2031-03-04T14:00:00Z'), endAt: at('2031-03-04T18:00:00Z') });
  s.worcester = await addShift({
    branchId: worcesterId,
    clientId: wClient!.id,
    caregiverId: worcesterCaregiver,
    startAt: at('2031-03-04T14:00:00Z'),
    endAt: at('2031-03-04T18:00:00Z'),
  });
  const [sheet] = await db()
    .insert(careSheets)
    .values({ shiftId: s.worcester, caregiverId: worcesterCaregiver, completedTasks: ['Bathing'] })
    .returning({ id: careSheets.id });
  worcesterSheet = sheet!.id;
});

afterAll(async () => {
  await t?.close();
});

describe('getCareSheetCheckOutDetails', () => {
  it('answers the caregiver their own shift with the care plan tasks and no answers yet', async () => {
    const details = await ok<CareSheetCheckOutDetails>('query', 'getCareSheetCheckOutDetails', { shift_id: s.main });
    expect(details).toEqual({
      shift_id: s.main,
      care_sheet_id: null,
      clientName: 'Rosa Careful',
      carePlanId: planClient,
      startTimestamp: '2031-03-04T14:00:00.000Z',
      endTimestamp: '2031-03-04T18:00:00.000Z',
      timezone: 'America/New_York',
      checkIn: null,
      checkOut: null,
      tasks: TASKS,
      previous: null,
    });
  });

  it("answers 404 for another caregiver's shift and 403 for a user with no caregiver record", async () => {
    const res = await call('query', 'getCareSheetCheckOutDetails', { shift_id: s.others }, 'me');
    expect(res).toMatchObject({ status: 404, message: `Shift ${s.others} not found` });
    const staff = await call('query', 'listMyCareSheets', undefined, 'branchmanager');
    expect(staff.status).toBe(403);
  });
});

describe('saveCareSheetCheckInOut', () => {
  it('saves a draft without submitting, and the details show the answers so far', async () => {
    const answer = await ok<{ care_sheet_id: number; scheduleId: number }>(
      'mutation',
      'saveCareSheetCheckInOut',
      record(s.main, { completed_tasks: ['Bathing', 'Meal preparation'], caregiver_comment: '  Ate well  ' }),
    );
    expect(answer.scheduleId).toBe(s.main);
    const details = await ok<CareSheetCheckOutDetails>('query', 'getCareSheetCheckOutDetails', { shift_id: s.main });
    expect(details.care_sheet_id).toBe(answer.care_sheet_id);
    expect(details.previous).toMatchObject({
      completed_tasks: ['Bathing', 'Meal preparation'],
      caregiver_comment: 'Ate well',
      client_signature: null,
      submittedAt: null,
      reviewedAt: null,
    });
    // A later draft changes only the fields it gives.
    await ok('mutation', 'saveCareSheetCheckInOut', record(s.main, { transportation_data: { miles: 4.5, trips: 1 } }));
    const [sheet] = await sheetsOf(s.main);
    expect(sheet).toMatchObject({
      completedTasks: ['Bathing', 'Meal preparation'],
      transportationData: { miles: 4.5, trips: 1 },
    });
    expect(sheet!.submittedAt).toBeNull();
  });

  it('refuses to submit without the client signature or a reason, naming the rule, and writes nothing', async () => {
    const times = {
      checkIn: '2031-03-04T14:02:00Z',
      checkOut: '2031-03-04T17:58:00Z',
      checkInMetadata: online(),
      checkOutMetadata: online(),
    };
    const res = await call(
      'mutation',
      'saveCareSheetCheckInOut',
      record(s.main, { submitted: true, caregiver_signature: PNG }, times),
      'me',
    );
    expect(res.status).toBe(400);
    expect(res.message).toContain('The client signs or initials, or give the reason they could not');
    expect(res.fieldErrors?.client_signature).toBeDefined();
    expect(await timesheetsOf(s.main)).toHaveLength(0);
  });

  it('names the broken rules in Spanish to a Spanish reader, in the message and on the fields', async () => {
    expect((await t.trpc('mutation', 'setMyLanguage', { language: 'es' }, tokens.me)).status).toBe(200);
    try {
      const res = await call('mutation', 'saveCareSheetCheckInOut', record(s.main, { submitted: true }), 'me');
      expect(res.status).toBe(400);
      expect(res.message).toBe(
        'No se puede enviar la hoja de cuidados: El cliente firma o pone sus iniciales, o indique el motivo por el ' +
          'que no pudo; Firme o ponga sus iniciales en la hoja de cuidados',
      );
      expect(res.fieldErrors?.caregiver_signature).toEqual(['Firme o ponga sus iniciales en la hoja de cuidados']);
    } finally {
      await t.trpc('mutation', 'setMyLanguage', { language: null }, tokens.me);
    }
    expect(await timesheetsOf(s.main)).toHaveLength(0);
  });

  it('submits with the reason the client could not sign: times recorded, submitted, tasks_missing cleared', async () => {
    // Online, each check is sent as it happens: the check-in at the start, the check-out with the submitted sheet.
    await ok(
      'mutation',
      'saveCareSheetCheckInOut',
      record(s.main, {}, { checkIn: '2031-03-04T14:02:00Z', checkInMetadata: online() }),
    );
    const times = { checkOut: '2031-03-04T17:58:00Z', checkOutMetadata: online() };
    await ok(
      'mutation',
      'saveCareSheetCheckInOut',
      record(s.main, { submitted: true, client_unable_to_sign_reason: 'Arthritis flare', caregiver_signature: PNG }, times),
    );
    const shift = await shiftRow(s.main);
    expect(shift).toMatchObject({
      status: 'completed',
      checkInAt: at('2031-03-04T14:02:00Z'),
      checkOutAt: at('2031-03-04T17:58:00Z'),
      tasksMissing: false,
    });
    const [sheet] = await sheetsOf(s.main);
    expect(sheet!.submittedAt).not.toBeNull();
    expect(sheet!.clientUnableToSignReason).toBe('Arthritis flare');
    const [timesheet] = await timesheetsOf(s.main);
    expect(timesheet).toMatchObject({ checkInType: 1, checkOutType: 1 });
  });

  it('keeps tasks_missing when submitted with no task done, and clears it when the client has no care plan', async () => {
    const visit = { checkIn: '2031-03-08T14:00:00Z', checkOut: '2031-03-08T18:00:00Z' };
    await ok(
      'mutation',
      'saveCareSheetCheckInOut',
      record(s.noPlan, { submitted: true, client_initials: PNG, caregiver_initials: PNG }, visit),
      'me',
      { offline: true },
    );
    expect((await shiftRow(s.noPlan)).tasksMissing).toBe(false);

    const empty = { checkIn: '2031-03-10T14:00:00Z', checkOut: '2031-03-10T18:00:00Z' };
    await ok(
      'mutation',
      'saveCareSheetCheckInOut',
      record(s.noneDone, { submitted: true, completed_tasks: [], client_initials: PNG, caregiver_initials: PNG }, empty),
      'me',
      { offline: true },
    );
    expect((await shiftRow(s.noneDone)).tasksMissing).toBe(true);
    expect((await sheetsOf(s.noneDone))[0]!.submittedAt).not.toBeNull();
  });

  it('refuses a care sheet of a cancelled shift', async () => {
    const res = await call('mutation', 'saveCareSheetCheckInOut', record(s.cancelled, { completed_tasks: [] }), 'me');
    expect(res).toMatchObject({ status: 400, message: `Shift ${s.cancelled} is cancelled: its care sheet cannot be saved` });
  });

  it('refuses a signature that is not a PNG image', async () => {
    const notPng = `data:image/png;base64,${Buffer.from('GIF89a not a png').toString('base64')}`;
    const res = await call('mutation', 'saveCareSheetCheckInOut', record(s.header, { caregiver_signature: notPng }), 'me');
    expect(res.status).toBe(400);
    expect(res.fieldErrors?.caregiver_signature).toEqual(['A signature is a PNG image drawn on the screen']);
  });

  it('answers a replay from its receipt; a later version of the record adds the check-out', async () => {
    const checkInOnly = record(s.replay, { completed_tasks: [] }, { checkIn: '2031-03-05T14:05:00Z', checkInMetadata: online() });
    const first = await ok<{ care_sheet_id: number; scheduleId: number }>('mutation', 'saveCareSheetCheckInOut', checkInOnly);
    const again = await ok<{ care_sheet_id: number; scheduleId: number }>('mutation', 'saveCareSheetCheckInOut', checkInOnly);
    expect(again).toEqual(first);
    expect(await sheetsOf(s.replay)).toHaveLength(1);
    expect(await timesheetsOf(s.replay)).toHaveLength(1);
    expect((await shiftRow(s.replay)).status).toBe('in_progress');

    const withCheckOut = {
      ...checkInOnly,
      clientRecordId: randomUUID(),
      checkInOut: { ...checkInOnly.checkInOut, checkOut: '2031-03-05T18:01:00Z', checkOutMetadata: online() },
    };
    const second = await ok<{ care_sheet_id: number }>('mutation', 'saveCareSheetCheckInOut', withCheckOut);
    expect(second.care_sheet_id).toBe(first.care_sheet_id);
    const [timesheet] = await timesheetsOf(s.replay);
    expect(timesheet).toMatchObject({ checkIn: at('2031-03-05T14:05:00Z'), checkOut: at('2031-03-05T18:01:00Z') });
    expect(await timesheetsOf(s.replay)).toHaveLength(1);
    // Checked out with no task done yet: the visit shows tasks missing until the sheet is submitted with some.
    expect(await shiftRow(s.replay)).toMatchObject({ status: 'completed', tasksMissing: true });
    expect(await ok('mutation', 'saveCareSheetCheckInOut', checkInOnly)).toEqual(first);

    // Submitted with a task done: the flag clears.
    const submit = { submitted: true, completed_tasks: ['Bathing'], client_initials: PNG, caregiver_initials: PNG };
    await ok('mutation', 'saveCareSheetCheckInOut', record(s.replay, submit));
    expect((await shiftRow(s.replay)).tasksMissing).toBe(false);
  });

  it('records an offline visit (check-in and check-out in one call) as type 2 with the device times', async () => {
    const visit = {
      checkIn: '2031-03-06T14:03:00Z',
      checkOut: '2031-03-06T17:57:00Z',
      checkInMetadata: { position: null, offline: true },
      checkOutMetadata: { position: { ...HOME, accuracyMetres: 30 }, offline: true },
    };
    await ok(
      'mutation',
      'saveCareSheetCheckInOut',
      record(
        s.offline,
        {
          submitted: true,
          completed_tasks: ['Bathing', 'Medication reminders'],
          client_signature: PNG,
          caregiver_signature: PNG,
          caregiver_comment: 'Walked to the park. '.repeat(5).trim(),
          transportation_data: { miles: 3, trips: 2 },
        },
        visit,
      ),
      'me',
      { offline: true },
    );
    const [timesheet] = await timesheetsOf(s.offline);
    expect(timesheet).toMatchObject({
      checkIn: at('2031-03-06T14:03:00Z'),
      checkOut: at('2031-03-06T17:57:00Z'),
      checkInType: 2,
      checkOutType: 2,
    });
    expect(timesheet!.checkOutMetadata).toMatchObject({ offline: true, insideGeofence: true });
    expect(await shiftRow(s.offline)).toMatchObject({ status: 'completed', tasksMissing: false });
  });

  it("takes the request's offline header when the metadata says online", async () => {
    serverNow = at('2031-03-07T18:30:02Z');
    const res = await t.fetch('/api/trpc/saveCareSheetCheckInOut', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tokens.me}`,
        'content-type': 'application/json',
        [HEADERS.offline]: '1',
        [HEADERS.offlineTimestamp]: '2031-03-07T18:30:00Z',
      },
      body: JSON.stringify(record(s.header, {}, { checkIn: '2031-03-07T14:00:00Z', checkInMetadata: online() })),
    });
    expect(res.status).toBe(200);
    const [timesheet] = await timesheetsOf(s.header);
    expect(timesheet).toMatchObject({ checkInType: 2, checkIn: at('2031-03-07T14:00:00Z') });
  });
});

describe('an offline replay that breaks a submit rule', () => {
  it('keeps the visit times and saves the sheet as a draft instead of refusing it', async () => {
    serverNow = at('2031-03-11T18:05:02Z');
    const res = await t.fetch('/api/trpc/saveCareSheetCheckInOut', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tokens.me}`,
        'content-type': 'application/json',
        [HEADERS.offline]: '1',
        [HEADERS.offlineTimestamp]: '2031-03-11T18:05:00Z',
      },
      body: JSON.stringify(
        record(
          s.draftReplay,
          { submitted: true, completed_tasks: ['Bathing'] },
          {
            checkIn: '2031-03-11T14:00:00Z',
            checkOut: '2031-03-11T18:00:00Z',
            checkInMetadata: { position: null, offline: true },
            checkOutMetadata: { position: null, offline: true },
          },
        ),
      ),
    });
    expect(res.status).toBe(200);
    const [timesheet] = await timesheetsOf(s.draftReplay);
    expect(timesheet).toMatchObject({ checkInType: 2, checkOutType: 2, checkOut: at('2031-03-11T18:00:00Z') });
    const [sheet] = await sheetsOf(s.draftReplay);
    expect(sheet).toMatchObject({ submittedAt: null, completedTasks: ['Bathing'] });
    expect(await shiftRow(s.draftReplay)).toMatchObject({ status: 'completed', tasksMissing: true });
  });
});

describe('review and list', () => {
  it('refuses to review a sheet not submitted, and another caregiver cannot review mine', async () => {
    const [draft] = await sheetsOf(s.header);
    const res = await call('mutation', 'saveCareSheetReview', { care_sheet_id: draft!.id }, 'me');
    expect(res).toMatchObject({ status: 400, message: 'Submit the care sheet first' });
    const [mainSheet] = await sheetsOf(s.main);
    const foreign = await call('mutation', 'saveCareSheetReview', { care_sheet_id: mainSheet!.id }, 'other');
    expect(foreign).toMatchObject({ status: 404, message: `Care sheet ${mainSheet!.id} not found` });
  });

  it('reviews a submitted sheet with a note', async () => {
    const [mainSheet] = await sheetsOf(s.main);
    const item = await ok<CareSheetListItem>('mutation', 'saveCareSheetReview', {
      care_sheet_id: mainSheet!.id,
      note: ' All right ',
    });
    expect(item).toMatchObject({ care_sheet_id: mainSheet!.id, shift_id: s.main, clientName: 'Rosa Careful' });
    expect(item.reviewedAt).not.toBeNull();
    const [after] = await sheetsOf(s.main);
    expect(after!.reviewNote).toBe('All right');
  });

  it("lists the caregiver's own sheets, newest visit first", async () => {
    const list = await ok<CareSheetListItem[]>('query', 'listMyCareSheets', undefined);
    expect(list.map((i) => i.shift_id)).toEqual([s.draftReplay, s.noneDone, s.noPlan, s.header, s.offline, s.replay, s.main]);
    expect(list[2]).toMatchObject({ timezone: 'America/New_York', startTimestamp: '2031-03-08T14:00:00.000Z' });
    expect(list.find((i) => i.shift_id === s.header)!.submittedAt).toBeNull();
    expect(await ok<CareSheetListItem[]>('query', 'listMyCareSheets', undefined, 'other')).toEqual([]);
  });
});

describe('care sheet PDF', () => {
  it('gives the details of a sheet to its caregiver, and 404 to another caregiver', async () => {
    const [sheet] = await sheetsOf(s.offline);
    const details = await ok<CareSheetPdfDetails>('query', 'getCareSheetPDFDetails', { care_sheet_id: sheet!.id });
    expect(details).toMatchObject({
      care_sheet_id: sheet!.id,
      shift_id: s.offline,
      clientName: 'Rosa Careful',
      caregiverName: 'Mia Sheeter',
      serviceCode: 'T1019',
      checkIn: '2031-03-06T14:03:00.000Z',
      checkOut: '2031-03-06T17:57:00.000Z',
      tasks: TASKS,
      completed_tasks: ['Bathing', 'Medication reminders'],
      transportation_data: { miles: 3, trips: 2 },
      client_signature: PNG,
    });
    expect(details).not.toHaveProperty('agencyName');
    const res = await call('query', 'getCareSheetPDFDetails', { care_sheet_id: sheet!.id }, 'other');
    expect(res.status).toBe(404);
  });

  it('makes a one-page PDF with the signature image embedded', async () => {
    const [sheet] = await sheetsOf(s.offline);
    const file = await ok<CareSheetPdfFile>('query', 'getCareSheetPDFFile', { care_sheet_id: sheet!.id });
    expect(file.fileName).toBe('care-sheet-careful-2031-03-06.pdf');
    expect(file.contentType).toBe('application/pdf');
    const { bytes, doc, hasImage } = await parsePdf(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(doc.getPageCount()).toBe(1);
    expect(hasImage).toBe(true);
    expect(doc.getTitle()).toBe('Care sheet: Rosa Careful, 03/06/31');
  });

  it('makes a PDF without images when nobody signed, and wraps a long comment onto a second page', async () => {
    const [sheet] = await sheetsOf(s.header);
    await db()
      .update(careSheets)
      .set({ caregiverComment: `${'A long note about the visit, written on the phone. '.repeat(90)}\nThe end.` })
      .where(eq(careSheets.id, sheet!.id));
    const { doc, hasImage } = await parsePdf(
      await ok<CareSheetPdfFile>('query', 'getCareSheetPDFFile', { care_sheet_id: sheet!.id }),
    );
    expect(hasImage).toBe(false);
    expect(doc.getPageCount()).toBe(2);
  });

  it("lets office staff read their branch's sheets, and answers 404 for another branch's", async () => {
    const [sheet] = await sheetsOf(s.main);
    const boston = await call<CareSheetPdfFile>('query', 'getCareSheetPDFFile', { care_sheet_id: sheet!.id }, 'branchmanager');
    expect(boston.status).toBe(200);
    expect((await parsePdf(boston.data)).doc.getPageCount()).toBe(1);
    const worcester = await call('query', 'getCareSheetPDFFile', { care_sheet_id: worcesterSheet }, 'branchmanager');
    expect(worcester).toMatchObject({ status: 404, message: `Care sheet ${worcesterSheet} not found` });
    const details = await call('query', 'getCareSheetPDFDetails', { care_sheet_id: worcesterSheet }, 'branchmanager');
    expect(details.status).toBe(404);
  });
});

describe('prefetchCareSheetCheckOutDetailsForOffline', () => {
  it("answers the caregiver's shifts from the start of today through the next 7 days, not cancelled", async () => {
    const today = DateTime.now().setZone('America/New_York').startOf('day');
    const make = async (start: DateTime, status: 'scheduled' | 'cancelled' = 'scheduled') =>
      addShift({
        caregiverId: other,
        status,
        startAt: start.toJSDate(),
        endAt: start.plus({ minutes: 30 }).toJSDate(),
      });
    const yesterday = await make(today.minus({ days: 1 }).plus({ hours: 23 }));
    const earlyToday = await make(today.plus({ minutes: 5 }));
    const cancelled = await make(today.plus({ days: 2, hours: 9 }), 'cancelled');
    const lastDay = await make(today.plus({ days: 7, hours: 23 }));
    const tooLate = await make(today.plus({ days: 8, minutes: 5 }));
    const list = await ok<CareSheetCheckOutDetails[]>('query', 'prefetchCareSheetCheckOutDetailsForOffline', undefined, 'other');
    const ids = list.map((d) => d.shift_id);
    expect(ids).toEqual([earlyToday, lastDay]);
    expect(ids).not.toContain(yesterday);
    expect(ids).not.toContain(cancelled);
    expect(ids).not.toContain(tooLate);
    expect(list[0]).toMatchObject({ clientName: 'Rosa Careful', tasks: TASKS, previous: null });
  });
});
