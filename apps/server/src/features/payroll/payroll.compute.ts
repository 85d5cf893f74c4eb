import { and, asc, between, eq, gt, sql, type SQL } from 'drizzle-orm';
import { milesInHundredths, type PayPeriod } from '@hearth/shared/payroll/payroll-hours';
import {
  hasPayroll,
  payrollForCaregiver,
  withMileageAndDeductions,
  type PayrollLineFields,
  type PayrollVisit,
} from '@hearth/shared/payroll/payroll-line';
import { parsePayrollSettings } from '@hearth/shared/payroll/payroll-settings';
import type { TravelVisit } from '@hearth/shared/payroll/payroll-travel';
import { zoneCalendar } from '@hearth/shared/payroll/payroll-calendar';
import { inBranchScope, type Scope } from '../../auth/scope';
import type { Db } from '../../db/client';
import { branches } from '../branches/branches.schema';
import { caregiverCashAdvances, caregivers } from '../caregivers/caregivers.schema';
import { companies } from '../companies/companies.schema';
import { openPayrollVisits, workweeksWindow, type PayrollSourceVisit, type PayrollVisitCursor } from '../visits/visits.worked';
import { inTransaction } from '../../db/transaction';
import { rowsOf } from '../../db/rows';
import type { ReadConnection } from '../../db/read-connection';

/** The caregiver a payroll line belongs to, as the report and the ADP file name them. */
export interface PayrollPerson {
  id: number;
  firstName: string;
  lastName: string;
  adpFileNumber: string | null;
  branchId: number;
  companyId: number;
  timeZone: string;
}

/** A computed (not yet stored) payroll line: its caregiver and the payroll_lines fields. */
export interface ComputedPayrollLine extends PayrollLineFields {
  caregiver: PayrollPerson;
}

/** Whole numbers as one int[] parameter (`= any(...)`): a large period has more ids than a statement has parameters. */
function intArray(values: readonly number[]): SQL {
  return sql`${`{${[...new Set(values)].join(',')}}`}::int[]`;
}

/** The run's branches: the scope's, narrowed to one when `branchId` is given; a condition on `c.branch_id`. */
function inRunBranches(scope: Pick<Scope, 'level' | 'companyId' | 'branchIds'>, branchId: number | null): SQL {
  const branch = branchId === null ? sql`` : sql` and c.branch_id = ${branchId}`;
  return sql`${inBranchScope(scope, sql`c.branch_id`)}${branch}`;
}

/**
 * The caregivers of the scope, narrowed to one branch when `branchId` is given: a condition on a caregiver id
 * (`column`), shared by the run's reads and the delete of the lines it replaces.
 */
export function caregiverIdIn(
  scope: Pick<Scope, 'level' | 'companyId' | 'branchIds'>,
  branchId: number | null,
  column: SQL,
): SQL {
  return sql`${column} in (select c.id from caregivers c where ${inRunBranches(scope, branchId)})`;
}

/** Caregivers per chunk: their visits of the period's workweeks (about 40 each) held at once, a few MB. */
export const PAYROLL_CHUNK = 2_000;

/**
 * Memory of the cursor's sort by caregiver (set local, until the request's transaction ends): the window's rows of a
 * large agency (about 2,000,000 at full size, 120 bytes each) spill to disk in many merge passes at the default 4MB.
 */
export const SORT_MEMORY = '256MB';

/** What a payroll computation covers and how it is cut. */
export interface PayrollRun {
  db: Db;
  scope: Pick<Scope, 'level' | 'companyId' | 'branchIds'>;
  period: PayPeriod;
  /** null for every branch of the scope. */
  branchId?: number | null;
  /** Caregivers per chunk (PAYROLL_CHUNK; tests pass a small one to prove chunks change nothing). */
  chunkSize?: number;
  /** Caregivers per FETCH of the visit cursor (openPayrollVisits' default; tests pass a small one). */
  fetchRows?: number;
  /**
   * The last caregiver id read on the first of two connections (openRunVisits; their median id when omitted: tests
   * pick one to prove the split changes nothing).
   */
  splitAfterId?: number;
  /**
   * Opens a second connection (Scope.openReadConnection), which reads half of the visits and, while the other half
   * is read, the addresses, care sheet miles and cash advances (openRunVisits), so the database works on two cores;
   * without it, or when it answers null, everything is read on `db`.
   */
  openReadConnection?: () => Promise<ReadConnection | null>;
}

/** A run inside its transaction (`db`), with its second connection (`readDb`; `db` itself when it has none). */
type ChunkRun = PayrollRun & { readDb: Db };

/** The caregivers of one chunk: the next `size` of the scope by id after `afterId`, with their rules' inputs. */
function chunkPeople(run: PayrollRun, afterId: number, size: number) {
  const { db, scope, branchId = null } = run;
  return db
    .select({
      id: caregivers.id,
      firstName: caregivers.firstName,
      lastName: caregivers.lastName,
      adpFileNumber: caregivers.adpFileNumber,
      payRates: caregivers.payRates,
      branchId: caregivers.branchId,
      companyId: branches.companyId,
      timeZone: branches.timezone,
      settings: companies.payrollSettings,
    })
    .from(caregivers)
    .innerJoin(branches, eq(branches.id, caregivers.branchId))
    .innerJoin(companies, eq(companies.id, branches.companyId))
    .where(
      and(
        inBranchScope(scope, caregivers.branchId),
        branchId === null ? undefined : eq(caregivers.branchId, branchId),
        gt(caregivers.id, afterId),
      ),
    )
    .orderBy(asc(caregivers.id))
    .limit(size);
}

/** Primary address coordinates of clients, by client id, kept for a whole computation (a client recurs in every chunk). */
type Places = Map<number, TravelVisit['location']>;

/**
 * Sets each visit's location to its client's primary address coordinates (null when none), asking the database
 * only for the clients not in `places` yet, and remembering them there.
 */
async function locate(db: Db, visits: PayrollSourceVisit[], places: Places): Promise<void> {
  const unknown = new Set<number>();
  for (const v of visits) if (!places.has(v.clientId)) unknown.add(v.clientId);
  if (unknown.size) {
    const rows = rowsOf<{ client_id: number; lat: number | null; lon: number | null }>(
      await db.execute(sql`select distinct on (a.client_id) a.client_id, a.lat, a.lon from client_addresses a
        where a.is_primary and a.client_id = any(${intArray([...unknown])}) order by a.client_id, a.id`),
    );
    for (const id of unknown) places.set(id, null);
    for (const p of rows) places.set(Number(p.client_id), { lat: p.lat, lon: p.lon });
  }
  for (const v of visits) v.location = places.get(v.clientId) ?? null;
}

/**
 * Primary address coordinates of the clients of the run's scope (of its branch when it has one), or null for a
 * client without one: most visits' clients, read in one query before the first chunk instead of a query per chunk
 * (locate asks for the others, clients of other branches visited by the run's caregivers).
 */
async function scopePlaces(run: ChunkRun): Promise<Places> {
  const { db, scope, branchId = null } = run;
  const rows = rowsOf<{ client_id: number; address_id: number | null; lat: number | null; lon: number | null }>(
    await db.execute(sql`select distinct on (c.id) c.id as client_id, a.id as address_id, a.lat, a.lon
      from clients c left join client_addresses a on a.client_id = c.id and a.is_primary
      where ${inRunBranches(scope, branchId)} order by c.id, a.id`),
  );
  return new Map(rows.map((p) => [Number(p.client_id), p.address_id === null ? null : { lat: p.lat, lon: p.lon }]));
}

/** Care sheet miles of some visits, in hundredths of a mile (milesInHundredths) by visit id. */
async function readMiles(db: Db, visitIds: ReadonlySet<number>): Promise<Map<number, number>> {
  const milesOf = new Map<number, number>();
  if (visitIds.size === 0) return milesOf;
  const sheets = rowsOf<{ shift_id: number; miles: unknown }>(
    await db.execute(sql`select cs.shift_id, cs.transportation_data -> 'miles' as miles from care_sheets cs
      where cs.shift_id = any(${intArray([...visitIds])})`),
  );
  for (const sheet of sheets) {
    const visit = Number(sheet.shift_id);
    const miles = milesInHundredths(typeof sheet.miles === 'number' ? sheet.miles : Number(sheet.miles));
    milesOf.set(visit, (milesOf.get(visit) ?? 0) + miles);
  }
  return milesOf;
}

/** Cash advances of some caregivers dated in the period, in cents by caregiver id. */
async function readAdvances(db: Db, caregiverIds: readonly number[], period: PayPeriod): Promise<Map<number, number>> {
  const rows = await db
    .select({ caregiverId: caregiverCashAdvances.caregiverId, cents: sql<string>`sum(${caregiverCashAdvances.amountCents})` })
    .from(caregiverCashAdvances)
    .where(
      and(
        sql`${caregiverCashAdvances.caregiverId} = any(${intArray(caregiverIds)})`,
        between(caregiverCashAdvances.advancedOn, period.from, period.to),
      ),
    )
    .groupBy(caregiverCashAdvances.caregiverId)
    // execute() sends the query now; awaiting the builder itself would send it a microtask later, after the
    // synchronous computation (computeChunk) that runs meanwhile.
    .execute();
  return new Map(rows.map((a) => [a.caregiverId, Number(a.cents)]));
}

/**
 * `promise` (a query already sent, queued on the connection as RowCursor.readAhead's FETCH is) marked handled: it
 * is awaited only after a computation, and a failure must not count as unhandled meanwhile.
 */
function sentNow<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** A chunk of caregivers with its visits located and its miles and advances asked for (startChunk). */
interface StartedChunk {
  people: Awaited<ReturnType<typeof chunkPeople>>;
  visits: PayrollSourceVisit[];
  milesRead: Promise<Map<number, number>>;
  advancesRead: Promise<Map<number, number>>;
}

/**
 * Starts one chunk of caregivers: the primary address coordinates of the visited clients (locate), then the care
 * sheet miles of the visits whose local date is in the period and the cash advances dated in it are asked for, all
 * on `run.readDb`. The two queries are answered while the process computes (computeChunk), which neither changes.
 */
async function startChunk(
  run: ChunkRun,
  people: Awaited<ReturnType<typeof chunkPeople>>,
  visits: PayrollSourceVisit[],
  places: Places,
): Promise<StartedChunk> {
  const { period } = run;
  const zoneOf = new Map(people.map((p) => [p.id, p.timeZone]));
  // The period of a visit is its check-in's local date in the caregiver's branch zone, as payrollForCaregiver reads it.
  const inPeriod = new Set<number>();
  for (const v of visits) {
    const zone = zoneOf.get(v.caregiverId);
    const date = zone ? zoneCalendar(zone).localDate(v.checkIn) : '';
    if (date >= period.from && date <= period.to) inPeriod.add(v.id);
  }
  await locate(run.readDb, visits, places);
  const milesRead = sentNow(readMiles(run.readDb, inPeriod));
  const ids = people.map((p) => p.id);
  const advancesRead = sentNow(readAdvances(run.readDb, ids, period));
  return { people, visits, milesRead, advancesRead };
}

/** Hours and pay of a started chunk's caregivers (payrollForCaregiver), before miles and advances. */
function computeChunk(period: PayPeriod, { people, visits }: StartedChunk) {
  const byCaregiver = new Map<number, PayrollVisit[]>();
  for (const v of visits) {
    let mine = byCaregiver.get(v.caregiverId);
    if (!mine) byCaregiver.set(v.caregiverId, (mine = []));
    mine.push(v);
  }
  // One company's settings parsed once a chunk (the same JSON on every row of its caregivers).
  const settingsOf = new Map<number, ReturnType<typeof parsePayrollSettings>>();
  return people.map(({ payRates, settings, ...caregiver }) => {
    let parsed = settingsOf.get(caregiver.companyId);
    if (!parsed) settingsOf.set(caregiver.companyId, (parsed = parsePayrollSettings(settings)));
    const mine = byCaregiver.get(caregiver.id) ?? [];
    const fields = payrollForCaregiver({
      visits: mine,
      period,
      timeZone: caregiver.timeZone,
      settings: parsed,
      payRates,
      mileageHundredths: 0,
      deductionCents: 0,
    });
    return { caregiver, fields, mileageRateCents: parsed.mileageRateCents };
  });
}

/** A chunk's lines: its computed hours and pay with its miles and advances (withMileageAndDeductions) once read. */
async function finishChunk(
  { visits, milesRead, advancesRead }: StartedChunk,
  computed: ReturnType<typeof computeChunk>,
): Promise<ComputedPayrollLine[]> {
  const [milesOf, advances] = await Promise.all([milesRead, advancesRead]);
  const milesByCaregiver = new Map<number, number>();
  for (const v of visits) {
    const miles = milesOf.get(v.id);
    if (miles !== undefined) milesByCaregiver.set(v.caregiverId, (milesByCaregiver.get(v.caregiverId) ?? 0) + miles);
  }
  return computed.flatMap(({ caregiver, fields, mileageRateCents }) => {
    const miles = milesByCaregiver.get(caregiver.id) ?? 0;
    const line = withMileageAndDeductions(fields, miles, advances.get(caregiver.id) ?? 0, mileageRateCents);
    return hasPayroll(line) ? [{ caregiver, ...line }] : [];
  });
}

/**
 * The payroll lines of a period for the caregivers of a scope (issue "Payroll, billing, reports": the payroll
 * report and the ADP export compute with this one function), handed to `onChunk` a chunk of caregivers at a time
 * (issue "The largest agencies": memory flat whatever the agency's size). Caregivers by id, `chunkSize` at a time
 * (their branch's time zone and their company's payroll settings); their worked visits of every workweek the
 * period touches (workweeksWindow; openPayrollVisits: the exports' rules, office edits win) come from one cursor
 * over those visits in caregiver order; the addresses of the scope's clients are read once (scopePlaces), and per
 * chunk one query each for other clients' addresses, care sheet miles and advances (startChunk), payrollForCaregiver
 * per caregiver running while the database answers the last two and the cursor's next FETCH (readAhead). When `run.openReadConnection` gives a second connection (PostgreSQL), half
 * of the caregivers' visits and the other half's addresses, miles and advances are read on it (openRunVisits), so
 * the server works on two cores; it sees committed data only, at the snapshot of its opening, as each of the run's
 * statements on `db` sees committed data at its own start (READ COMMITTED). All a caregiver's visits count,
 * whichever branch the client is in (hours worked for the employer). A caregiver's lines never depend on another
 * caregiver's, so the chunks change no figure. Runs in a transaction of its own (a savepoint inside the caller's).
 * @param onChunk receives each chunk's lines (caregivers with hours, mileage or advances), by caregiver id;
 * awaited before the next chunk is read.
 */
export async function computePayrollChunks(
  run: PayrollRun,
  onChunk: (lines: ComputedPayrollLine[]) => Promise<void>,
): Promise<void> {
  const reader = (await run.openReadConnection?.()) ?? null;
  try {
    await inTransaction(run.db, (db) => computeInTransaction({ ...run, db, readDb: reader?.db ?? db }, onChunk));
  } finally {
    await reader?.close();
  }
}

/**
 * computePayrollChunks inside its transaction (`run.db`), one chunk ahead: the next chunk is started (its visits
 * taken, its miles and advances asked for) before the current one is finished and handed to `onChunk`, so the
 * database answers the next chunk's reads while the process finishes and stores the current one.
 */
async function computeInTransaction(run: ChunkRun, onChunk: (lines: ComputedPayrollLine[]) => Promise<void>): Promise<void> {
  const { db, period, chunkSize = PAYROLL_CHUNK } = run;
  await db.execute(sql.raw(`set local work_mem = '${SORT_MEMORY}'`));
  const visits = await openRunVisits(run);
  const places = await scopePlaces(run);
  const start = async (afterId: number): Promise<StartedChunk | null> => {
    const people = await chunkPeople(run, afterId, chunkSize);
    if (people.length === 0) return null;
    const lastId = people[people.length - 1]!.id;
    const chunk = await visits.through(lastId);
    return startChunk({ ...run, readDb: visits.quietDb(lastId) }, people, chunk, places);
  };
  let next = await start(0);
  while (next) {
    const current = next;
    // On one connection the next FETCH waits behind this chunk's miles and advances, and is read while computing.
    visits.readAhead();
    const computed = computeChunk(period, current);
    const { people } = current;
    next = people.length < chunkSize ? null : await start(people[people.length - 1]!.id);
    await onChunk(await finishChunk(current, computed));
  }
  await visits.close();
}

/** The visit cursor of a run, and which connection is free for other reads while a chunk is computed. */
interface RunVisits extends PayrollVisitCursor {
  /** The connection whose cursor is not reading while the chunk ending at caregiver `lastCaregiverId` computes. */
  quietDb(lastCaregiverId: number): Db;
}

/**
 * The worked visits of the run's caregivers (openPayrollVisits over workweeksWindow), in caregiver id order. With a
 * second connection (`readDb` is not `db`) the caregivers are split at their median id: the first half is read on
 * `db`, the second on `readDb`, whose cursor sends its first FETCH at once, so the server scans and sorts both
 * halves of the window on two cores at the same time (the first FETCH is most of payroll's database time). Each
 * caregiver's visits come from one connection, whole. A chunk's addresses, miles and advances go to the connection
 * not reading (quietDb): `readDb` while the first half is taken, `db` after. Without a second connection, one cursor
 * on `db` reads every caregiver.
 */
async function openRunVisits(run: ChunkRun): Promise<RunVisits> {
  const { db, readDb, scope, period, branchId = null, fetchRows, splitAfterId } = run;
  const window = workweeksWindow(period);
  const caregiverIn = caregiverIdIn(scope, branchId, sql`s.caregiver_id`);
  const splitAfter =
    readDb === db
      ? null
      : (splitAfterId ??
        rowsOf<{ id: number | null }>(
          await db.execute(sql`select percentile_disc(0.5) within group (order by c.id) as id from caregivers c
            where ${caregiverIdIn(scope, branchId, sql`c.id`)}`),
        )[0]?.id ??
        null);
  if (splitAfter === null) {
    const visits = await openPayrollVisits(db, caregiverIn, window, { fetchRows });
    return { ...visits, quietDb: () => readDb };
  }
  await readDb.execute(sql.raw(`set local work_mem = '${SORT_MEMORY}'`));
  const first = await openPayrollVisits(db, sql`${caregiverIn} and s.caregiver_id <= ${splitAfter}`, window, { fetchRows });
  const second = await openPayrollVisits(readDb, sql`${caregiverIn} and s.caregiver_id > ${splitAfter}`, window, {
    fetchRows,
  });
  second.readAhead();
  const inFirst = (lastCaregiverId: number) => lastCaregiverId <= splitAfter;
  return {
    async through(lastCaregiverId) {
      // The chunk's other reads go to the other connection (quietDb): the next FETCH goes at once, before parsing.
      const visits = await first.through(lastCaregiverId, { readAhead: true });
      if (inFirst(lastCaregiverId)) return visits;
      return visits.concat(await second.through(lastCaregiverId, { readAhead: true }));
    },
    readAhead() {
      first.readAhead();
      second.readAhead();
    },
    quietDb: (lastCaregiverId) => (inFirst(lastCaregiverId) ? readDb : db),
    async close() {
      await first.close();
      await second.close();
    },
  };
}

/**
 * Every payroll line of a period at once (computePayrollChunks collected), by last name, first name and id as the
 * database sorts names: what the ADP export writes (one small row per caregiver; the visits are not kept).
 * @param branchId null for every branch of the scope.
 */
export async function computePayrollLines(
  db: Db,
  scope: Pick<Scope, 'level' | 'companyId' | 'branchIds' | 'openReadConnection'>,
  period: PayPeriod,
  branchId: number | null = null,
): Promise<ComputedPayrollLine[]> {
  const lines: ComputedPayrollLine[] = [];
  const { openReadConnection } = scope;
  await computePayrollChunks({ db, scope, period, branchId, openReadConnection }, async (chunk) => {
    lines.push(...chunk);
  });
  if (lines.length === 0) return [];
  const order = await db
    .select({ id: caregivers.id })
    .from(caregivers)
    .where(sql`${caregivers.id} = any(${intArray(lines.map((l) => l.caregiver.id))})`)
    .orderBy(asc(caregivers.lastName), asc(caregivers.firstName), asc(caregivers.id));
  const rank = new Map(order.map((row, i) => [row.id, i]));
  return lines.sort((a, b) => rank.get(a.caregiver.id)! - rank.get(b.caregiver.id)!);
}
