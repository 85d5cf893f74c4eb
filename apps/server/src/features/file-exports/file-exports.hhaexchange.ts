import { isDeviceCheck, wallClockText } from '@hearth/shared/file-exports/file-exports.evv';
import { csvFile, modifiersText, settingsOf, type ExportRun } from './file-exports.files';
import { aggregatorReasonCode, loadEvvData, reasonMemo } from './file-exports.evv-data';
import { evvTransactionRecords, type EvvExportFile } from './file-exports.transactions';

/**
 * The columns of HHAeXchange's "EVV Visit Import" file, in the cell order of its layout (HHAeXchange Homecare EDI
 * Import guide, knowledge.hhaexchange.com "Homecare EDI Import": Agency Tax ID in cell A, Office NPI in B, Payer ID
 * in C, Medicaid Number in D, ...; the full header list as provider systems write it). HHAeXchange reads the file
 * by position, so every column is written even when empty.
 */
export const HHAEXCHANGE_VISIT_COLUMNS = [
  'Agency Tax ID',
  'Office NPI',
  'Payer ID',
  'Medicaid Number',
  'Member First Name',
  'Member Last Name',
  'Member ID',
  'Caregiver Code',
  'Caregiver Registry ID',
  'Caregiver License Number',
  'Caregiver First Name',
  'Caregiver Last Name',
  'Caregiver Gender',
  'Caregiver Date of Birth',
  'Caregiver SSN',
  'Caregiver Email',
  'Schedule ID',
  'Visit ID',
  'Procedure Code',
  'Diagnosis Code',
  'Schedule Start Time',
  'Schedule End Time',
  'Visit Start Time',
  'Visit End Time',
  'EVV Start Time',
  'EVV End Time',
  'Clock-In Service Location Address Line 1',
  'Clock-In Service Location Address Line 2',
  'Clock-In Service Location City',
  'Clock-In Service Location State ',
  'Clock-In Service Location Zip Code',
  'Clock-In Service Location Type',
  'Clock-Out Service Location Address Line 1',
  'Clock-Out Service Location Address Line 2',
  'Clock-Out Service Location City',
  'Clock-Out Service Location State ',
  'Clock-Out Service Location Zip Code',
  'Clock-Out Service Location Type',
  'Duties',
  'Clock-In Phone Number',
  'Clock-In Latitude',
  'Clock-In Longitude',
  'Clock-In EVV Other Info',
  'Clock-Out Phone Number',
  'Clock-Out Latitude',
  'Clock-Out Longitude',
  'Clock-Out EVV Other Info',
  'Invoice Number',
  'Visit Edit Reason Code',
  'Visit Edit Action Taken',
  'Visit Edit Made By',
  'Notes',
  'Is Deletion',
  'Invoice Line-Item ID',
  'Total Billed Amount',
  'Units Billed',
  'Billed Rate',
  'Submission Type',
  'TRN Number',
  'Enable Secondary Billing',
  'Other Subscriber ID',
  'Primary Payer ID',
  'Primary Payer Name',
  'Relationship to Insured',
  'Primary Payer Policy or Group number',
  'Primary Payer Program Name',
  'Plan Type',
  'Total Paid Amount',
  'Total Paid Units',
  'Paid Date',
  'Deductible',
  'Coinsurance',
  'Copay',
  'Contracted Adjustments',
  'Not Medically Necessary',
  'Non-Covered Charges',
  'Max Benefit Exhausted',
  'Missed Visit',
  'Missed Visit Reason Code',
  'Missed Visit Action Taken Code',
  'Missed Visit Notes',
  'Travel Time Request Hours',
  'Travel Time Comments',
  'Cancel Travel Time Request',
  'Timesheet Required',
  'Timesheet Approved',
  'User Field 1',
  'User Field 2',
  'User Field 3',
  'User Field 4',
  'User Field 5',
  'User Field 6',
  'User Field 7',
  'User Field 8',
  'User Field 9',
  'User Field 10',
];

/**
 * Builds the HHAeXchange EVV visit import file of a period (HHAEXCHANGE_VISIT_COLUMNS), one row per visit of
 * loadEvvData (payers sending to HHAeXchange, at least a check-in). Times are "YYYY-MM-DD HH:MM" on the branch's
 * wall clock (HHAeXchange EDI: "as per Agency's Timezone"). Member ID, Caregiver Code, Schedule ID and Visit ID are
 * Hearth's ids; Procedure Code is the service code with its modifiers after colons (T1019:U1). Visit Start / End
 * are the effective times (office edits win); EVV Start / End, the clock-in and clock-out GPS and the client's
 * address as service location are given only for times the caregiver's device recorded. An office-edited visit
 * carries the latest edit's reason code (through the type's reasonCodes map), who made it and its note. Billing,
 * claim and missed-visit columns are left empty (Is Deletion and Missed Visit "N", Timesheet Required "N").
 * records are the integration transaction records (evvTransactionRecords).
 */
export async function buildHhaexchangeExport(run: ExportRun): Promise<EvvExportFile> {
  const settings = settingsOf(run, 'evv_hhaexchange');
  const data = await loadEvvData(run, 'hhaexchange');
  const rows = data.visits.map((visit) => {
    const { shift, times, timeZone } = visit;
    const client = data.clients.get(shift.clientId)!;
    const caregiver = data.caregivers.get(shift.caregiverId!)!;
    const address = data.addresses.get(shift.clientId);
    const inSheet = times.checkInSheet;
    const outSheet = times.checkOutSheet;
    const deviceIn = isDeviceCheck(inSheet?.checkInType);
    const deviceOut = isDeviceCheck(outSheet?.checkOutType);
    const lastEdit = (data.edits.get(shift.id) ?? []).at(-1);
    const location = (device: boolean) =>
      device && address
        ? [address.line1, address.line2 ?? '', address.city, address.state, address.zip, '']
        : ['', '', '', '', '', ''];
    const cells: Record<string, string | number | null> = {
      'Agency Tax ID': settings.agencyTaxId,
      'Office NPI': settings.officeNpi,
      'Payer ID': data.payers.get(shift.payerSourceId!)?.payerId ?? '',
      'Medicaid Number': client.medicaidId ?? '',
      'Member First Name': client.firstName,
      'Member Last Name': client.lastName,
      'Member ID': String(client.id),
      'Caregiver Code': String(caregiver.id),
      'Caregiver First Name': caregiver.firstName,
      'Caregiver Last Name': caregiver.lastName,
      'Caregiver Gender': caregiver.gender ?? '',
      'Caregiver Date of Birth': caregiver.dateOfBirth ?? '',
      'Caregiver Email': caregiver.email ?? '',
      'Schedule ID': String(shift.id),
      'Visit ID': String(shift.id),
      'Procedure Code': [shift.serviceCode ?? '', modifiersText(shift.modifiers)].filter(Boolean).join(':'),
      'Schedule Start Time': wallClockText(shift.startAt, timeZone),
      'Schedule End Time': wallClockText(shift.endAt, timeZone),
      'Visit Start Time': wallClockText(times.checkIn, timeZone),
      'Visit End Time': wallClockText(times.checkOut, timeZone),
      'EVV Start Time': deviceIn ? wallClockText(times.checkIn, timeZone) : '',
      'EVV End Time': deviceOut ? wallClockText(times.checkOut, timeZone) : '',
      'Clock-In Latitude': deviceIn ? (inSheet?.checkInMetadata?.lat ?? '') : '',
      'Clock-In Longitude': deviceIn ? (inSheet?.checkInMetadata?.lon ?? '') : '',
      'Clock-Out Latitude': deviceOut ? (outSheet?.checkOutMetadata?.lat ?? '') : '',
      'Clock-Out Longitude': deviceOut ? (outSheet?.checkOutMetadata?.lon ?? '') : '',
      'Visit Edit Reason Code': lastEdit ? (aggregatorReasonCode(lastEdit.reasonCode, settings.reasonCodes) ?? '') : '',
      'Visit Edit Made By': lastEdit?.userName ?? '',
      Notes: shift.notes ?? (lastEdit ? (reasonMemo(lastEdit) ?? '') : ''),
      'Is Deletion': 'N',
      'Missed Visit': 'N',
      'Timesheet Required': 'N',
    };
    const [in1, in2, inCity, inState, inZip, inType] = location(deviceIn);
    const [out1, out2, outCity, outState, outZip, outType] = location(deviceOut);
    Object.assign(cells, {
      'Clock-In Service Location Address Line 1': in1,
      'Clock-In Service Location Address Line 2': in2,
      'Clock-In Service Location City': inCity,
      'Clock-In Service Location State ': inState,
      'Clock-In Service Location Zip Code': inZip,
      'Clock-In Service Location Type': inType,
      'Clock-Out Service Location Address Line 1': out1,
      'Clock-Out Service Location Address Line 2': out2,
      'Clock-Out Service Location City': outCity,
      'Clock-Out Service Location State ': outState,
      'Clock-Out Service Location Zip Code': outZip,
      'Clock-Out Service Location Type': outType,
    });
    return HHAEXCHANGE_VISIT_COLUMNS.map((column) => cells[column] ?? '');
  });
  return { ...csvFile(HHAEXCHANGE_VISIT_COLUMNS, rows, { bom: false }), records: evvTransactionRecords(data) };
}
