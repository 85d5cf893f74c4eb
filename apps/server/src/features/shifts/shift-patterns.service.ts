import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type {
  CreateShiftPatternInput,
  DeleteShiftPatternInput,
  ShiftPatternOutput,
  ShiftPatternSaveOutput,
  UpdateShiftPatternInput,
} from '@hearth/shared/shifts/shift-patterns.schema';
import {
  assertValidRRule,
  continueRule,
  describeRRule,
  patternOccurrences,
  RecurrenceRuleError,
} from '@hearth/shared/shifts/recurrence';
import { formatLocalSpan } from '@hearth/shared/shifts/workweek';
import { addDays, todayIn } from '@hearth/shared/caregivers/caregivers.rules';
import { inBranchScope, type Scope } from '../../auth/scope';
import { AppError, notFound } from '../../errors/app-error';
import { branches } from '../branches/branches.schema';
import { caregivers } from '../caregivers/caregivers.schema';
import { assertCompanyPayer, findClient, textOrNull, type ScopedClient } from '../clients/clients.lookup';
import { shiftPatterns } from './shifts.schema';
import { findCaregiverOverlap } from './shifts.conflict';
import { fullName } from './shifts.lookup';
import { generatePatternShifts, generatedThroughOn, type OpenedShift } from './shift-patterns.generate';
import { rowsOf } from '../../db/rows';
import { publishPatternChange } from './shifts.live';

/**
 * Recurring visit patterns (issue "Scheduling" item 2; docs/glossary.md "Recurring pattern"): a client's RFC 5545 rule
 * with a caregiver, service and local times in the branch's time zone, generating shifts over a rolling horizon
 * (shift-patterns.generate.ts; extended daily by shift-patterns.job.ts).
 *
 * A generated shift is "plain" while it is scheduled, not an exception, has no timesheet and no pickup
 * invitation, and does not lie in a locked pay period: only plain shifts are deleted when a pattern is edited
 * "this and the following" or ended. Exceptions, cancelled and worked shifts stay.
 *
 * Each write takes an optional `today` (a local date standing for today in the branch's zone), so tests can fix
 * the horizon; the router never passes it.
 */

type PatternRow = typeof shiftPatterns.$inferSelect;

/** A pattern save's answer before its output is built. */
type Generated = Omit<ShiftPatternSaveOutput, 'pattern'>;

function toOutput(row: PatternRow, caregiverName: string | null): ShiftPatternOutput {
  return {
    id: row.id,
    branchId: row.branchId,
    clientId: row.clientId,
    caregiverId: row.caregiverId,
    caregiverName,
    serviceCode: row.serviceCode,
    modifiers: row.modifiers,
    payerSourceId: row.payerSourceId,
    rrule: row.rrule,
    description: describeRRule(row.rrule),
    startDate: row.startDate,
    endDate: row.endDate,
    startTime: row.startTime,
    durationMinutes: row.durationMinutes,
    timezone: row.timezone,
    generatedThrough: row.generatedThrough,
    notes: row.notes,
  };
}

/** Patterns in the caller's scope matching `where`, with their caregiver's name, by start date. */
async function selectPatterns(scope: Scope, where: SQL): Promise<ShiftPatternOutput[]> {
  const rows = await scope.db
    .select({ pattern: shiftPatterns, firstName: caregivers.firstName, lastName: caregivers.lastName })
    .from(shiftPatterns)
    .leftJoin(caregivers, eq(caregivers.id, shiftPatterns.caregiverId))
    .where(and(where, inBranchScope(scope, shiftPatterns.branchId)))
    .orderBy(asc(shiftPatterns.startDate), asc(shiftPatterns.id));
  return rows.map((r) =>
    toOutput(
      r.pattern,
      r.firstName !== null && r.lastName !== null ? fullName({ firstName: r.firstName, lastName: r.lastName }) : null,
    ),
  );
}

async function onePattern(scope: Scope, id: number): Promise<ShiftPatternOutput> {
  const [row] = await selectPatterns(scope, eq(shiftPatterns.id, id));
  if (!row) throw notFound('Shift pattern', id);
  return row;
}

/**
 * A pattern and its client in the caller's scope, both locked until the request's transaction ends (client
 * first, as createShiftPattern locks it), so edits of one client's patterns run one at a time.
 * @throws AppError NOT_FOUND "Shift pattern N not found" when missing or outside the scope.
 */
async function findPatternForUpdate(scope: Scope, id: number): Promise<{ pattern: PatternRow; client: ScopedClient }> {
  const [found] = await scope.db
    .select({ clientId: shiftPatterns.clientId })
    .from(shiftPatterns)
    .where(and(eq(shiftPatterns.id, id), inBranchScope(scope, shiftPatterns.branchId)));
  if (!found) throw notFound('Shift pattern', id);
  const client = await findClient(scope, found.clientId, { lock: true });
  const [pattern] = await scope.db.select().from(shiftPatterns).where(eq(shiftPatterns.id, id)).for('update');
  if (!pattern) throw notFound('Shift pattern', id);
  return { pattern, client };
}

function badField(field: string, message: string): AppError {
  return new AppError('BAD_REQUEST', message, { [field]: [message] });
}

/** @throws AppError BAD_REQUEST (field rrule) naming why the rule cannot be used. */
function assertRule(rrule: string): void {
  try {
    assertValidRRule(rrule);
  } catch (error) {
    if (error instanceof RecurrenceRuleError) throw badField('rrule', error.message);
    throw error;
  }
}

/**
 * The rules for a pattern's caregiver, as createShift's: a caregiver in the caller's scope, active, in the
 * client's branch (a caregiver serves their own branch's clients).
 * @returns the caregiver's name.
 * @throws AppError BAD_REQUEST (field caregiverId) "Caregiver N not found", "Caregiver Maria Lopez (N) is not
 * active", "Caregiver N is not in this client's branch".
 */
async function assertPatternCaregiver(scope: Scope, caregiverId: number, client: ScopedClient): Promise<string> {
  const [row] = await scope.db
    .select({
      branchId: caregivers.branchId,
      status: caregivers.status,
      firstName: caregivers.firstName,
      lastName: caregivers.lastName,
    })
    .from(caregivers)
    .where(and(eq(caregivers.id, caregiverId), inBranchScope(scope, caregivers.branchId)));
  if (!row) throw badField('caregiverId', `Caregiver ${caregiverId} not found`);
  const name = fullName(row);
  if (row.status !== 'active') throw badField('caregiverId', `Caregiver ${name} (${caregiverId}) is not active`);
  if (row.branchId !== client.branchId) throw badField('caregiverId', `Caregiver ${caregiverId} is not in this client's branch`);
  return name;
}

/** @throws AppError BAD_REQUEST for a client who no longer receives care (discharged or deceased). */
function assertClientServed(client: ScopedClient): void {
  if (client.status === 'discharged' || client.status === 'deceased') {
    throw badField('clientId', `${fullName(client)} is ${client.status}: no visits can be scheduled`);
  }
}

/** The fields a pattern's caregiver, payer and rule must pass, checked against its client. */
async function assertPatternFields(
  scope: Scope,
  client: ScopedClient,
  p: { caregiverId: number | null; payerSourceId: number | null; rrule: string },
): Promise<void> {
  assertRule(p.rrule);
  assertClientServed(client);
  if (p.caregiverId !== null) await assertPatternCaregiver(scope, p.caregiverId, client);
  if (p.payerSourceId !== null) await assertCompanyPayer(scope, client.companyId, p.payerSourceId, 'payerSourceId');
}

async function branchTimezone(scope: Scope, branchId: number): Promise<string> {
  const [row] = await scope.db.select({ timezone: branches.timezone }).from(branches).where(eq(branches.id, branchId));
  if (!row) throw notFound('Branch', branchId);
  return row.timezone;
}

/**
 * The message for a generated shift left open: the caregiver's other shift that overlaps it (client, local span,
 * id), as the 409 of createShift words it, or the caregiver no longer being active.
 */
async function conflictMessages(scope: Scope, opened: OpenedShift[]): Promise<Generated['openedForConflict']> {
  const out: Generated['openedForConflict'] = [];
  for (const o of opened) {
    const [caregiver] = await scope.db
      .select({ firstName: caregivers.firstName, lastName: caregivers.lastName, status: caregivers.status })
      .from(caregivers)
      .where(eq(caregivers.id, o.caregiverId));
    const name = caregiver ? fullName(caregiver) : `Caregiver ${o.caregiverId}`;
    const other = await findCaregiverOverlap(scope, {
      caregiverId: o.caregiverId,
      caregiverName: name,
      startAt: o.startAt,
      endAt: o.endAt,
      excludeId: o.shiftId,
    });
    const reason = other
      ? `${name} already has a shift then: ${other.clientName ?? 'a client of another branch'}, ${formatLocalSpan(
          { start: other.startAt, end: other.endAt },
          other.timezone,
        )} (shift ${other.id})`
      : `${name} is not available then`;
    out.push({ startTimestamp: o.startAt.toISOString(), message: `${reason}: shift ${o.shiftId} was left open` });
  }
  return out;
}

/**
 * Generates `pattern` from local date `from` through its end date or today + PATTERN_HORIZON_DAYS, whichever is
 * first, and moves generated_through there. Open schedules of the branch and the caregiver are told (a live
 * 'shifts' event, shifts.live.ts).
 */
async function generate(scope: Scope, pattern: PatternRow, from: string, today: string): Promise<Generated> {
  const through = generatedThroughOn(pattern, today);
  const result = await generatePatternShifts(scope.db, [{ pattern, from, to: through }]);
  await scope.db.update(shiftPatterns).set({ generatedThrough: through }).where(eq(shiftPatterns.id, pattern.id));
  await publishPatternChange(scope.db, {
    branchId: pattern.branchId,
    caregiverIds: [pattern.caregiverId],
    clientId: pattern.clientId,
  });
  return { generated: result.generated, openedForConflict: await conflictMessages(scope, result.opened) };
}

/** Conditions on shifts `s` (joined to their pattern `p`) from a local date on, outside locked pay periods. */
function fromDateUnlocked(from: string): SQL {
  return sql`(s.occurrence_start at time zone p.timezone)::date >= ${from}::date
    and not exists (
      select 1 from pay_period_lock_times l
      where l.branch_id = s.branch_id and l.locks_at <= now()
        and (s.start_at at time zone p.timezone)::date between l.period_start and l.period_end)`;
}

/**
 * Deletes a pattern's plain generated shifts (see the module comment) whose occurrence falls on local date
 * `from` or later.
 * @returns how many were deleted.
 */
async function deletePlainShifts(scope: Scope, patternId: number, from: string): Promise<number> {
  const result = await scope.db.execute(sql`
    delete from shifts s using shift_patterns p
    where p.id = s.pattern_id and s.pattern_id = ${patternId} and ${fromDateUnlocked(from)}
      and s.status = 'scheduled' and not s.is_exception
      and not exists (select 1 from shift_timesheets t where t.shift_id = s.id)
      and not exists (select 1 from shift_pickup_invitations i where i.shift_id = s.id)
    returning s.id`);
  return rowsOf(result).length;
}

/**
 * Hands the shifts of pattern `fromPattern` that stay from local date `from` on (exceptions, cancelled and
 * worked ones) to pattern `to`: each takes `to`'s occurrence on its local date as its occurrence_start, so
 * generating `to` skips that day (ON CONFLICT) instead of booking the client twice. A shift on a day `to` does not
 * fall on keeps its pattern. `to` may be `fromPattern` itself, edited in place with new times.
 */
async function handOverKeptShifts(scope: Scope, fromPattern: PatternRow, to: PatternRow, from: string): Promise<void> {
  const result = await scope.db.execute(sql`
    select s.id, (s.occurrence_start at time zone p.timezone)::date::text as local_date
    from shifts s join shift_patterns p on p.id = s.pattern_id
    where s.pattern_id = ${fromPattern.id} and ${fromDateUnlocked(from)}
    order by s.occurrence_start`);
  const kept = rowsOf<{ id: number; local_date: string }>(result);
  if (kept.length === 0) return;
  const last = kept.at(-1)!.local_date;
  const occurrenceOn = new Map(patternOccurrences(to, { from, to: last }).map((o) => [o.localDate, o.occurrenceStart]));
  for (const shift of kept) {
    const occurrenceStart = occurrenceOn.get(shift.local_date);
    if (!occurrenceStart) continue;
    await scope.db.execute(sql`
      update shifts set pattern_id = ${to.id}, occurrence_start = ${occurrenceStart.toISOString()}::timestamptz
      where id = ${shift.id} and (pattern_id <> ${to.id} or occurrence_start <> ${occurrenceStart.toISOString()}::timestamptz)`);
  }
}

/**
 * A client's recurring patterns {clientId}, ended ones included, by start date, each with its caregiver's name
 * and its rule in words (description: "every week on Monday, Wednesday").
 * @throws AppError NOT_FOUND "Client N not found" when missing or outside the caller's branch scope.
 */
export async function getShiftPatterns({
  scope,
  input,
}: {
  scope: Scope;
  input: { clientId: number };
}): Promise<ShiftPatternOutput[]> {
  const client = await findClient(scope, input.clientId);
  return selectPatterns(scope, eq(shiftPatterns.clientId, client.id));
}

/**
 * Creates a client's recurring pattern (issue "Scheduling" item 2): {clientId, caregiverId?, serviceCode?,
 * modifiers?, payerSourceId?, rrule, startDate, endDate?, startTime "HH:MM", durationMinutes, notes?}, times in
 * the branch's time zone (stored as the pattern's timezone). Generates its shifts from startDate through
 * endDate or today + PATTERN_HORIZON_DAYS (today in the branch's zone, or `today`), whichever is first, and sets
 * generated_through; the daily job carries it on. Generation rules: shift-patterns.generate.ts (authorization
 * matched per date, locked pay periods skipped, a busy caregiver's occurrences left open).
 * @returns {pattern, generated: shifts created, openedForConflict: [{startTimestamp (UTC), message naming the
 * caregiver's other shift}]}.
 * @throws AppError NOT_FOUND "Client N not found" outside the scope; BAD_REQUEST for a rule that cannot be used
 * (field rrule), a caregiver not found, not active or of another branch (caregiverId), another company's payer
 * (payerSourceId), a discharged or deceased client.
 */
export async function createShiftPattern({
  scope,
  input,
  today,
}: {
  scope: Scope;
  input: CreateShiftPatternInput;
  today?: string;
}): Promise<ShiftPatternSaveOutput> {
  const client = await findClient(scope, input.clientId, { lock: true });
  const fields = {
    caregiverId: input.caregiverId ?? null,
    payerSourceId: input.payerSourceId ?? null,
    rrule: input.rrule,
  };
  await assertPatternFields(scope, client, fields);
  const timezone = await branchTimezone(scope, client.branchId);
  const [pattern] = await scope.db
    .insert(shiftPatterns)
    .values({
      ...fields,
      branchId: client.branchId,
      clientId: client.id,
      serviceCode: input.serviceCode ?? null,
      modifiers: input.modifiers ?? [],
      startDate: input.startDate,
      endDate: input.endDate ?? null,
      startTime: input.startTime,
      durationMinutes: input.durationMinutes,
      timezone,
      notes: textOrNull(input.notes) ?? null,
    })
    .returning();
  if (!pattern) throw new Error('shift pattern insert returned nothing');
  const generated = await generate(scope, pattern, pattern.startDate, today ?? todayIn(timezone));
  return { pattern: await onePattern(scope, pattern.id), ...generated };
}

/**
 * Edits a pattern "this and the following" (issue "Scheduling" item 2): {id, effectiveFrom (local date), ...fields
 * to change}. When effectiveFrom is after the pattern's start, the pattern ends the day before and a new pattern
 * with the merged fields takes over: from the first day the old rule falls on from effectiveFrom when the rule is
 * unchanged (continueRule: INTERVAL phase kept, COUNT turned into the remaining UNTIL), else from effectiveFrom.
 * When effectiveFrom is on or before its start, the pattern is changed in place. Either way its plain generated
 * shifts from effectiveFrom on are deleted; the shifts that stay (exceptions, cancelled, worked, locked) are
 * handed to the pattern in force on their day, so it does not book that day again; then the pattern in force is
 * generated as by createShiftPattern. Shifts before effectiveFrom are untouched.
 * @returns {pattern: the pattern in force from effectiveFrom, generated, openedForConflict}.
 * @throws AppError NOT_FOUND "Shift pattern N not found" outside the scope; BAD_REQUEST when the pattern ends
 * before effectiveFrom, and for the field rules of createShiftPattern.
 */
export async function updateShiftPattern({
  scope,
  input,
  today,
}: {
  scope: Scope;
  input: UpdateShiftPatternInput;
  today?: string;
}): Promise<ShiftPatternSaveOutput> {
  const { pattern: old, client } = await findPatternForUpdate(scope, input.id);
  if (old.endDate !== null && old.endDate < input.effectiveFrom) {
    throw badField('effectiveFrom', `This pattern ended on ${old.endDate}, before ${input.effectiveFrom}`);
  }
  const merged = {
    caregiverId: input.caregiverId === undefined ? old.caregiverId : input.caregiverId,
    serviceCode: input.serviceCode === undefined ? old.serviceCode : input.serviceCode,
    modifiers: input.modifiers ?? old.modifiers,
    payerSourceId: input.payerSourceId === undefined ? old.payerSourceId : input.payerSourceId,
    rrule: input.rrule ?? old.rrule,
    endDate: input.endDate === undefined ? old.endDate : input.endDate,
    startTime: input.startTime ?? old.startTime,
    durationMinutes: input.durationMinutes ?? old.durationMinutes,
    notes: input.notes === undefined ? old.notes : (textOrNull(input.notes) ?? null),
  };
  await assertPatternFields(scope, client, merged);
  const horizonToday = today ?? todayIn(old.timezone);

  if (input.effectiveFrom <= old.startDate) {
    await deletePlainShifts(scope, old.id, old.startDate);
    const [edited] = await scope.db
      .update(shiftPatterns)
      .set({ ...merged, generatedThrough: null, updatedAt: new Date() })
      .where(eq(shiftPatterns.id, old.id))
      .returning();
    if (!edited) throw notFound('Shift pattern', old.id);
    await handOverKeptShifts(scope, old, edited, edited.startDate);
    const generated = await generate(scope, edited, edited.startDate, horizonToday);
    return { pattern: await onePattern(scope, edited.id), ...generated };
  }

  const dayBefore = addDays(input.effectiveFrom, -1);
  await scope.db
    .update(shiftPatterns)
    .set({
      endDate: dayBefore,
      generatedThrough: sql`least(${shiftPatterns.generatedThrough}, ${dayBefore}::date)`,
      updatedAt: new Date(),
    })
    .where(eq(shiftPatterns.id, old.id));
  await deletePlainShifts(scope, old.id, input.effectiveFrom);
  const ruleKept = input.rrule === undefined || input.rrule === old.rrule.toUpperCase();
  const carried = ruleKept ? continueRule(old, input.effectiveFrom) : { rrule: merged.rrule, startDate: input.effectiveFrom };
  const [next] = await scope.db
    .insert(shiftPatterns)
    .values({
      ...merged,
      ...carried,
      branchId: old.branchId,
      clientId: old.clientId,
      timezone: old.timezone,
      exdates: old.exdates,
    })
    .returning();
  if (!next) throw new Error('shift pattern insert returned nothing');
  await handOverKeptShifts(scope, old, next, input.effectiveFrom);
  const generated = await generate(scope, next, next.startDate, horizonToday);
  return { pattern: await onePattern(scope, next.id), ...generated };
}

/**
 * Ends a pattern from a local date {id, effectiveFrom}: it ends the day before (a pattern ended before its start
 * is deleted, its remaining shifts keep no pattern) and its plain generated shifts from effectiveFrom on are
 * deleted; exceptions, cancelled, worked and locked shifts stay. A pattern already ending earlier keeps its end.
 * Open schedules are told (a live 'shifts' event).
 * @returns {id}.
 * @throws AppError NOT_FOUND "Shift pattern N not found" when missing or outside the scope.
 */
export async function deleteShiftPattern({
  scope,
  input,
}: {
  scope: Scope;
  input: DeleteShiftPatternInput;
}): Promise<{ id: number }> {
  const { pattern } = await findPatternForUpdate(scope, input.id);
  const from = input.effectiveFrom > pattern.startDate ? input.effectiveFrom : pattern.startDate;
  await deletePlainShifts(scope, pattern.id, from);
  const dayBefore = addDays(from, -1);
  if (dayBefore < pattern.startDate) {
    await scope.db.delete(shiftPatterns).where(eq(shiftPatterns.id, pattern.id));
  } else if (pattern.endDate === null || pattern.endDate > dayBefore) {
    await scope.db
      .update(shiftPatterns)
      .set({
        endDate: dayBefore,
        generatedThrough: sql`least(${shiftPatterns.generatedThrough}, ${dayBefore}::date)`,
        updatedAt: new Date(),
      })
      .where(eq(shiftPatterns.id, pattern.id));
  }
  await publishPatternChange(scope.db, {
    branchId: pattern.branchId,
    caregiverIds: [pattern.caregiverId],
    clientId: pattern.clientId,
  });
  return { id: pattern.id };
}
