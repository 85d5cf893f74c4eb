import { sql } from 'drizzle-orm';
import { formatLocalSpan } from '@hearth/shared/shifts/workweek';
import { MAX_SHIFT_MINUTES } from '@hearth/shared/shifts/shifts.constants';
import { recordset, type BatchContext } from './file-imports.target';
import { rowsOf } from '../../db/rows';

/**
 * The service checks of createShift done for a whole batch of imported shifts at once (one query each): the
 * authorization a shift bills against (matchAuthorization's rule), the pay period locks (assertShiftUnlocked's
 * rule) and the caregiver no-overlap rule (the EXCLUDE constraint's condition, findCaregiverOverlap). Scheduling
 * warnings are not checked: an import records what was agreed elsewhere.
 */

/** A shift of the batch as the checks see it; `k` is its index in the batch, `id` its record (0 when new). */
export interface ShiftDraft {
  k: number;
  id: number;
  branch_id: number;
  client_id: number;
  caregiver_id: number | null;
  payer_source_id: number | null;
  service_code: string | null;
  modifiers: string[];
  start_at: string;
  end_at: string;
  /** The start's calendar date in the branch's time zone. */
  local_date: string;
}

/**
 * The authorization of each draft with a payer: the client's authorization of that payer (and of the service code
 * with the same modifiers, when a code is given) whose dates include the local date, the latest starting first.
 * @returns draft index -> authorization id (drafts with none are absent).
 */
export async function matchAuthorizations(ctx: BatchContext, drafts: ShiftDraft[]): Promise<Map<number, number>> {
  const withPayer = drafts.filter((d) => d.payer_source_id !== null);
  if (withPayer.length === 0) return new Map();
  const rows = rowsOf<{ k: number; authorization_id: number | null }>(
    await ctx.db.execute(sql`
      select v.k, (select a.id from client_authorizations a
          where a.client_id = v.client_id and a.payer_source_id = v.payer_source_id
            and a.start_date <= v.local_date and a.end_date >= v.local_date
            and (v.service_code is null or (a.service_code = v.service_code and a.modifiers = v.modifiers))
          order by a.start_date desc, a.id desc limit 1) as authorization_id
      from ${recordset(withPayer, { k: 'int', client_id: 'int', payer_source_id: 'int', service_code: 'text', modifiers: 'jsonb', local_date: 'date' })}`),
  );
  return new Map(rows.flatMap((r) => (r.authorization_id === null ? [] : [[r.k, r.authorization_id] as [number, number]])));
}

/** A pay period lock in force over a start: its id and the message of a refused change. */
export interface ShiftLock {
  lockId: number;
  message: string;
}

/**
 * The locks in force over each draft's start (and, for a move, its current start `from_at`): the branch's pay
 * period lock time whose period holds the local date and whose locks_at has passed.
 * @returns draft index -> the locks over it.
 */
export async function locksOver(
  ctx: BatchContext,
  starts: { k: number; branch_id: number; start_at: string; action: 'add a shift to' | 'change a shift in' }[],
): Promise<Map<number, ShiftLock[]>> {
  const found = new Map<number, ShiftLock[]>();
  if (starts.length === 0) return found;
  const rows = rowsOf<{ k: number; id: number; period_start: string; period_end: string; branch_name: string; action: string }>(
    await ctx.db.execute(sql`
      select v.k, l.id, l.period_start::text as period_start, l.period_end::text as period_end, b.name as branch_name, v.action
      from ${recordset(starts, { k: 'int', branch_id: 'int', start_at: 'timestamptz', action: 'text' })}
      join pay_period_lock_times l on l.branch_id = v.branch_id and l.locks_at <= now()
      join branches b on b.id = l.branch_id
      where (v.start_at at time zone b.timezone)::date between l.period_start and l.period_end`),
  );
  for (const r of rows) {
    const message = `The pay period ${r.period_start} to ${r.period_end} of ${r.branch_name} is locked: you cannot ${r.action} it`;
    found.set(r.k, [...(found.get(r.k) ?? []), { lockId: r.id, message }]);
  }
  return found;
}

/**
 * The first shift in the database each draft's caregiver already holds at an overlapping time (half-open ranges,
 * not cancelled), other than the batch's own updated shifts (`movedIds`, checked within the batch instead).
 * @returns draft index -> the message naming the other shift ("Maria Lopez already has a shift then: ...").
 */
export async function caregiverOverlaps(
  ctx: BatchContext,
  drafts: ShiftDraft[],
  movedIds: number[],
): Promise<Map<number, string>> {
  const staffed = drafts.filter((d) => d.caregiver_id !== null);
  if (staffed.length === 0) return new Map();
  const rows = rowsOf<{
    k: number;
    id: number;
    start_at: string;
    end_at: string;
    timezone: string;
    caregiver_name: string;
    client_name: string | null;
  }>(
    await ctx.db.execute(sql`
      select distinct on (v.k) v.k, s.id, to_char(s.start_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as start_at,
        to_char(s.end_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as end_at, b.timezone,
        cg.first_name || ' ' || cg.last_name as caregiver_name,
        case when s.branch_id = ${ctx.branch?.id ?? 0} then c.first_name || ' ' || c.last_name end as client_name
      from ${recordset(staffed, { k: 'int', id: 'int', caregiver_id: 'int', start_at: 'timestamptz', end_at: 'timestamptz' })}
      join shifts s on s.caregiver_id = v.caregiver_id and s.status <> 'cancelled' and s.id <> v.id
        and s.start_at < v.end_at and s.start_at > v.start_at - make_interval(mins => ${MAX_SHIFT_MINUTES})
        and tstzrange(s.start_at, s.end_at, '[)') && tstzrange(v.start_at, v.end_at, '[)')
      join branches b on b.id = s.branch_id
      join clients c on c.id = s.client_id
      join caregivers cg on cg.id = s.caregiver_id
      where s.id not in (select (jsonb_array_elements_text(${JSON.stringify([0, ...movedIds])}::jsonb))::int)
      order by v.k, s.start_at`),
  );
  return new Map(
    rows.map((r) => {
      const span = formatLocalSpan({ start: new Date(r.start_at), end: new Date(r.end_at) }, r.timezone);
      const client = r.client_name ?? 'a client of another branch';
      return [r.k, `Caregiver: ${r.caregiver_name} already has a shift then: ${client}, ${span} (shift ${r.id})`];
    }),
  );
}

/** Whether two drafts of the same caregiver overlap (half-open ranges, as the EXCLUDE constraint). */
export function draftsOverlap(a: ShiftDraft, b: ShiftDraft): boolean {
  return (
    a.caregiver_id !== null &&
    a.caregiver_id === b.caregiver_id &&
    Date.parse(a.start_at) < Date.parse(b.end_at) &&
    Date.parse(b.start_at) < Date.parse(a.end_at)
  );
}
