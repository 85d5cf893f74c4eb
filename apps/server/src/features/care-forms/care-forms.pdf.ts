import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { CareFormPdfFile } from '@hearth/shared/care-forms/care-forms.schema';
import type { Language } from '@hearth/shared/i18n/languages';
import type { Scope } from '../../auth/scope';
import { branches } from '../branches/branches.schema';
import { clients } from '../clients/clients.schema';
import { companies } from '../companies/companies.schema';
import { findType } from './care-form-types.lookup';
import { formDetail } from './care-forms.read';
import { renderCareFormTypePdf } from './care-forms.pdf-blank';
import { fileNamePart } from './care-forms.pdf-layout';
import { renderCareFormPdf } from './care-forms.pdf-render';

/*
 * The care form PDFs (issue 23 item 4): a filled form's (careForms.pdf) and a type's blank form for paper back-up
 * (careFormTypes.pdf), read in the caller's reach and drawn in the caller's language.
 */

/** What a PDF procedure takes: the caller's scope, the record's id, the reader's language. */
interface PdfRequest {
  scope: Scope;
  input: { id: number };
  /** The language of the PDF's texts and dates: the requesting user's (the request's, trpc/context.ts). */
  language?: Language;
}

/** A PDF's bytes as the procedures answer them. */
function pdfFile(fileName: string, bytes: Uint8Array): CareFormPdfFile {
  return { fileName, contentType: 'application/pdf', base64: Buffer.from(bytes).toString('base64') };
}

/**
 * A care form as a PDF (careForms.pdf {id}, issue 23 item 4): its answers as shown (enableWhen), photos and
 * signatures, who started, filled and signed it and when, in the client's branch's time zone, its status, version
 * and amendment reason; the answers also attached as a FHIR QuestionnaireResponse JSON (renderCareFormPdf). Any
 * status prints: an in-progress form reads "Not signed yet". Who may read it as careForms.detail (formDetail: the
 * client's branch in scope; a caregiver only forms assigned to or created by them).
 * @returns {fileName "care-form-<type>-<client>-<YYYY-MM-DD>.pdf" (signed, else started, on the branch's calendar),
 *   contentType application/pdf, base64 of the file}.
 * @throws AppError NOT_FOUND "Care form N not found" for a missing form or one out of the caller's reach.
 */
export async function careFormPdf({ scope, input, language = 'en' }: PdfRequest): Promise<CareFormPdfFile> {
  const form = await formDetail(scope, input.id);
  const [place] = await scope.db
    .select({ branchName: branches.name, timezone: branches.timezone, agencyName: companies.name })
    .from(clients)
    .innerJoin(branches, eq(branches.id, clients.branchId))
    .innerJoin(companies, eq(companies.id, branches.companyId))
    .where(eq(clients.id, form.clientId));
  const { branchName, timezone, agencyName } = place!;
  const bytes = await renderCareFormPdf(
    {
      formId: form.id,
      agencyName,
      branchName,
      timezone,
      clientName: form.clientName,
      typeName: form.type.name,
      typeVersion: form.type.version,
      definition: form.type.definition,
      status: form.status,
      version: form.version,
      items: form.items,
      createdBy: form.createdBy.name,
      createdAt: form.createdAt,
      updatedAt: form.updatedAt,
      assignee: form.assignee?.name ?? null,
      shiftStart: form.shiftStart,
      signedBy: form.signedBy?.name ?? null,
      signedAt: form.signedAt,
      signature: form.signature,
      amendmentReason: form.amendmentReason,
    },
    language,
  );
  const day = DateTime.fromISO(form.signedAt ?? form.createdAt, { zone: timezone }).toISODate();
  return pdfFile(
    `care-form-${fileNamePart(form.type.name, 'form')}-${fileNamePart(form.clientName, 'client')}-${day}.pdf`,
    bytes,
  );
}

/**
 * A care form type as a blank PDF for paper back-up (careFormTypes.pdf {id}, issue 23 item 4; the phone keeps it
 * offline): every item with room to answer by hand (renderCareFormTypePdf). Any version and status of a type of the
 * caller's company (findType).
 * @returns {fileName "care-form-type-<name>-v<version>.pdf", contentType application/pdf, base64 of the file}.
 * @throws AppError NOT_FOUND "Care form type N not found" for a missing type or another company's.
 */
export async function careFormTypePdf({ scope, input, language = 'en' }: PdfRequest): Promise<CareFormPdfFile> {
  const type = await findType(scope, input.id);
  const [company] = await scope.db.select({ name: companies.name }).from(companies).where(eq(companies.id, type.companyId));
  const bytes = await renderCareFormTypePdf(
    { agencyName: company!.name, typeName: type.name, typeVersion: type.version, definition: type.definition },
    language,
  );
  return pdfFile(`care-form-type-${fileNamePart(type.name, 'form')}-v${type.version}.pdf`, bytes);
}
