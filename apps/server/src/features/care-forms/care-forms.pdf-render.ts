import { DateTime } from 'luxon';
import type { Questionnaire, QuestionnaireItem, QuestionnaireResponseItem } from '@hearth/shared/care-forms/care-forms.schema';
import type { CareFormStatus } from '@hearth/shared/care-forms/care-forms.constants';
import { enabledItems, isSignatureItem, type FormNode } from '@hearth/shared/care-forms/questionnaire-rules';
import type { Language } from '@hearth/shared/i18n/languages';
import { calendarDate } from '../../i18n/server-dates';
import { serverT } from '../../i18n/server-i18n';
import { BODY_SIZE, GREY, PAGE, PdfCursor, embedImage, pdfInstant } from './care-forms.pdf-layout';

type QuestionnaireResponseItemAnswer = NonNullable<QuestionnaireResponseItem['answer']>[number];

/** A FHIR R4 QuestionnaireResponse of the fields Hearth writes. */
export interface QuestionnaireResponse {
  resourceType: 'QuestionnaireResponse';
  id: string;
  questionnaire?: string;
  status: CareFormStatus;
  authored: string;
  item: QuestionnaireResponseItem[];
}

/** A care form as its PDF shows it: the form, its type, its client and agency, and who did what when. */
export interface CareFormPdfData {
  formId: number;
  agencyName: string;
  branchName: string;
  /** The client's branch's IANA time zone, in which times are written. */
  timezone: string;
  clientName: string;
  typeName: string;
  typeVersion: number;
  definition: Questionnaire;
  status: CareFormStatus;
  version: number;
  items: QuestionnaireResponseItem[];
  createdBy: string;
  /** Instants as ISO 8601 UTC. */
  createdAt: string;
  updatedAt: string;
  assignee: string | null;
  shiftStart: string | null;
  signedBy: string | null;
  signedAt: string | null;
  /** The signer's drawn signature, a PNG data URL. */
  signature: string | null;
  amendmentReason: string | null;
}

/** The name of the QuestionnaireResponse JSON attached to the PDF. */
export const RESPONSE_ATTACHMENT_NAME = 'questionnaire-response.json';

const PHOTO_BOX = { width: 260, height: 200 };
const SIGNATURE_BOX = { width: 220, height: 70 };
/** Indentation of each level of groups, in points, and the deepest it goes. */
const INDENT = 12;
const MAX_INDENT = 4 * INDENT;

const STATUS_KEYS = {
  'in-progress': 'careFormPdf.statusInProgress',
  completed: 'careFormPdf.statusCompleted',
  amended: 'careFormPdf.statusAmended',
} as const;

/** A calendar date YYYY-MM-DD as a form reads it: MM/DD/YYYY in English, the locale's numeric date otherwise. */
export function dateText(value: string, language: Language): string {
  const date = DateTime.fromISO(value, { zone: 'utc' });
  if (language !== 'en' || !date.isValid) return calendarDate(value, language);
  return date.toFormat('MM/dd/yyyy');
}

/** A time of day "14:30" or "14:30:00" in the language's locale ("2:30 PM", "2:30 p.m."). */
function timeOfDay(value: string, language: Language): string {
  const time = DateTime.fromISO(`1970-01-01T${value}`, { zone: 'utc' });
  if (!time.isValid) return value;
  // Intl puts no-break spaces before "AM"; the PDF's fonts and readers want plain ones.
  return time
    .setLocale(language === 'es' ? 'es-US' : 'en-US')
    .toLocaleString(DateTime.TIME_SIMPLE)
    .replace(/[\u00a0\u202f]/g, ' ');
}

/**
 * An answer as the PDF writes it: Yes/No in the reader's language, numbers as given, dates in the language's
 * format, instants in the branch's zone, a coding's display (else its code); null for an image.
 */
export function answerText(
  answer: QuestionnaireResponseItemAnswer,
  cursor: Pick<PdfCursor, 't'>,
  timezone: string,
  language: Language,
): string | null {
  if (answer.valueBoolean !== undefined) return cursor.t(answer.valueBoolean ? 'careFormPdf.yes' : 'careFormPdf.no');
  if (answer.valueInteger !== undefined) return String(answer.valueInteger);
  if (answer.valueDecimal !== undefined) return String(answer.valueDecimal);
  if (answer.valueDate !== undefined) return dateText(answer.valueDate, language);
  if (answer.valueDateTime !== undefined) return pdfInstant(answer.valueDateTime, timezone, language);
  if (answer.valueTime !== undefined) return timeOfDay(answer.valueTime, language);
  if (answer.valueCoding) return answer.valueCoding.display ?? answer.valueCoding.code ?? '';
  if (answer.valueString !== undefined) return answer.valueString;
  return null;
}

/** A question and its answers, indented `x` points. */
async function drawQuestion(cursor: PdfCursor, node: FormNode, x: number, data: CareFormPdfData, language: Language) {
  const { item } = node;
  // A photo or signature starts on the page its question is on.
  const box = isSignatureItem(item) ? SIGNATURE_BOX : PHOTO_BOX;
  cursor.ensure(item.type === 'attachment' && node.answers.length > 0 ? box.height + 30 : 40);
  cursor.text(questionLabel(item), { x, font: cursor.bold });
  if (node.answers.length === 0) cursor.text(cursor.t('careFormPdf.noAnswer'), { x: x + INDENT, color: GREY });
  for (const answer of node.answers) {
    const text = answerText(answer, cursor, data.timezone, language);
    if (text !== null) {
      cursor.text(node.answers.length > 1 ? `\u2022 ${text}` : text, { x: x + INDENT });
      continue;
    }
    const attachment = answer.valueAttachment;
    const image = attachment?.data ? await embedImage(cursor.doc, attachment.contentType ?? '', attachment.data) : null;
    if (image) cursor.image(image, box, x + INDENT);
    else cursor.text(cursor.t('careFormPdf.imageUnreadable'), { x: x + INDENT, color: GREY });
  }
  cursor.y -= 4;
}

/** The shown items of the form, groups as headings (a repeating group's instances numbered), in order. */
async function drawNodes(cursor: PdfCursor, nodes: FormNode[], depth: number, data: CareFormPdfData, language: Language) {
  const x = PAGE.margin + Math.min(depth * INDENT, MAX_INDENT);
  for (const node of nodes) {
    const { item } = node;
    if (item.type === 'group') {
      const title = item.text ?? item.linkId;
      const numbered = item.repeats
        ? cursor.t('careFormPdf.groupInstance', { group: title, number: node.path.at(-1)!.index + 1 })
        : title;
      cursor.ensure(60);
      cursor.y -= 4;
      cursor.text(numbered, { x, font: cursor.bold, size: 11 });
      await drawNodes(cursor, node.children, depth + 1, data, language);
    } else if (item.type === 'display') {
      cursor.text(item.text ?? '', { x, color: GREY });
      cursor.y -= 4;
    } else {
      await drawQuestion(cursor, node, x, data, language);
    }
  }
}

/** The header and the form's details: agency, branch, type and version, client, status, who and when. */
function drawHeader(cursor: PdfCursor, data: CareFormPdfData, language: Language) {
  const { t } = cursor;
  const at = (iso: string) => pdfInstant(iso, data.timezone, language);
  cursor.text(data.agencyName, { font: cursor.bold, size: 16 });
  cursor.text(t('careFormPdf.branch', { branch: data.branchName }), { color: GREY });
  cursor.y -= 6;
  cursor.text(data.typeName, { font: cursor.bold, size: 14 });
  cursor.text(t('careFormPdf.typeVersion', { version: data.typeVersion }), { color: GREY });
  cursor.heading(t('careFormPdf.details'));
  cursor.row(t('careFormPdf.client'), data.clientName);
  cursor.row(t('careFormPdf.status'), t(STATUS_KEYS[data.status]));
  cursor.row(t('careFormPdf.formVersion'), String(data.version));
  if (data.amendmentReason) cursor.row(t('careFormPdf.amendmentReason'), data.amendmentReason);
  if (data.shiftStart) cursor.row(t('careFormPdf.visit'), at(data.shiftStart));
  if (data.assignee) cursor.row(t('careFormPdf.assignee'), data.assignee);
  cursor.row(t('careFormPdf.startedBy'), t('careFormPdf.personAt', { name: data.createdBy, date: at(data.createdAt) }));
  const signed =
    data.signedBy && data.signedAt ? t('careFormPdf.personAt', { name: data.signedBy, date: at(data.signedAt) }) : null;
  cursor.row(t('careFormPdf.signedBy'), signed ?? t('careFormPdf.notSigned'), signed ? {} : { color: GREY });
}

/** The form's answers as a FHIR R4 QuestionnaireResponse, attached to the PDF for a machine to read back. */
export function questionnaireResponseOf(data: CareFormPdfData): QuestionnaireResponse {
  return {
    resourceType: 'QuestionnaireResponse',
    id: String(data.formId),
    ...(data.definition.url ? { questionnaire: data.definition.url } : {}),
    status: data.status,
    authored: data.signedAt ?? data.updatedAt,
    item: data.items,
  };
}

/**
 * Draws a care form as a PDF (issue 23 item 4, "a completed form's PDF (answers, signatures, who and when)"): the
 * agency and branch, the type's name and version, the client, status, version and amendment reason, the visit, who
 * it is assigned to, who started and who signed it and when (the client's branch's time zone); then every item
 * enableWhen shows, in order: groups as headings (a repeating group's instances numbered), display texts, each
 * question with its answers (several as a list, "No answer" when none; photos and signature answers as images);
 * then the signer's drawn signature. Page numbers at the foot. The answers also travel inside the file as a FHIR
 * QuestionnaireResponse JSON attachment (RESPONSE_ATTACHMENT_NAME). Texts are the server catalogue's careFormPdf in
 * `language`; characters outside the standard fonts' WinAnsi set are transliterated or shown as "?".
 * @returns the PDF file's bytes.
 */
export async function renderCareFormPdf(data: CareFormPdfData, language: Language = 'en'): Promise<Uint8Array> {
  const title = serverT(language)('careFormPdf.docTitle', { type: data.typeName, client: data.clientName });
  const cursor = await PdfCursor.create(title, data.agencyName, language);
  const { t } = cursor;
  drawHeader(cursor, data, language);
  cursor.heading(t('careFormPdf.answers'));
  await drawNodes(cursor, enabledItems(data.definition, data.items), 0, data, language);
  cursor.heading(t('careFormPdf.signature'));
  const signature = data.signature ? await embedImage(cursor.doc, 'image/png', data.signature) : null;
  if (signature) cursor.image(signature, SIGNATURE_BOX);
  else if (data.signature) cursor.text(t('careFormPdf.imageUnreadable'), { color: GREY });
  const signedBy =
    data.signedBy && data.signedAt
      ? t('careFormPdf.personAt', { name: data.signedBy, date: pdfInstant(data.signedAt, data.timezone, language) })
      : t('careFormPdf.notSigned');
  cursor.text(signedBy, { size: BODY_SIZE, color: data.signedBy ? undefined : GREY });
  cursor.numberPages();
  const json = JSON.stringify(questionnaireResponseOf(data), null, 2);
  await cursor.doc.attach(Buffer.from(json, 'utf8'), RESPONSE_ATTACHMENT_NAME, {
    mimeType: 'application/fhir+json',
    description: 'FHIR R4 QuestionnaireResponse',
    creationDate: new Date(data.createdAt),
    modificationDate: new Date(data.updatedAt),
  });
  return cursor.doc.save();
}

/** Question texts of a Questionnaire item, for tests and the blank form: "prefix text" or the linkId. */
export function questionLabel(item: QuestionnaireItem): string {
  return [item.prefix, item.text ?? item.linkId].filter(Boolean).join(' ');
}
