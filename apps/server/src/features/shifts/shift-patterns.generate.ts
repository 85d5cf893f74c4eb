import { and, asc, eq, gt, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { PATTERN_HORIZON_DAYS } from '@hearth/shared/shifts/shifts.constants';
import { assertValidRRule, patternOccurrences, wallClockToUtc, type RecurrencePattern } from '@hearth/shared/shifts/recurrence';
import { addDays, todayIn } from '@hearth/shared/caregivers/caregivers.rules';
import type { Db } from '../../db/client';
import { clients } from '../clients/clients.schema';
import { shiftPatterns } from './shifts.schema';
import { rowsOf } from '../../db/rows';
import { inTransaction } from '../../db/transaction';

/**
 * Bulk generation of the shifts of recurring patterns (issue "Scheduling" item 2 and its performance target:
 * 60 days of patterns for 5,000 clients under 60 s on PostgreSQL). Occurrences are computed in JS
 * (packages/shared recurrence.ts); rows go to the database in INSERT ... SELECT statements of up to
 * INSERT_BATCH rows passed as arrays (unnest), one round trip per batch, and the per-row rules run inside that
 * statement:
 * - the authorization is matched by the rule of createShift (matchAuthorization in shifts.service.ts): the
 *   client's authorization of the pattern's payer, and of its service code with the same modifiers when it has
 *   one, whose dates hold the occurrence's local date, the latest starting first (a correlated subquery);
 * - an occurrence in a locked pay period (pay_period_lock_times whose locks_at has passed and whose period holds
 *   the local date, as lockOver in pay-periods.lock.ts) is skipped;
 * - an occurrence whose caregiver already holds an overlapping non-cancelled shift, or is no longer active, is
 *   generated as an open shift (caregiver null). The overlap is checked with NOT EXISTS on the same condition as
 *   the EXCLUDE constraint shifts_caregiver_no_overlap, which would otherwise abort the whole insert. That check
 *   does not see rows of the same statement, so occurrences of one run that overlap each other for the same
 *   caregiver are found in JS first and the later ones left open (conservatively: also when the earlier one is
 *   then skipped);
 * - ON CONFLICT (pattern_id, occurrence_start) DO NOTHING on shifts_pattern_occurrence_idx: a regeneration never
 *   duplicates an occurrence nor touches its shift, be it an exception, a cancelled or a worked one.
 * A concurrent write of an overlapping shift between the check and the insert still fails on the constraint
 * (the caller's transaction rolls back; the daily job retries the next day).
 */

/**
 * Rows per INSERT statement (docs/architecture.md "Database": 1,000-row inserts ran 4.5x faster than single-row ones).
 */
const INSERT_BATCH = 1000;
/** Patterns per transaction of extendPatternHorizons: short transactions, progress kept on failure. */
const PATTERNS_PER_CHUNK = 250;

/** A pattern as generation reads it. */
export interface GenerationPattern extends RecurrencePattern {
  id: number;
  caregiverId: number | null;
}

/** Generate `pattern`'s occurrences whose local dates lie in [from, to] (both included). */
export interface GenerationRequest {
  pattern: GenerationPattern;
  from: string;
  to: string;
}

/** A generated shift left open although its pattern names a caregiver (busy then, or not active). */
export interface OpenedShift {
  shiftId: number;
  patternId: number;
  caregiverId: number;
  startAt: Date;
  endAt: Date;
}

/** What a generation did: shifts inserted, and those of them left open for their caregiver. */
export interface GenerationResult {
  generated: number;
  opened: OpenedShift[];
}

interface CandidateRow {
  patternId: number;
  caregiverId: number | null;
  occurrenceStart: Date;
  start: Date;
  end: Date;
  localDate: string;
}

/** A PostgreSQL array literal of simple values (numbers, ISO instants, dates: nothing to quote), NULL for null. */
function arrayLiteral(values: (string | number | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;
}

/** Leaves open (caregiver null) each row that overlaps an earlier row of the same caregiver in this run. */
function openIntraRunOverlaps(rows: CandidateRow[]): void {
  const byCaregiver = new Map<number, CandidateRow[]>();
  for (const row of rows) {
    if (row.caregiverId === null) continue;
    const list = byCaregiver.get(row.caregiverId);
    if (list) list.push(row);
    else byCaregiver.set(row.caregiverId, [row]);
  }
  for (const list of byCaregiver.values()) {
    if (list.length < 2) continue;
    list.sort((a, b) => a.start.getTime() - b.start.getTime());
    let busyUntil = -Infinity;
    for (const row of list) {
      if (row.start.getTime() < busyUntil) row.caregiverId = null;
      else busyUntil = Math.max(busyUntil, row.end.getTime());
    }
  }
}

async function insertBatch(db: Db, batch: CandidateRow[]) {
  const result = await db.execute(sql`
    insert into shifts (branch_id, client_id, caregiver_id, service_code, modifiers, payer_source_id, authorization_id,
      pattern_id, occurrence_start, start_at, end_at)
    select p.branch_id, p.client_id,
      case when o.caregiver_id is not null
        and exists (select 1 from caregivers c where c.id = o.caregiver_id and c.status = 'active')
        and not exists (
          select 1 from shifts s
          where s.caregiver_id = o.caregiver_id and s.status <> 'cancelled'
            and tstzrange(s.start_at, s.end_at, '[)') && tstzrange(o.start_at, o.end_at, '[)'))
      then o.caregiver_id end,
      p.service_code, p.modifiers, p.payer_source_id,
      (select a.id from client_authorizations a
        where a.client_id = p.client_id and a.payer_source_id = p.payer_source_id
          and (p.service_code is null or (a.service_code = p.service_code and a.modifiers = p.modifiers))
          and o.local_date between a.start_date and a.end_date
        order by a.start_date desc, a.id desc limit 1),
      p.id, o.occurrence_start, o.start_at, o.end_at
    from unnest(
      ${arrayLiteral(batch.map((r) => r.patternId))}::int[],
      ${arrayLiteral(batch.map((r) => r.caregiverId))}::int[],
      ${arrayLiteral(batch.map((r) => r.occurrenceStart.toISOString()))}::timestamptz[],
      ${arrayLiteral(batch.map((r) => r.start.toISOString()))}::timestamptz[],
      ${arrayLiteral(batch.map((r) => r.end.toISOString()))}::timestamptz[],
      ${arrayLiteral(batch.map((r) => r.localDate))}::date[]
    ) as o(pattern_id, caregiver_id, occurrence_start, start_at, end_at, local_date)
    join shift_patterns p on p.id = o.pattern_id
    where not exists (
      select 1 from pay_period_lock_times l
      where l.branch_id = p.branch_id and l.locks_at <= now() and o.local_date between l.period_start and l.period_end)
    on conflict (pattern_id, occurrence_start) do nothing
    returning id, pattern_id, caregiver_id, (extract(epoch from start_at) * 1000)::float8 as start_ms,
      (extract(epoch from end_at) * 1000)::float8 as end_ms`);
  return rowsOf<{ id: number; pattern_id: number; caregiver_id: number | null; start_ms: number; end_ms: number }>(result);
}

/**
 * Generates the shifts of patterns over local date windows, in `db` (the caller's transaction): each occurrence
 * not in the pattern's exdates becomes a scheduled shift carrying pattern_id and occurrence_start, with the
 * pattern's client, branch, service, modifiers and payer, the matched authorization, and the pattern's caregiver
 * unless busy or inactive then (see the module comment for every rule). Occurrences already generated,
 * excepted, cancelled or worked are left as they are. Does not move generated_through.
 * @returns how many shifts were inserted, and those left open although their pattern names a caregiver.
 * @throws RecurrenceRuleError (packages/shared recurrence.ts) for a rule that cannot be read.
 */
export async function generatePatternShifts(db: Db, requests: GenerationRequest[]): Promise<GenerationResult> {
  const rows: CandidateRow[] = [];
  const caregiverOf = new Map<number, number | null>();
  for (const { pattern, from, to } of requests) {
    caregiverOf.set(pattern.id, pattern.caregiverId);
    for (const o of patternOccurrences(pattern, { from, to })) {
      rows.push({ patternId: pattern.id, caregiverId: pattern.caregiverId, ...o });
    }
  }
  openIntraRunOverlaps(rows);
  const result: GenerationResult = { generated: 0, opened: [] };
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    for (const inserted of await insertBatch(db, rows.slice(i, i + INSERT_BATCH))) {
      result.generated++;
      const caregiverId = caregiverOf.get(inserted.pattern_id) ?? null;
      if (caregiverId !== null && inserted.caregiver_id === null) {
        result.opened.push({
          shiftId: inserted.id,
          patternId: inserted.pattern_id,
          caregiverId,
          startAt: new Date(inserted.start_ms),
          endAt: new Date(inserted.end_ms),
        });
      }
    }
  }
  return result;
}

/** The last local date the rolling horizon keeps generated on `today`: today + PATTERN_HORIZON_DAYS. */
export function horizonEnd(today: string): string {
  return addDays(today, PATTERN_HORIZON_DAYS);
}

/** The last local date a pattern is generated through on `today`: its end date or the horizon, whichever is first. */
export function generatedThroughOn(pattern: { endDate: string | null }, today: string): string {
  const horizon = horizonEnd(today);
  return pattern.endDate !== null && pattern.endDate < horizon ? pattern.endDate : horizon;
}

/** What extendPatternHorizons did. */
export interface HorizonExtension {
  patterns: number;
  generated: number;
  opened: number;
  /** Patterns left as they were because their stored rule or time zone cannot be read (changed outside the API). */
  skipped: number;
}

/** Whether a stored pattern's rule and time zone can be read (the API checks them; a direct edit may not). */
function isReadable(p: GenerationPattern): boolean {
  try {
    assertValidRRule(p.rrule);
    wallClockToUtc(p.startDate, p.startTime, p.timezone);
    todayIn(p.timezone);
    return true;
  } catch {
    return false;
  }
}

/**
 * Extends every pattern's rolling horizon (issue "Scheduling" item 2): each pattern of a client not discharged
 * or deceased, not ended before its generated_through, and generated through less than today +
 * PATTERN_HORIZON_DAYS (today in the pattern's time zone, or `today` when given, for tests and the benchmark)
 * gets its occurrences from the day after generated_through (or from its start date) to that horizon or its end
 * date, and generated_through moves there. Runs in transactions of PATTERNS_PER_CHUNK patterns, each pattern row
 * locked with SKIP LOCKED, so runs on several processes share the work and a failure keeps the chunks done.
 * Works on PGlite and PostgreSQL. Audit rows record no user (there is no request). A pattern whose stored rule
 * or time zone cannot be read is skipped (counted), so one bad row does not stop the others.
 * @param today a local date YYYY-MM-DD standing for every pattern's today.
 * @returns patterns extended, shifts generated, shifts left open for a busy or inactive caregiver, patterns
 * skipped.
 */
export async function extendPatternHorizons({ db, today }: { db: Db; today?: string }): Promise<HorizonExtension> {
  const totals: HorizonExtension = { patterns: 0, generated: 0, opened: 0, skipped: 0 };
  // No local date is past tomorrow in UTC: a bound for the query; each pattern's own today is taken in JS.
  const horizonBound = sql`(coalesce(${today ?? null}::date, (now() at time zone 'UTC')::date + 1) + ${PATTERN_HORIZON_DAYS}::int)`;
  let afterId = 0;
  for (;;) {
    const done = await inTransaction(db, async (tx) => {
      const selected = await tx
        .select({
          id: shiftPatterns.id,
          caregiverId: shiftPatterns.caregiverId,
          rrule: shiftPatterns.rrule,
          startDate: shiftPatterns.startDate,
          endDate: shiftPatterns.endDate,
          startTime: shiftPatterns.startTime,
          durationMinutes: shiftPatterns.durationMinutes,
          timezone: shiftPatterns.timezone,
          exdates: shiftPatterns.exdates,
          generatedThrough: shiftPatterns.generatedThrough,
        })
        .from(shiftPatterns)
        .innerJoin(clients, eq(clients.id, shiftPatterns.clientId))
        .where(
          and(
            gt(shiftPatterns.id, afterId),
            notInArray(clients.status, ['discharged', 'deceased']),
            or(isNull(shiftPatterns.generatedThrough), lt(shiftPatterns.generatedThrough, horizonBound)),
            or(
              isNull(shiftPatterns.endDate),
              isNull(shiftPatterns.generatedThrough),
              lt(shiftPatterns.generatedThrough, shiftPatterns.endDate),
            ),
          ),
        )
        .orderBy(asc(shiftPatterns.id))
        .limit(PATTERNS_PER_CHUNK)
        .for('update', { of: shiftPatterns, skipLocked: true });
      if (selected.length === 0) return true;
      afterId = selected.at(-1)!.id;
      const requests: GenerationRequest[] = [];
      for (const pattern of selected) {
        if (!isReadable(pattern)) {
          totals.skipped++;
          continue;
        }
        const through = generatedThroughOn(pattern, today ?? todayIn(pattern.timezone));
        if (pattern.generatedThrough !== null && pattern.generatedThrough >= through) continue;
        requests.push({
          pattern,
          from: pattern.generatedThrough ? addDays(pattern.generatedThrough, 1) : pattern.startDate,
          to: through,
        });
      }
      if (requests.length === 0) return selected.length < PATTERNS_PER_CHUNK;
      const result = await generatePatternShifts(tx, requests);
      await tx.execute(sql`
        update shift_patterns p set generated_through = v.through
        from unnest(
          ${arrayLiteral(requests.map((r) => r.pattern.id))}::int[],
          ${arrayLiteral(requests.map((r) => r.to))}::date[]
        ) as v(id, through)
        where p.id = v.id`);
      totals.patterns += requests.length;
      totals.generated += result.generated;
      totals.opened += result.opened.length;
      return selected.length < PATTERNS_PER_CHUNK;
    });
    if (done) return totals;
  }
}
