import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { EvvAggregator } from '@hearth/shared/payer-sources/payer-sources.constants';
import { OFFICE_EDIT_REASON_LABELS, type OfficeEditReasonCode } from '@hearth/shared/shifts/shifts.constants';
import { inBranchScope } from '../../auth/scope';
import { caregivers } from '../caregivers/caregivers.schema';
import { careSheets } from '../care-sheets/care-sheets.schema';
import { clientAddresses, clients } from '../clients/clients.schema';
import { payerSources } from '../payer-sources/payer-sources.schema';
import { shifts } from '../shifts/shifts.schema';
import { periodOf, type ExportRun } from './file-exports.files';
import { inPeriod, loadExportVisits, periodWindow, type ExportVisit } from '../visits/visits.worked';
import { officeEditsOf, type OfficeEdit } from './file-exports.office-edits';

/** Everything an EVV aggregator export writes: the visits and the records they refer to, by id. */
export interface EvvData {
  visits: ExportVisit[];
  payers: Map<number, typeof payerSources.$inferSelect>;
  clients: Map<number, typeof clients.$inferSelect>;
  addresses: Map<number, typeof clientAddresses.$inferSelect>;
  caregivers: Map<number, typeof caregivers.$inferSelect>;
  careSheets: Map<number, typeof careSheets.$inferSelect>;
  edits: Map<number, OfficeEdit[]>;
}

/** Rows of `table` whose id is one of `ids`, as a map by id (no query for no ids). */
async function byId<T extends { id: number }>(ids: number[], load: (ids: number[]) => Promise<T[]>): Promise<Map<number, T>> {
  const unique = [...new Set(ids)];
  return new Map((unique.length ? await load(unique) : []).map((r) => [r.id, r]));
}

/**
 * The visits an aggregator export sends, with what they refer to: visits of the scope's branches with a caregiver,
 * at least a check-in (EVV calls), a local date in the period, and a payer source sending to `aggregator`
 * (payer_sources.evv_aggregator) or, with params.payerSourceId, that payer whatever its aggregator. Also their
 * payers, clients with primary addresses, caregivers, care sheets and office edits (audit trail), by id.
 */
export async function loadEvvData(run: ExportRun, aggregator: EvvAggregator): Promise<EvvData> {
  const period = periodOf(run.params);
  const payerId = run.params.payerSourceId;
  const payerFilter = payerId
    ? eq(shifts.payerSourceId, payerId)
    : sql`${shifts.payerSourceId} in (select p.id from payer_sources p
        where p.company_id = ${run.row.companyId} and p.evv_aggregator = ${aggregator})`;
  const found = await loadExportVisits(
    run.db,
    and(inBranchScope(run.scope, shifts.branchId), isNotNull(shifts.caregiverId), payerFilter),
    periodWindow(period),
  );
  const visits = found.filter((v) => inPeriod(v, period) && v.times.checkIn !== null);
  const db = run.db;
  const [payerMap, clientMap, caregiverMap] = await Promise.all([
    byId(
      visits.map((v) => v.shift.payerSourceId!),
      (ids) => db.select().from(payerSources).where(inArray(payerSources.id, ids)),
    ),
    byId(
      visits.map((v) => v.shift.clientId),
      (ids) => db.select().from(clients).where(inArray(clients.id, ids)),
    ),
    byId(
      visits.map((v) => v.shift.caregiverId!),
      (ids) => db.select().from(caregivers).where(inArray(caregivers.id, ids)),
    ),
  ]);
  const shiftIds = visits.map((v) => v.shift.id);
  const clientIds = [...clientMap.keys()];
  const addressRows = clientIds.length
    ? await db
        .select()
        .from(clientAddresses)
        .where(and(inArray(clientAddresses.clientId, clientIds), eq(clientAddresses.isPrimary, true)))
        .orderBy(asc(clientAddresses.id))
    : [];
  const addresses = new Map<number, typeof clientAddresses.$inferSelect>();
  for (const a of addressRows) if (!addresses.has(a.clientId)) addresses.set(a.clientId, a);
  const sheets = shiftIds.length ? await db.select().from(careSheets).where(inArray(careSheets.shiftId, shiftIds)) : [];
  const edits = new Map<number, OfficeEdit[]>();
  for (const edit of await officeEditsOf(db, shiftIds)) edits.set(edit.shiftId, [...(edits.get(edit.shiftId) ?? []), edit]);
  return {
    visits,
    payers: payerMap,
    clients: clientMap,
    addresses,
    caregivers: caregiverMap,
    careSheets: new Map(sheets.map((s) => [s.shiftId, s])),
    edits,
  };
}

/**
 * An office edit's reason code as the aggregator writes it: the type's reasonCodes setting maps Hearth's codes to
 * the state's code table; an unmapped code is written as Hearth's own.
 */
export function aggregatorReasonCode(code: string | null, map: Partial<Record<OfficeEditReasonCode, string>>): string | null {
  if (!code) return null;
  return map[code as OfficeEditReasonCode] ?? code;
}

/** The words of an office edit's reason, for a memo: the note, else the reason code's label. */
export function reasonMemo(edit: Pick<OfficeEdit, 'reasonCode' | 'reasonNote'>): string | null {
  return (
    edit.reasonNote ??
    (edit.reasonCode ? (OFFICE_EDIT_REASON_LABELS[edit.reasonCode as OfficeEditReasonCode] ?? edit.reasonCode) : null)
  );
}

/** Whether the client signed or initialled the visit's care sheet. */
export function clientSigned(sheet: typeof careSheets.$inferSelect | undefined): boolean {
  return Boolean(sheet?.clientSignature || sheet?.clientInitials);
}
