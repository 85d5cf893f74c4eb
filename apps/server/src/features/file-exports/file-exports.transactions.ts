import { eq } from 'drizzle-orm';
import type { IntegrationRecordStatus, IntegrationRecordType } from '@hearth/shared/file-exports/file-exports.constants';
import { isEvvVerified } from '@hearth/shared/file-exports/file-exports.evv';
import type { Db } from '../../db/client';
import type { EvvData } from './file-exports.evv-data';
import type { BuiltExportFile, FileExportRow } from './file-exports.files';
import { integrationTransactionRecords } from './file-exports.schema';

/** One record an EVV aggregator export considered: a client, employee or visit, sent or rejected with the reason. */
export interface IntegrationRecord {
  recordType: IntegrationRecordType;
  /** Its key in the aggregator's layout (Hearth's id: Sandata ClientID / EmployeeIdentifier / VisitOtherID). */
  externalKey: string;
  /** The branch of the record (the client's, the caregiver's, the visit's shift's): who may see it. */
  branchId: number;
  shiftId: number | null;
  clientId: number | null;
  caregiverId: number | null;
  status: IntegrationRecordStatus;
  /** Empty when sent; the reasons the aggregator would refuse it, joined by "; ", when rejected. */
  message: string;
}

/** A built EVV aggregator file with the records it considered (written with the export's completion). */
export type EvvExportFile = BuiltExportFile & { records: IntegrationRecord[] };

/** A record with its problems: rejected with them when there are any, else sent. */
function record(base: Omit<IntegrationRecord, 'status' | 'message'>, problems: string[]): IntegrationRecord {
  return { ...base, status: problems.length ? 'rejected' : 'sent', message: problems.join('; ') };
}

/**
 * The integration transaction records of an EVV aggregator export (issue "Payroll, billing, reports" item 3):
 * one per client, employee (caregiver) and visit the file carries, in that order. A record is `rejected` with the
 * reasons the aggregator refuses it (Sandata altEVV and HHAeXchange EDI both key a Medicaid member by the
 * Medicaid ID, bill a visit by payer ID and procedure code, and accept only visits with both EVV times, 21st
 * Century Cures Act section 12006), else `sent`:
 * - client: no Medicaid ID (the file flags it: Sandata MissingMedicaidID, HHAeXchange an empty Medicaid Number);
 * - employee: never rejected (Hearth's caregiver id is the key both layouts accept);
 * - visit: no check-out; times not EVV-verified (isEvvVerified: an office time without a reason code); the client
 *   without a Medicaid ID; the payer without a payer ID; no service code.
 * The file itself is not changed by them: a rejected record stays in it as the builder writes it, so the office
 * sees here what to fix before the next export.
 */
export function evvTransactionRecords(data: EvvData): IntegrationRecord[] {
  const clients = [...data.clients.values()].map((c) =>
    record(
      { recordType: 'client', externalKey: String(c.id), branchId: c.branchId, shiftId: null, clientId: c.id, caregiverId: null },
      c.medicaidId ? [] : ['No Medicaid ID'],
    ),
  );
  const employees = [...data.caregivers.values()].map((c) =>
    record(
      {
        recordType: 'employee',
        externalKey: String(c.id),
        branchId: c.branchId,
        shiftId: null,
        clientId: null,
        caregiverId: c.id,
      },
      [],
    ),
  );
  const visits = data.visits.map(({ shift, sheets, times }) => {
    const problems: string[] = [];
    if (!times.checkOut) problems.push('No check-out');
    else if (!isEvvVerified(sheets)) problems.push('Times not EVV-verified (an office time without a reason code)');
    if (!data.clients.get(shift.clientId)?.medicaidId) problems.push('Client has no Medicaid ID');
    if (!data.payers.get(shift.payerSourceId!)?.payerId) problems.push('Payer has no payer ID');
    if (!shift.serviceCode) problems.push('No service code');
    return record(
      {
        recordType: 'visit',
        externalKey: String(shift.id),
        branchId: shift.branchId,
        shiftId: shift.id,
        clientId: shift.clientId,
        caregiverId: shift.caregiverId,
      },
      problems,
    );
  });
  return [...clients, ...employees, ...visits];
}

/** Rows per insert: 10 parameters each stays far below PostgreSQL's 65,535 bind parameters. */
const INSERT_BATCH = 1000;

/**
 * Replaces the integration transaction records of an export with `records` (company of the export), inside the
 * caller's transaction: the one completing the export (runFileExportJob), so a retried attempt leaves only its
 * own records and a failed one none.
 */
export async function replaceIntegrationRecords(tx: Db, row: FileExportRow, records: IntegrationRecord[]): Promise<void> {
  await tx.delete(integrationTransactionRecords).where(eq(integrationTransactionRecords.fileExportId, row.id));
  for (let i = 0; i < records.length; i += INSERT_BATCH) {
    await tx
      .insert(integrationTransactionRecords)
      .values(records.slice(i, i + INSERT_BATCH).map((r) => ({ ...r, fileExportId: row.id, companyId: row.companyId })));
  }
}
