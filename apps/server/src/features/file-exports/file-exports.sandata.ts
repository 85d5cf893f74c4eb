import { isDeviceCheck, isEvvVerified, sandataDateTime, sandataTimeZone } from '@hearth/shared/file-exports/file-exports.evv';
import { hoursText } from '@hearth/shared/payroll/payroll-hours';
import { TIMESHEET_TYPES } from '@hearth/shared/shifts/shifts.constants';
import type { FileExportSettings } from '@hearth/shared/file-exports/file-exports.kinds';
import { JSON_CONTENT_TYPE, settingsOf, type ExportRun } from './file-exports.files';
import { aggregatorReasonCode, clientSigned, loadEvvData, reasonMemo, type EvvData } from './file-exports.evv-data';
import { isWorked, type ExportVisit } from '../visits/visits.worked';
import { evvTransactionRecords, type EvvExportFile } from './file-exports.transactions';

type SandataSettings = FileExportSettings<'evv_sandata'>;

/** A Sandata SequenceID: the record's last change in epoch milliseconds, so every update sends a higher one. */
function sequenceId(...times: (Date | null | undefined)[]): number {
  return Math.max(...times.map((t) => t?.getTime() ?? 0));
}

/** Hours as Sandata's HoursToBill / HoursToPay numbers: 2 decimals (250 minutes -> 4.17). */
function hours(minutes: number): number {
  return Number(hoursText(minutes));
}

/**
 * The Calls of a visit (altEVV "Calls": how the times were first captured): a "Call In" per timesheet check-in
 * and a "Call Out" per check-out, CallType "Mobile" with the phone's latitude and longitude for a device check
 * (timesheet type 1 or 2), "Manual" without a position for an office entry (Sandata's rule: manual calls carry no
 * GPS fields).
 */
function callsOf(visit: ExportVisit) {
  return visit.sheets.flatMap((sheet) =>
    (['in', 'out'] as const).flatMap((side) => {
      const at = side === 'in' ? sheet.checkIn : sheet.checkOut;
      if (!at) return [];
      const type = side === 'in' ? sheet.checkInType : sheet.checkOutType;
      const metadata = side === 'in' ? sheet.checkInMetadata : sheet.checkOutMetadata;
      const device = isDeviceCheck(type);
      return [
        {
          CallExternalID: `${sheet.id}-${side}`,
          CallDateTime: sandataDateTime(at),
          CallAssignment: side === 'in' ? 'Call In' : 'Call Out',
          CallType: device ? 'Mobile' : 'Manual',
          CallLatitude: device ? (metadata?.lat ?? null) : null,
          CallLongitude: device ? (metadata?.lon ?? null) : null,
        },
      ];
    }),
  );
}

/** One altEVV Visit object. */
function visitOf(visit: ExportVisit, data: EvvData, settings: SandataSettings, provider: object) {
  const { shift, times } = visit;
  const payer = data.payers.get(shift.payerSourceId!);
  const sheet = data.careSheets.get(shift.id);
  const signed = clientSigned(sheet);
  const officeIn = times.checkInSheet?.checkInType === TIMESHEET_TYPES.office;
  const officeOut = times.checkOutSheet?.checkOutType === TIMESHEET_TYPES.office;
  const worked = isWorked(visit);
  const modifiers = shift.modifiers;
  return {
    ProviderIdentification: provider,
    VisitOtherID: String(shift.id),
    SequenceID: sequenceId(shift.updatedAt, ...visit.sheets.map((s) => s.updatedAt)),
    EmployeeQualifier: 'EmployeeCustomID',
    EmployeeIdentifier: String(shift.caregiverId),
    ClientID: String(shift.clientId),
    ClientIDQualifier: 'ClientCustomID',
    PayerID: payer?.payerId ?? null,
    PayerProgram: settings.payerProgram || null,
    ProcedureCode: shift.serviceCode,
    Modifier1: modifiers[0] ?? null,
    Modifier2: modifiers[1] ?? null,
    Modifier3: modifiers[2] ?? null,
    Modifier4: modifiers[3] ?? null,
    VisitTimeZone: sandataTimeZone(visit.timeZone),
    ScheduleStartTime: sandataDateTime(shift.startAt),
    ScheduleEndTime: sandataDateTime(shift.endAt),
    AdjInDateTime: officeIn ? sandataDateTime(times.checkIn) : null,
    AdjOutDateTime: officeOut ? sandataDateTime(times.checkOut) : null,
    BillVisit: worked && isEvvVerified(visit.sheets),
    HoursToBill: hours(visit.minutes),
    HoursToPay: hours(visit.minutes),
    Memo: shift.notes,
    ClientVerifiedTimes: signed,
    ClientVerifiedTasks: signed && (sheet?.completedTasks.length ?? 0) > 0,
    ClientSignatureAvailable: Boolean(sheet?.clientSignature),
    Calls: callsOf(visit),
    VisitChanges: (data.edits.get(shift.id) ?? []).map((edit, i) => ({
      SequenceID: i + 1,
      ChangeMadeBy: edit.userEmail ?? edit.userName ?? 'office',
      ChangeDateTime: sandataDateTime(edit.at),
      ReasonCode: aggregatorReasonCode(edit.reasonCode, settings.reasonCodes),
      ChangeReasonMemo: reasonMemo(edit),
    })),
  };
}

/**
 * Builds the Sandata alternate EVV file of a period (Sandata "Requirement Specification for Receipt of Alternate
 * EVV Systems Data (altEVV)", Open EVV interfaces v7; field names as that specification and docs/glossary.md "EVV
 * aggregator" give them): one JSON object {Client: [...], Employee: [...], Visit: [...]} holding the three arrays the
 * altEVV interface takes, for the visits of loadEvvData (payers sending to Sandata, at least a check-in).
 * - Times are UTC, "YYYY-MM-DDTHH:MM:SSZ", with the branch's zone in VisitTimeZone ("US/Eastern"), as altEVV asks.
 * - Calls give the times as first captured (device: Mobile with GPS; office: Manual); AdjIn/AdjOutDateTime carry an
 *   office-edited effective time, and VisitChanges every office edit of the visit's times from the audit trail
 *   (who by email, when, reason code through the type's reasonCodes map, the note), as Sandata requires for
 *   adjusted and manual times.
 * - BillVisit is true for a completed, EVV-verified visit (isEvvVerified); HoursToBill and HoursToPay are the
 *   worked hours (2 decimals).
 * - Clients and employees are identified by Hearth's ids (ClientCustomID, EmployeeCustomID); the client carries
 *   its Medicaid ID, the provider the type's ProviderQualifier and ProviderID. SequenceIDs are the records' last
 *   change in epoch milliseconds.
 * rowCount is the number of visits; records are the integration transaction records (evvTransactionRecords).
 */
export async function buildSandataExport(run: ExportRun): Promise<EvvExportFile> {
  const settings = settingsOf(run, 'evv_sandata');
  const data = await loadEvvData(run, 'sandata');
  const provider = { ProviderQualifier: settings.providerQualifier, ProviderID: settings.providerId };
  const timeZoneOf = new Map(data.visits.map((v) => [v.shift.clientId, v.timeZone]));
  const Client = [...data.clients.values()].map((c) => {
    const address = data.addresses.get(c.id);
    return {
      ProviderIdentification: provider,
      ClientID: String(c.id),
      ClientFirstName: c.firstName,
      ClientLastName: c.lastName,
      ClientQualifier: 'ClientCustomID',
      ClientIdentifier: String(c.id),
      ClientCustomID: String(c.id),
      ClientOtherID: c.externalId,
      ClientMedicaidID: c.medicaidId,
      MissingMedicaidID: !c.medicaidId,
      SequenceID: sequenceId(c.updatedAt),
      ClientTimezone: sandataTimeZone(timeZoneOf.get(c.id)!),
      ClientAddress: address
        ? [
            {
              ClientAddressType: 'Home',
              ClientAddressIsPrimary: true,
              ClientAddressLine1: address.line1,
              ClientAddressLine2: address.line2,
              ClientCity: address.city,
              ClientState: address.state,
              ClientZip: address.zip,
              ClientAddressLatitude: address.lat,
              ClientAddressLongitude: address.lon,
            },
          ]
        : [],
    };
  });
  const Employee = [...data.caregivers.values()].map((c) => ({
    ProviderIdentification: provider,
    EmployeeQualifier: 'EmployeeCustomID',
    EmployeeIdentifier: String(c.id),
    EmployeeOtherID: c.adpFileNumber,
    SequenceID: sequenceId(c.updatedAt),
    EmployeeLastName: c.lastName,
    EmployeeFirstName: c.firstName,
    EmployeeEmail: c.email,
    EmployeeHireDate: c.hireDate,
  }));
  const Visit = data.visits.map((v) => visitOf(v, data, settings, provider));
  return {
    body: Buffer.from(JSON.stringify({ Client, Employee, Visit }, null, 2), 'utf8'),
    contentType: JSON_CONTENT_TYPE,
    extension: 'json',
    rowCount: Visit.length,
    records: evvTransactionRecords(data),
  };
}
