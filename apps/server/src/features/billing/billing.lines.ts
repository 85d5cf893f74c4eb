import { and, eq, sql, type Column, type SQL } from 'drizzle-orm';
import type { BillingLineStatus } from '@hearth/shared/billing/billing.constants';
import { billingStatusOf } from '@hearth/shared/billing/billing.rules';
import type { AuthorizationLimits } from '@hearth/shared/clients/authorization-units';
import {
  billedAmountCents,
  visitsOverAuthorization,
  type AuthorizedVisit,
} from '@hearth/shared/file-exports/file-exports.billing';
import { isEvvVerified } from '@hearth/shared/file-exports/file-exports.evv';
import type { PayPeriod } from '@hearth/shared/payroll/payroll-hours';
import { unitsFromMinutes } from '@hearth/shared/shifts/shift-units';
import { inBranchScope, type Scope } from '../../auth/scope';
import type { Db } from '../../db/client';
import { caregivers } from '../caregivers/caregivers.schema';
import { clientAuthorizations, clients } from '../clients/clients.schema';
import {
  inPeriod,
  isWorked,
  loadBillingVisits,
  openBillingVisits,
  periodWindow,
  type BillingSourceVisit,
  type ExportVisit,
} from '../visits/visits.worked';
import { inTransaction } from '../../db/transaction';
import { payerSources, payerSourceServices } from '../payer-sources/payer-sources.schema';
import { DEFAULT_UNIT_RULE } from '../shifts/shifts.units';
import { SORT_MEMORY } from '../payroll/payroll.compute';

type Payer = typeof payerSources.$inferSelect;
type Service = typeof payerSourceServices.$inferSelect;
/** A visit billing reads (openBillingVisits, loadBillingVisits). */
type Visit = BillingSourceVisit;
type Worked = Visit & { span: NonNullable<ExportVisit['span']> };

/** One worked visit of a billing period, priced and with its status (what billing_lines stores, plus names). */
export interface BillingLine {
  shiftId: number;
  branchId: number;
  clientId: number;
  caregiverId: number | null;
  payerSourceId: number;
  authorizationId: number | null;
  /** The visit's local date (YYYY-MM-DD) in its branch's time zone, and that zone. */
  visitDate: string;
  timeZone: string;
  /** The worked span (UTC): effective check-in and check-out, or the scheduled times of a visit completed without. */
  checkInAt: Date;
  checkOutAt: Date;
  serviceCode: string | null;
  modifiers: string[];
  minutes: number;
  units: number;
  /** The payer service's bill rate per unit in cents, null without one. */
  rateCents: number | null;
  /** units x rate in cents for billed statuses and over_authorization; 0 for not_evv_verified and no_rate. */
  amountCents: number;
  evvRequired: boolean;
  evvVerified: boolean;
  overAuthorization: boolean;
  status: BillingLineStatus;
  note: string;
  payer: Pick<Payer, 'name' | 'payerId'>;
  client: { firstName: string; lastName: string; medicaidId: string | null };
  caregiver: { firstName: string; lastName: string } | null;
  authorizationNumber: string | null;
}

/**
 * `column` is one of `ids`, as one array parameter: a large agency's period names more rows than a statement has
 * parameters (65,535).
 */
function anyOf(column: Column, ids: readonly number[]): SQL {
  return sql`${column} = any(${`{${ids.join(',')}}`}::int[])`;
}

/** The payer's service of the shift: same code and modifiers, else the same code with any modifiers (as units do). */
function serviceOf(services: Service[], visit: Visit): Service | undefined {
  if (!visit.shift.serviceCode) return undefined;
  const mine = services.filter((s) => s.payerSourceId === visit.shift.payerSourceId && s.serviceCode === visit.shift.serviceCode);
  return mine.find((s) => JSON.stringify(s.modifiers) === JSON.stringify(visit.shift.modifiers)) ?? mine[0];
}

/** Whether the payer takes the visit at all: a payer requiring EVV takes EVV-verified visits only. */
function payerTakes(payer: Payer | undefined, evvVerified: boolean): boolean {
  return payer !== undefined && (!payer.requiresEvv || evvVerified);
}

/** Units of a worked visit under its payer service's rule (DEFAULT_UNIT_RULE when the payer lists none). */
function unitsOf(visit: Visit, service: Service | undefined): number {
  const rule = service ?? DEFAULT_UNIT_RULE;
  return unitsFromMinutes(visit.minutes, rule.unitMinutes, rule.roundingRule);
}

/**
 * The visits over their authorization among `taken` (visitsOverAuthorization): every worked visit the payer takes
 * on the authorizations concerned, from the authorizations' first dates to the period's end, counts (the period's
 * and earlier ones; later ones come after every visit of the period in date order and change no flag of it).
 */
async function overAuthorization(db: Db, period: PayPeriod, taken: Worked[], payers: Map<number, Payer>, services: Service[]) {
  const ids = [...new Set(taken.flatMap((l) => (l.shift.authorizationId ? [l.shift.authorizationId] : [])))];
  if (ids.length === 0) return { over: new Set<number>(), numbers: new Map<number, string | null>() };
  const auths = await db.select().from(clientAuthorizations).where(anyOf(clientAuthorizations.id, ids)).execute();
  const limits = new Map<number, AuthorizationLimits>(auths.map((a) => [a.id, a]));
  const from = auths.reduce((min, a) => (a.startDate < min ? a.startDate : min), auths[0]!.startDate);
  const last = auths.reduce((max, a) => (a.endDate > max ? a.endDate : max), auths[0]!.endDate);
  // Visits are counted in date order, so none dated after the period changes a flag of the period's visits.
  const to = last < period.to ? last : period.to;
  const visits = await loadBillingVisits(
    db,
    sql`s.authorization_id = any(${`{${ids.join(',')}}`}::int[])`,
    periodWindow({ from, to }),
  );
  const counted: AuthorizedVisit[] = visits
    .filter(
      (v): v is BillingSourceVisit & { span: NonNullable<ExportVisit['span']> } =>
        isWorked(v) && payerTakes(payers.get(v.shift.payerSourceId ?? 0), isEvvVerified(v.sheets)),
    )
    .map((v) => ({
      id: v.shift.id,
      authorizationId: v.shift.authorizationId,
      date: v.date,
      order: v.span.checkIn.getTime(),
      units: unitsOf(v, serviceOf(services, v)),
    }));
  return { over: visitsOverAuthorization(counted, limits), numbers: new Map(auths.map((a) => [a.id, a.authorizationNumber])) };
}

/** The rows `load` reads for the distinct `ids`, by id (no query when there are none). */
async function byIds<T extends { id: number }>(ids: number[], load: (ids: number[]) => Promise<T[]>): Promise<Map<number, T>> {
  const unique = [...new Set(ids)];
  return new Map((unique.length ? await load(unique) : []).map((r) => [r.id, r]));
}

/** Clients per chunk: their visits of the period (about 15 each at full size) held at once. */
export const BILLING_CHUNK = 2_000;

/** Which visits a billing computation covers. */
export interface BillingLinesQuery {
  db: Db;
  scope: Scope;
  period: PayPeriod;
  /** The company whose payers bill (a visit whose payer is not the company's is no line). */
  companyId: number;
  branchId?: number | null;
  payerSourceId?: number | null;
  /** One client's visits only (a client's statement, client-app-statements.service.ts). */
  clientId?: number | null;
  /** Clients per chunk (BILLING_CHUNK; tests pass a small one to prove chunks change nothing). */
  chunkSize?: number;
  /** Visit rows per cursor fetch (openBillingVisits' default). */
  fetchRows?: number;
}

/** The company's payers and their services (a few rows: read once for every chunk). */
async function payersOf(db: Db, q: BillingLinesQuery) {
  const payers = new Map(
    (
      await db
        .select()
        .from(payerSources)
        .where(and(eq(payerSources.companyId, q.companyId), q.payerSourceId ? eq(payerSources.id, q.payerSourceId) : undefined))
    ).map((p) => [p.id, p]),
  );
  const services = payers.size
    ? await db
        .select()
        .from(payerSourceServices)
        .where(anyOf(payerSourceServices.payerSourceId, [...payers.keys()]))
    : [];
  return { payers, services };
}

/** What a chunk's lines are computed from: its worked visits and what the database answered about them (readChunk). */
interface ChunkReads {
  worked: Worked[];
  /** Whether each worked visit is EVV-verified (isEvvVerified), by its index in `worked`. */
  verified: boolean[];
  over: Set<number>;
  numbers: Map<number, string | null>;
  clientById: Map<number, { id: number; firstName: string; lastName: string; medicaidId: string | null }>;
  caregiverById: Map<number, { id: number; firstName: string; lastName: string }>;
}

/**
 * The worked visits of a chunk of clients' visits the company's payers bill, with their authorizations' flags and
 * numbers (overAuthorization) and their clients' and caregivers' names. The reads are sent at once (execute(),
 * not a builder awaited a microtask later).
 */
async function readChunk(
  db: Db,
  q: BillingLinesQuery,
  found: BillingSourceVisit[],
  { payers, services }: Awaited<ReturnType<typeof payersOf>>,
): Promise<ChunkReads> {
  const worked = found.filter(
    (v): v is BillingSourceVisit & Worked => inPeriod(v, q.period) && isWorked(v) && payers.has(v.shift.payerSourceId!),
  );
  const verified = worked.map((v) => isEvvVerified(v.sheets));
  const taken = worked.filter((v, i) => payerTakes(payers.get(v.shift.payerSourceId!), verified[i]!));
  const [{ over, numbers }, clientById, caregiverById] = await Promise.all([
    overAuthorization(db, q.period, taken, payers, services),
    byIds(
      worked.map((v) => v.shift.clientId),
      (ids) =>
        db
          .select({ id: clients.id, firstName: clients.firstName, lastName: clients.lastName, medicaidId: clients.medicaidId })
          .from(clients)
          .where(anyOf(clients.id, ids))
          .execute(),
    ),
    byIds(
      worked.flatMap((v) => (v.shift.caregiverId ? [v.shift.caregiverId] : [])),
      (ids) =>
        db
          .select({ id: caregivers.id, firstName: caregivers.firstName, lastName: caregivers.lastName })
          .from(caregivers)
          .where(anyOf(caregivers.id, ids))
          .execute(),
    ),
  ]);
  return { worked, verified, over, numbers, clientById, caregiverById };
}

/** The lines of a chunk (see computeBillingChunks), computed from its reads without the database. */
function linesOf(
  { worked, verified, over, numbers, clientById, caregiverById }: ChunkReads,
  { payers, services }: Awaited<ReturnType<typeof payersOf>>,
): BillingLine[] {
  return worked.map((visit, i): BillingLine => {
    const { shift } = visit;
    const payer = payers.get(shift.payerSourceId!)!;
    const client = clientById.get(shift.clientId)!;
    const caregiver = shift.caregiverId ? caregiverById.get(shift.caregiverId) : undefined;
    const service = serviceOf(services, visit);
    const units = unitsOf(visit, service);
    const evvVerified = verified[i]!;
    const overAuth = over.has(shift.id);
    const { status, note } = billingStatusOf(
      {
        evvRequired: payer.requiresEvv,
        evvVerified,
        serviceCode: shift.serviceCode,
        hasRate: !!service,
        overAuthorization: overAuth,
      },
      payer.name,
    );
    const priced = service && (status === 'billable' || status === 'over_authorization');
    return {
      shiftId: shift.id,
      branchId: shift.branchId,
      clientId: shift.clientId,
      caregiverId: shift.caregiverId,
      payerSourceId: payer.id,
      authorizationId: shift.authorizationId,
      visitDate: visit.date,
      timeZone: visit.timeZone,
      checkInAt: visit.span.checkIn,
      checkOutAt: visit.span.checkOut,
      serviceCode: shift.serviceCode,
      modifiers: shift.modifiers,
      minutes: visit.minutes,
      units,
      rateCents: service?.billRateCents ?? null,
      amountCents: priced ? billedAmountCents(units, service.billRateCents) : 0,
      evvRequired: payer.requiresEvv,
      evvVerified,
      overAuthorization: overAuth,
      status,
      note,
      payer: { name: payer.name, payerId: payer.payerId },
      client: { firstName: client.firstName, lastName: client.lastName, medicaidId: client.medicaidId },
      caregiver: caregiver ? { firstName: caregiver.firstName, lastName: caregiver.lastName } : null,
      authorizationNumber: shift.authorizationId ? (numbers.get(shift.authorizationId) ?? null) : null,
    };
  });
}

/**
 * The billing lines of a period, the one computation behind the billing report and the billing export
 * (docs/glossary.md "Billing": units times the payer's rate per service code, per client and payer, for completed and
 * verified visits; issue "Payroll, billing, reports" item 2), handed to `onChunk` a chunk of clients at a time
 * (issue "The largest agencies": memory flat whatever the agency's size). One line per visit of the scope's
 * branches (narrowed to `branchId`, and to `clientId` when given) with a payer source of the company (narrowed to
 * `payerSourceId`) whose local date is in the period and that was worked (isWorked: effective check-in and
 * check-out, office edits winning, or completed without times). Units from the worked minutes by the payer
 * service's unit length and rounding rule (unitsFromMinutes), amount units x rate exactly in cents
 * (billedAmountCents). Status by billingStatusOf: not_evv_verified (payer requires EVV, visit not isEvvVerified:
 * amount 0), no_rate (no service code or no payer service for it: amount 0), over_authorization (weekly, monthly or
 * total units passed, or outside its dates: priced and flagged), billable. The visits come from one cursor in client
 * order (openBillingVisits); a chunk's authorizations are counted over all their visits whichever chunk they fall
 * in (overAuthorization), so the chunks change no figure. Runs in a transaction of its own (a savepoint
 * inside the caller's), except for one client (`clientId`), whose visits are read at once.
 * @param onChunk receives each chunk's lines, in order and one call at a time: a call runs while the next chunk's
 * lines are computed, and is awaited before the chunk after is handed over; a statement it sends before its first
 * await is on its way during that computation.
 */
export async function computeBillingChunks(
  q: BillingLinesQuery,
  onChunk: (lines: BillingLine[]) => Promise<void>,
): Promise<void> {
  const where = and(
    inBranchScope(q.scope, sql`s.branch_id`),
    q.branchId ? sql`s.branch_id = ${q.branchId}` : undefined,
    q.payerSourceId ? sql`s.payer_source_id = ${q.payerSourceId}` : sql`s.payer_source_id is not null`,
    q.clientId ? sql`s.client_id = ${q.clientId}` : undefined,
  )!;
  if (q.clientId) {
    // One client's visits are few: read at once, without the cursor's transaction (a client's statement is a
    // query, which opens none).
    const known = await payersOf(q.db, q);
    const found = await loadBillingVisits(q.db, where, periodWindow(q.period));
    await onChunk(linesOf(await readChunk(q.db, q, found, known), known));
    return;
  }
  await inTransaction(q.db, async (db) => {
    // The cursor's sort by client in memory (payroll.compute.ts SORT_MEMORY).
    await db.execute(sql.raw(`set local work_mem = '${SORT_MEMORY}'`));
    const known = await payersOf(db, q);
    const visits = await openBillingVisits(db, where, periodWindow(q.period), { fetchRows: q.fetchRows });
    // One chunk behind: once chunk n's reads are answered, chunk n-1's onChunk (its write) and the next FETCH are
    // sent, and chunk n's lines are computed while the database runs them. The driver sends a queued statement only
    // when the process is free, so the write must be on its way before the computation holds the process.
    let computed: BillingLine[] | null = null;
    for (;;) {
      const found = await visits.next(q.chunkSize ?? BILLING_CHUNK);
      if (found.length === 0) break;
      const reads = await readChunk(db, q, found, known);
      const handed: Promise<void> | undefined = computed ? onChunk(computed) : undefined;
      // Awaited below; should the computation throw first, its failure must not go unhandled meanwhile.
      handed?.catch(() => undefined);
      visits.readAhead();
      computed = linesOf(reads, known);
      await handed;
    }
    if (computed) await onChunk(computed);
    await visits.close();
  });
}

/**
 * Every billing line of a period at once (computeBillingChunks collected): what the billing export and a client's
 * statement read.
 * @returns lines by payer name, client last and first name, date and check-in.
 */
export async function computeBillingLines(q: BillingLinesQuery): Promise<BillingLine[]> {
  const lines: BillingLine[] = [];
  await computeBillingChunks(q, async (chunk) => {
    lines.push(...chunk);
  });
  return lines.sort(
    (a, b) =>
      a.payer.name.localeCompare(b.payer.name) ||
      a.client.lastName.localeCompare(b.client.lastName) ||
      a.client.firstName.localeCompare(b.client.firstName) ||
      a.visitDate.localeCompare(b.visitDate) ||
      a.checkInAt.getTime() - b.checkInAt.getTime(),
  );
}
