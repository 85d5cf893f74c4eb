import { ZCreateShiftInput } from '@hearth/shared/shifts/shifts.schema';
import { localDateOf } from '@hearth/shared/shifts/workweek';
import { caregiversByExternalId, clientsByExternalId, payersByExternalId, resolvePerson } from './file-imports.references';
import { caregiverOverlaps, draftsOverlap, locksOver, matchAuthorizations, type ShiftDraft } from './file-imports.shift-checks';
import { shiftTimesOf } from './file-imports.shift-times';
import { currentShifts, writeShifts, type Candidate } from './file-imports.shift-store';
import {
  bulkInsert,
  errorRow,
  externalIdField,
  issuesMessage,
  labelsOf,
  listOf,
  sameValues,
  type ImportField,
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

/** Shifts by external id; see the file's comment. */
export const shiftsTarget: ImportTargetDefinition = {
  target: 'shifts',
  branchLevel: true,
  actions: ['createShift', 'updateShift'],
  fields: FIELDS,
  async upsertBatch(ctx, rows) {
    const branch = ctx.branch!;
    const clients = await clientsByExternalId(
      ctx,
      rows.map((r) => r.values.clientId ?? ''),
    );
    const caregivers = await caregiversByExternalId(
      ctx,
      rows.map((r) => r.values.caregiverId ?? ''),
    );
    const payers = await payersByExternalId(
      ctx,
      rows.map((r) => r.values.payerSourceId ?? ''),
    );
    const current = await currentShifts(
      ctx,
      rows.map((r) => r.externalId),
    );
    const outcomes: RowOutcome[] = [];
    const candidates: Candidate[] = [];
    for (const row of rows) {
      const v = row.values;
      const existing = current.get(row.externalId) ?? null;
      if (existing && existing.branch_id !== branch.id) {
        outcomes.push(errorRow(row, `${row.externalId} is a shift of another branch; import it into that branch`));
        continue;
      }
      if (existing && existing.status !== 'scheduled') {
        outcomes.push(
          errorRow(row, `Shift ${existing.id} is ${existing.status.replace('_', ' ')}: an import changes scheduled shifts only`),
        );
        continue;
      }
      const client = resolvePerson(clients, v.clientId ?? '', 'Client', branch.id);
      if (typeof client === 'string') {
        outcomes.push(errorRow(row, client));
        continue;
      }
      const times = shiftTimesOf(v, branch.timezone);
      if ('error' in times) {
        outcomes.push(errorRow(row, times.error));
        continue;
      }
      const input: Record<string, unknown> = { clientId: client.id, ...times };
      if (v.caregiverId) {
        const caregiver = resolvePerson(caregivers, v.caregiverId, 'Caregiver', null);
        if (typeof caregiver === 'string') {
          outcomes.push(errorRow(row, caregiver));
          continue;
        }
        // createShift's rules for putting a caregiver on a client's shift.
        if (caregiver.status !== 'active') {
          outcomes.push(errorRow(row, `Caregiver: ${caregiver.name} (${v.caregiverId}) is not active`));
          continue;
        }
        if (caregiver.branchId !== client.branchId) {
          outcomes.push(errorRow(row, `Caregiver: ${v.caregiverId} is not in this client's branch`));
          continue;
        }
        input.caregiverId = caregiver.id;
      } else if ('caregiverId' in v) input.caregiverId = null;
      if (v.payerSourceId) {
        const payer = payers.get(v.payerSourceId);
        if (payer === undefined) {
          outcomes.push(errorRow(row, `Payer source: no payer source has the id ${v.payerSourceId}`));
          continue;
        }
        input.payerSourceId = payer;
      } else if ('payerSourceId' in v) input.payerSourceId = null;
      if ('serviceCode' in v) input.serviceCode = v.serviceCode || null;
      if ('modifiers' in v) input.modifiers = listOf(v.modifiers);
      if ('notes' in v) input.notes = v.notes;
      const parsed = ZCreateShiftInput.safeParse(input);
      if (!parsed.success) {
        outcomes.push(errorRow(row, issuesMessage(parsed.error, LABELS)));
        continue;
      }
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
        k: candidates.length,
        id: existing?.id ?? 0,
        branch_id: client.branchId,
        client_id: client.id,
        caregiver_id: (whole.caregiver_id as number | null | undefined) ?? null,
        payer_source_id: (whole.payer_source_id as number | null | undefined) ?? null,
        service_code: (whole.service_code as string | null | undefined) ?? null,
        modifiers: (whole.modifiers as string[] | undefined) ?? [],
        start_at: columns.start_at as string,
        end_at: columns.end_at as string,
        local_date: localDateOf(new Date(p.startTimestamp), branch.timezone),
      };
      candidates.push({ line: row.line, externalId: row.externalId, current: existing, columns, draft, locks: [] });
    }

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

    const accepted: Candidate[] = [];
    const inserts: Candidate[] = [];
    const updates: Candidate[] = [];
    for (const c of candidates) {
      const lockList = locks.get(c.draft.k) ?? [];
      if (lockList.length && (!ctx.mayOverrideLocks || ctx.userId === null)) {
        outcomes.push(errorRow(c, lockList[0]!.message));
        continue;
      }
      const clash =
        overlaps.get(c.draft.k) ??
        (accepted.some((a) => draftsOverlap(a.draft, c.draft))
          ? 'Caregiver: another row of this file gives the caregiver a shift at that time'
          : null);
      if (clash) {
        outcomes.push(errorRow(c, clash));
        continue;
      }
      c.columns.authorization_id = authorizations.get(c.draft.k) ?? null;
      c.locks = [...new Set(lockList.map((l) => l.lockId))];
      accepted.push(c);
      if (!c.current) inserts.push(c);
      else if (sameValues(c.current, c.columns)) {
        outcomes.push({ line: c.line, status: 'unchanged', externalId: c.externalId, recordId: c.current.id, message: null });
      } else updates.push(c);
    }

    const { ids, clashed } = await writeShifts(ctx.db, inserts, updates);
    const overrides: Record<string, unknown>[] = [];
    for (const c of [...inserts, ...updates]) {
      if (clashed.has(c)) {
        outcomes.push(errorRow(c, 'Caregiver: the caregiver already has a shift at that time'));
        continue;
      }
      const id = c.current?.id ?? ids.get(c.externalId)!;
      const status = c.current ? 'updated' : 'created';
      outcomes.push({ line: c.line, status, externalId: c.externalId, recordId: id, message: null });
      for (const lockId of c.locks)
        overrides.push({ shift_id: id, lock_time_id: lockId, user_id: ctx.userId, action: c.current ? 'update' : 'create' });
    }
    // As createShift under a role's hasPayPeriodLockOverride: the overrides are recorded (pay_period_lock_overrides).
    await bulkInsert(
      ctx.db,
      'pay_period_lock_overrides',
      { shift_id: 'int', lock_time_id: 'int', user_id: 'int', action: 'text' },
      overrides,
      'shift_id',
    );
    return outcomes;
  },
};
