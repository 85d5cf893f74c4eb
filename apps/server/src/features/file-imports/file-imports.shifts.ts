import { ZCreateShiftInput } from '@hearth/shared/shifts/shifts.schema';
import { localDateOf } from '@hearth/shared/shifts/workweek';
import { resolvePayer, resolvePerson, rowReferences, type ReferencedPerson, type RowReferences } from './file-imports.references';
import { caregiverOverlaps, draftsOverlap, locksOver, matchAuthorizations, type ShiftDraft } from './file-imports.shift-checks';
import { shiftTimesOf } from './file-imports.shift-times';
import { currentShifts, writeShifts, type Candidate, type Current } from './file-imports.shift-store';
import { candidatesOf, sortCandidates, writtenRow } from './file-imports.upsert';
import {
  bulkInsert,
  errorRow,
  externalIdField,
  issuesMessage,
  labelsOf,
  listOf,
  type BatchContext,
  type ImportField,
  type ImportRow,
  type ImportTargetDefinition,
  type RowOutcome,
} from './file-imports.target';

/**
 * The shifts target: shifts keyed by external_id (within the import's company), validated with ZCreateShiftInput
 * and createShift's rules (an active caregiver of the client's branch, a payer of the company, the matching
 * authorization stored, the pay period locks, the caregiver free: a clash is the row's error, never the import's).
 * An import changes only scheduled shifts.
 */

const FIELDS: ImportField[] = [
  externalIdField('Shift ID', "The shift's id in the system the file comes from; importing it again updates that shift"),
  { key: 'clientId', label: 'Client', required: true, description: "The client's external id" },
  { key: 'caregiverId', label: 'Caregiver', required: false, description: "The caregiver's external id; empty: an open shift" },
  { key: 'payerSourceId', label: 'Payer source', required: false, description: "The payer source's external id" },
  { key: 'serviceCode', label: 'Service code', required: false, description: 'HCPCS code, e.g. T1019' },
  { key: 'modifiers', label: 'Modifiers', required: false, description: 'Up to 4, separated by ; or ,' },
  {
    key: 'start',
    label: 'Start',
    required: false,
    description: 'ISO 8601 with an offset, or YYYY-MM-DD HH:MM on the branch clock',
  },
  { key: 'end', label: 'End', required: false, description: 'As the start' },
  {
    key: 'date',
    label: 'Date',
    required: false,
    description: 'YYYY-MM-DD, with start time and end time instead of start and end',
  },
  { key: 'startTime', label: 'Start time', required: false, description: 'HH:MM on the branch clock' },
  { key: 'endTime', label: 'End time', required: false, description: 'HH:MM; not after the start time: the next day' },
  { key: 'notes', label: 'Notes', required: false, description: 'Free text' },
];
const LABELS = labelsOf(FIELDS, { startTimestamp: 'Start', endTimestamp: 'End' });

/** What a batch's rows name, looked up once per batch, with the import's branch and the stored shifts. */
interface ShiftReferences extends RowReferences {
  branch: NonNullable<BatchContext['branch']>;
  current: Map<string, Current>;
}

/**
 * The input of createShift a row gives: its client (of the import's branch), times, caregiver (createShift's
 * rules: active, of the client's branch; none for an open shift), payer source, service, modifiers and notes; a
 * field the file does not map is left out.
 * @returns the input with the client, or the message refusing the row.
 */
function shiftInputOf(
  v: Record<string, string>,
  refs: ShiftReferences,
): { input: Record<string, unknown>; client: ReferencedPerson } | string {
  const client = resolvePerson(refs.clients, v.clientId ?? '', 'Client', refs.branch.id);
  if (typeof client === 'string') return client;
  const times = shiftTimesOf(v, refs.branch.timezone);
  if ('error' in times) return times.error;
  const input: Record<string, unknown> = { clientId: client.id, ...times };
  if (v.caregiverId) {
    const caregiver = resolvePerson(refs.caregivers, v.caregiverId, 'Caregiver', null);
    if (typeof caregiver === 'string') return caregiver;
    if (caregiver.status !== 'active') return `Caregiver: ${caregiver.name} (${v.caregiverId}) is not active`;
    if (caregiver.branchId !== client.branchId) return `Caregiver: ${v.caregiverId} is not in this client's branch`;
    input.caregiverId = caregiver.id;
  } else if ('caregiverId' in v) input.caregiverId = null;
  if (v.payerSourceId) {
    const payer = resolvePayer(refs.payers, v.payerSourceId);
    if (typeof payer === 'string') return payer;
    input.payerSourceId = payer;
  } else if ('payerSourceId' in v) input.payerSourceId = null;
  if ('serviceCode' in v) input.serviceCode = v.serviceCode || null;
  if ('modifiers' in v) input.modifiers = listOf(v.modifiers);
  if ('notes' in v) input.notes = v.notes;
  return { input, client };
}

/**
 * A row as a candidate: a scheduled shift of the import's branch or a new one, validated with ZCreateShiftInput,
 * the columns it gives (times ISO UTC) and the draft the batch checks see (`k`: its place among the candidates).
 * @returns the candidate, or the message refusing the row.
 */
function shiftCandidate(row: ImportRow, k: number, refs: ShiftReferences): Candidate | string {
  const existing = refs.current.get(row.externalId) ?? null;
  if (existing && existing.branch_id !== refs.branch.id) {
    return `${row.externalId} is a shift of another branch; import it into that branch`;
  }
  if (existing && existing.status !== 'scheduled') {
    return `Shift ${existing.id} is ${existing.status.replace('_', ' ')}: an import changes scheduled shifts only`;
  }
  const given = shiftInputOf(row.values, refs);
  if (typeof given === 'string') return given;
  const { input, client } = given;
  const parsed = ZCreateShiftInput.safeParse(input);
  if (!parsed.success) return issuesMessage(parsed.error, LABELS);
  const p = parsed.data;
  const columns: Record<string, unknown> = {
    branch_id: client.branchId,
    client_id: client.id,
    start_at: new Date(p.startTimestamp).toISOString(),
    end_at: new Date(p.endTimestamp).toISOString(),
  };
  if ('caregiverId' in input) columns.caregiver_id = p.caregiverId ?? null;
  if ('payerSourceId' in input) columns.payer_source_id = p.payerSourceId ?? null;
  if ('serviceCode' in input) columns.service_code = p.serviceCode ?? null;
  if ('modifiers' in input) columns.modifiers = p.modifiers ?? [];
  if ('notes' in input) columns.notes = p.notes || null;
  const whole: Record<string, unknown> = existing ? { ...existing, ...columns } : { modifiers: [], ...columns };
  const draft: ShiftDraft = {
    k,
    id: existing?.id ?? 0,
    branch_id: client.branchId,
    client_id: client.id,
    caregiver_id: (whole.caregiver_id as number | null | undefined) ?? null,
    payer_source_id: (whole.payer_source_id as number | null | undefined) ?? null,
    service_code: (whole.service_code as string | null | undefined) ?? null,
    modifiers: (whole.modifiers as string[] | undefined) ?? [],
    start_at: columns.start_at as string,
    end_at: columns.end_at as string,
    local_date: localDateOf(new Date(p.startTimestamp), refs.branch.timezone),
  };
  return { line: row.line, externalId: row.externalId, current: existing, columns, draft, locks: [] };
}

/**
 * createShift's checks for the whole batch: the pay period locks over each candidate's new start (and a moved
 * shift's current one), the matching authorizations, and the caregivers' stored shifts at those times.
 * @returns by draft k: the locks, the authorization id, the overlap message.
 */
async function checkShifts(ctx: BatchContext, candidates: Candidate[]) {
  const drafts = candidates.map((c) => c.draft);
  const authorizations = await matchAuthorizations(ctx, drafts);
  const locks = await locksOver(ctx, [
    ...candidates.map((c) => ({
      k: c.draft.k,
      branch_id: c.draft.branch_id,
      start_at: c.draft.start_at,
      action: c.current ? ('change a shift in' as const) : ('add a shift to' as const),
    })),
    ...candidates.flatMap((c) =>
      c.current
        ? [{ k: c.draft.k, branch_id: c.draft.branch_id, start_at: c.current.start_at, action: 'change a shift in' as const }]
        : [],
    ),
  ]);
  const moved = candidates.flatMap((c) => (c.current ? [c.current.id] : []));
  const overlaps = await caregiverOverlaps(ctx, drafts, moved);
  return { authorizations, locks, overlaps };
}

/**
 * Writes the accepted shifts (writeShifts) and records the pay period lock overrides they needed, as createShift
 * does under a role's hasPayPeriodLockOverride (pay_period_lock_overrides). A row whose caregiver got a shift at
 * that time meanwhile is an error.
 */
async function writeAcceptedShifts(ctx: BatchContext, inserts: Candidate[], updates: Candidate[], outcomes: RowOutcome[]) {
  const { ids, clashed } = await writeShifts(ctx.db, inserts, updates);
  const overrides: Record<string, unknown>[] = [];
  for (const c of [...inserts, ...updates]) {
    if (clashed.has(c)) {
      outcomes.push(errorRow(c, 'Caregiver: the caregiver already has a shift at that time'));
      continue;
    }
    const id = c.current?.id ?? ids.get(c.externalId)!;
    outcomes.push(writtenRow(c, c.current ? 'updated' : 'created', id));
    for (const lockId of c.locks)
      overrides.push({ shift_id: id, lock_time_id: lockId, user_id: ctx.userId, action: c.current ? 'update' : 'create' });
  }
  await bulkInsert(
    ctx.db,
    'pay_period_lock_overrides',
    { shift_id: 'int', lock_time_id: 'int', user_id: 'int', action: 'text' },
    overrides,
    'shift_id',
  );
}

/** Shifts by external id; see the file's comment. */
export const shiftsTarget: ImportTargetDefinition = {
  target: 'shifts',
  branchLevel: true,
  actions: ['createShift', 'updateShift'],
  fields: FIELDS,
  async upsertBatch(ctx, rows) {
    const refs: ShiftReferences = {
      ...(await rowReferences(ctx, rows)),
      branch: ctx.branch!,
      current: await currentShifts(
        ctx,
        rows.map((r) => r.externalId),
      ),
    };
    const outcomes: RowOutcome[] = [];
    const candidates = candidatesOf(rows, outcomes, (row, k) => shiftCandidate(row, k, refs));
    const { authorizations, locks, overlaps } = await checkShifts(ctx, candidates);
    const { inserts, updates } = sortCandidates(
      candidates,
      outcomes,
      (c, accepted) => {
        const lockList = locks.get(c.draft.k) ?? [];
        if (lockList.length && (!ctx.mayOverrideLocks || ctx.userId === null)) return lockList[0]!.message;
        return (
          overlaps.get(c.draft.k) ??
          (accepted.some((a) => draftsOverlap(a.draft, c.draft))
            ? 'Caregiver: another row of this file gives the caregiver a shift at that time'
            : null)
        );
      },
      (c) => {
        c.columns.authorization_id = authorizations.get(c.draft.k) ?? null;
        c.locks = [...new Set((locks.get(c.draft.k) ?? []).map((l) => l.lockId))];
      },
    );
    await writeAcceptedShifts(ctx, inserts, updates, outcomes);
    return outcomes;
  },
};
