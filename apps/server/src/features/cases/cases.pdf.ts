import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Readable } from 'node:stream';
import { caseNumberLabel } from '@hearth/shared/cases/cases.constants';
import type { Language } from '@hearth/shared/i18n/languages';
import type { Scope } from '../../auth/scope';
import type { Storage } from '../../storage/storage';
import { branches } from '../branches/branches.schema';
import { companies } from '../companies/companies.schema';
import { fileNamePart } from '../care-forms/care-forms.pdf-layout';
import { formDetail } from '../care-forms/care-forms.read';
import { caseHistory } from './cases.history';
import type { CasePdfModule } from './cases.pdf-modules';
import { renderCasePdf, type CasePdfPhoto } from './cases.pdf-render';
import { caseDetail } from './cases.read';
import { caseAttachments } from './cases.schema';

/** What cases.pdf takes: as careFormPdf's request, with the storage driver (photos) and the request's clock. */
interface CasePdfRequest {
  scope: Scope;
  input: { id: number };
  /** The language of the PDF's texts and dates: the requesting user's. */
  language?: Language;
  /** Where the attachments' bytes are; without it the photos are listed by name only. */
  storage?: Storage;
  /** The instant the deadlines are judged at (met or overdue): the request's receivedAt. */
  now?: Date;
}

/** Image attachments larger than this are listed, not drawn (bytes; field photos are downsized well below). */
const MAX_PHOTO_BYTES = 5_000_000;

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** The case's uploaded JPEG and PNG attachments with their bytes, read from storage. */
async function photosOf(scope: Scope, storage: Storage | undefined, caseId: number): Promise<CasePdfPhoto[]> {
  if (!storage) return [];
  const rows = await scope.db
    .select()
    .from(caseAttachments)
    .where(and(eq(caseAttachments.caseId, caseId), eq(caseAttachments.status, 'uploaded')));
  const photos: CasePdfPhoto[] = [];
  for (const row of rows) {
    if (!['image/jpeg', 'image/png'].includes(row.contentType) || row.size > MAX_PHOTO_BYTES) continue;
    const stream = await storage.read(row.storageKey);
    if (stream)
      photos.push({ filename: row.filename, contentType: row.contentType, data: (await bytesOf(stream)).toString('base64') });
  }
  return photos;
}

/**
 * The whole case file as a PDF (cases.pdf {id}; issue 24 item 4, spec /cases/{id}/pdf): the case as cases.detail
 * gives it to the caller at `now` (caseDetail: the case's branch in reach, else NOT_FOUND), its photos from
 * storage, each started module's care form with its answers (formDetail), and its history (caseHistory), drawn by
 * renderCasePdf in `language`, instants in the client's branch's time zone.
 * @returns {fileName "case-000123-<type>-<YYYY-MM-DD reported, branch calendar>.pdf", contentType application/pdf,
 *   base64 of the file}.
 * @throws AppError NOT_FOUND "Case N not found" for a missing case or one out of the caller's reach.
 */
export async function casePdf({ scope, input, language = 'en', storage, now = new Date() }: CasePdfRequest) {
  const detail = await caseDetail(scope, input.id, now);
  const [place] = await scope.db
    .select({ branchName: branches.name, timezone: branches.timezone, agencyName: companies.name })
    .from(branches)
    .innerJoin(companies, eq(companies.id, branches.companyId))
    .where(eq(branches.id, detail.branchId));
  const modules: CasePdfModule[] = [];
  for (const module of detail.modules) {
    const form = module.careFormId === null ? null : await formDetail(scope, module.careFormId);
    modules.push({
      name: module.name,
      required: module.required,
      form: form && {
        id: form.id,
        status: form.status,
        definition: form.type.definition,
        items: form.items,
        signedBy: form.signedBy?.name ?? null,
        signedAt: form.signedAt,
      },
    });
  }
  const bytes = await renderCasePdf(
    {
      agencyName: place!.agencyName,
      branchName: place!.branchName,
      timezone: place!.timezone,
      detail,
      photos: await photosOf(scope, storage, detail.id),
      modules,
      history: await caseHistory({ scope, input: { id: detail.id } }),
    },
    language,
  );
  const day = DateTime.fromISO(detail.reportedAt, { zone: place!.timezone }).toISODate();
  const fileName = `${fileNamePart(caseNumberLabel(detail.number), 'case')}-${fileNamePart(detail.typeName, 'type')}-${day}.pdf`;
  return { fileName, contentType: 'application/pdf' as const, base64: Buffer.from(bytes).toString('base64') };
}
