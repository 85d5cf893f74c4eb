import { and, eq, isNotNull } from 'drizzle-orm';
import type { ClientAppCareSheetPdf, ClientAppVisitInput } from '@hearth/shared/client-app/client-app-visits.schema';
import type { Language } from '@hearth/shared/i18n/languages';
import type { Scope } from '../../auth/scope';
import { AppError, notFound } from '../../errors/app-error';
import { msg } from '../../i18n/server-i18n';
import { branches } from '../branches/branches.schema';
import { careSheetPdfFileName, renderCareSheetPdf, type CareSheetPdfSource } from '../care-sheets/care-sheets.pdf';
import { careSheets } from '../care-sheets/care-sheets.schema';
import { caregivers } from '../caregivers/caregivers.schema';
import { clients } from '../clients/clients.schema';
import { companies } from '../companies/companies.schema';
import { shifts } from '../shifts/shifts.schema';
import { reachClient } from './client-app.access';

/**
 * clientAppGetCareSheetPdf {clientId, shiftId} (careNotes permission; issue "client and family app" item 2: the
 * care sheet's PDF): the submitted care sheet of a visit of the client, drawn by the office's renderer
 * (care-sheets.pdf.ts renderCareSheetPdf) in the caller's language, so the family holds the same record the
 * office does: tasks done, the caregiver's comment, the signatures the client gave. The caregiver is named by
 * first name only, as everywhere in the client app. A draft (not submitted) sheet is not given.
 * @returns {fileName "care-sheet-<client-last-name>-<YYYY-MM-DD>.pdf", contentType application/pdf, base64}.
 * @throws AppError NOT_FOUND "Client N not found" (reachClient: also without careNotes), "Shift N not found" for a
 * shift of another client; NOT_FOUND "Visit N has no care sheet yet" when none is submitted.
 */
export async function clientAppGetCareSheetPdf({
  scope,
  input,
  language = 'en',
}: {
  scope: Scope;
  input: ClientAppVisitInput;
  language?: Language;
}): Promise<ClientAppCareSheetPdf> {
  const client = await reachClient(scope, input.clientId, 'careNotes');
  const [shift] = await scope.db
    .select({ id: shifts.id })
    .from(shifts)
    .where(and(eq(shifts.id, input.shiftId), eq(shifts.clientId, client.clientId)));
  if (!shift) throw notFound('Shift', input.shiftId);
  const source = await loadSource(scope, client.clientId, shift.id);
  if (!source) throw new AppError('NOT_FOUND', msg('errors.clientAppVisits.noCareSheet', { id: String(shift.id) }));
  return {
    fileName: careSheetPdfFileName(source),
    contentType: 'application/pdf',
    base64: Buffer.from(await renderCareSheetPdf(source, language)).toString('base64'),
  };
}

/** The submitted care sheet of shift `shiftId` of client `clientId` as the renderer reads it, or null. */
async function loadSource(scope: Scope, clientId: number, shiftId: number): Promise<CareSheetPdfSource | null> {
  const [row] = await scope.db
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
    })
    .from(careSheets)
    .innerJoin(shifts, eq(shifts.id, careSheets.shiftId))
    .innerJoin(branches, eq(branches.id, shifts.branchId))
    .innerJoin(companies, eq(companies.id, branches.companyId))
    .innerJoin(clients, eq(clients.id, shifts.clientId))
    .innerJoin(caregivers, eq(caregivers.id, careSheets.caregiverId))
    .where(and(eq(careSheets.shiftId, shiftId), eq(shifts.clientId, clientId), isNotNull(careSheets.submittedAt)));
  if (!row) return null;
  const { sheet } = row;
  return {
    completed_tasks: sheet.completedTasks,
    caregiver_comment: sheet.caregiverComment,
    transportation_data: sheet.transportationData,
    client_signature: sheet.clientSignature,
    client_initials: sheet.clientInitials,
    client_unable_to_sign_reason: sheet.clientUnableToSignReason,
    caregiver_signature: sheet.caregiverSignature,
    caregiver_initials: sheet.caregiverInitials,
    care_sheet_id: sheet.id,
    shift_id: sheet.shiftId,
    clientName: `${row.clientFirstName} ${row.clientLastName}`,
    caregiverName: row.caregiverFirstName,
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
