import { eq, type SQL } from 'drizzle-orm';
import type { CareSheetFields } from '@hearth/shared/care-sheets/care-sheets.schema';
import type { Db } from '../../db/client';
import { branches } from '../branches/branches.schema';
import { caregivers } from '../caregivers/caregivers.schema';
import { clients } from '../clients/clients.schema';
import { companies } from '../companies/companies.schema';
import { shifts } from '../shifts/shifts.schema';
import { careSheets } from './care-sheets.schema';
import type { CareSheetPdfSource } from './care-sheets.pdf';

/** A care sheet row's answers in the contract's snake_case fields. */
export function sheetFields(sheet: typeof careSheets.$inferSelect): CareSheetFields {
  return {
    completed_tasks: sheet.completedTasks,
    caregiver_comment: sheet.caregiverComment,
    transportation_data: sheet.transportationData,
    client_signature: sheet.clientSignature,
    client_initials: sheet.clientInitials,
    client_unable_to_sign_reason: sheet.clientUnableToSignReason,
    caregiver_signature: sheet.caregiverSignature,
    caregiver_initials: sheet.caregiverInitials,
  };
}

/**
 * The care sheet `where` picks, with its visit, client, caregiver, branch and agency, as the PDF renderer reads it
 * (care-sheets.pdf.ts renderCareSheetPdf): times ISO UTC with the branch's zone, the service code with its modifiers.
 * The caller's reach goes into `where` (the office's careSheetReadable, the family's client and submitted sheets).
 * @param caregiverNaming `full` (the office's record) or `first` (the client app names caregivers by first name)
 * @returns the source, or null when no sheet matches.
 */
export async function loadCareSheetPdfSource(
  db: Db,
  where: SQL | undefined,
  caregiverNaming: 'full' | 'first' = 'full',
): Promise<CareSheetPdfSource | null> {
  const [row] = await db
    .select({
      sheet: careSheets,
      startAt: shifts.startAt,
      endAt: shifts.endAt,
      checkInAt: shifts.checkInAt,
      checkOutAt: shifts.checkOutAt,
      serviceCode: shifts.serviceCode,
      modifiers: shifts.modifiers,
      timezone: branches.timezone,
      branchName: branches.name,
      agencyName: companies.name,
      clientFirstName: clients.firstName,
      clientLastName: clients.lastName,
      tasks: clients.carePlanTasks,
      caregiverFirstName: caregivers.firstName,
      caregiverLastName: caregivers.lastName,
    })
    .from(careSheets)
    .innerJoin(shifts, eq(shifts.id, careSheets.shiftId))
    .innerJoin(branches, eq(branches.id, shifts.branchId))
    .innerJoin(companies, eq(companies.id, branches.companyId))
    .innerJoin(clients, eq(clients.id, shifts.clientId))
    .innerJoin(caregivers, eq(caregivers.id, careSheets.caregiverId))
    .where(where);
  if (!row) return null;
  const { sheet } = row;
  return {
    ...sheetFields(sheet),
    care_sheet_id: sheet.id,
    shift_id: sheet.shiftId,
    clientName: `${row.clientFirstName} ${row.clientLastName}`,
    caregiverName: caregiverNaming === 'first' ? row.caregiverFirstName : `${row.caregiverFirstName} ${row.caregiverLastName}`,
    serviceCode: row.serviceCode ? [row.serviceCode, ...row.modifiers].join(' ') : null,
    timezone: row.timezone,
    startTimestamp: row.startAt.toISOString(),
    endTimestamp: row.endAt.toISOString(),
    checkIn: row.checkInAt?.toISOString() ?? null,
    checkOut: row.checkOutAt?.toISOString() ?? null,
    tasks: row.tasks,
    submittedAt: sheet.submittedAt?.toISOString() ?? null,
    reviewedAt: sheet.reviewedAt?.toISOString() ?? null,
    reviewNote: sheet.reviewNote,
    agencyName: row.agencyName,
    branchName: row.branchName,
    clientLastName: row.clientLastName,
  };
}
