import { and, eq, isNotNull } from 'drizzle-orm';
import type { ClientAppCareSheetPdf, ClientAppVisitInput } from '@hearth/shared/client-app/client-app-visits.schema';
import type { Language } from '@hearth/shared/i18n/languages';
import type { Scope } from '../../auth/scope';
import { AppError, notFound } from '../../errors/app-error';
import { msg } from '../../i18n/server-i18n';
import { careSheetPdfFileName, renderCareSheetPdf } from '../care-sheets/care-sheets.pdf';
import { loadCareSheetPdfSource } from '../care-sheets/care-sheets.pdf-source';
import { careSheets } from '../care-sheets/care-sheets.schema';
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
  const source = await loadCareSheetPdfSource(
    scope.db,
    and(eq(careSheets.shiftId, shift.id), eq(shifts.clientId, client.clientId), isNotNull(careSheets.submittedAt)),
    'first',
  );
  if (!source) throw new AppError('NOT_FOUND', msg('errors.clientAppVisits.noCareSheet', { id: String(shift.id) }));
  return {
    fileName: careSheetPdfFileName(source),
    contentType: 'application/pdf',
    base64: Buffer.from(await renderCareSheetPdf(source, language)).toString('base64'),
  };
}
