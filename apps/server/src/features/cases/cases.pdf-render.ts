import { rgb } from '@cantoo/pdf-lib';
import { caseNumberLabel } from '@hearth/shared/cases/cases.constants';
import type { CaseDetail, CaseHistoryEntry } from '@hearth/shared/cases/cases.schema';
import type { Language } from '@hearth/shared/i18n/languages';
import { BODY_SIZE, GREY, PdfCursor, embedImage, pdfInstant } from '../care-forms/care-forms.pdf-layout';
import { serverT } from '../../i18n/server-i18n';
import { drawCaseModules, type CasePdfModule } from './cases.pdf-modules';

/*
 * The case file as a PDF (issue 24 item 4, spec /cases/{id}/pdf "the whole case file (details, modules, comments,
 * history)"), drawn with the care form PDF's page layout (care-forms.pdf-layout.ts): US Letter, Helvetica, page
 * numbers at the foot; every word from the server catalogue's casePdf in the reader's language.
 */

/** A photo of the case with its bytes (base64, or a data URL), read from the storage driver. */
export interface CasePdfPhoto {
  filename: string;
  contentType: string;
  data: string;
}

/** Everything the case PDF shows. Instants are ISO 8601 UTC, written in `timezone` (the client's branch's). */
export interface CasePdfData {
  agencyName: string;
  branchName: string;
  timezone: string;
  /** The case as cases.detail gives it (deadlines with met and overdue at the time of printing). */
  detail: CaseDetail;
  /** Images among the attachments, drawn in the PDF; the other attachments are listed by name. */
  photos: CasePdfPhoto[];
  modules: CasePdfModule[];
  /** The case's history, oldest first (cases.history). */
  history: CaseHistoryEntry[];
}

/** The colour of an overdue deadline. */
const RED = rgb(0.7, 0, 0);
const PHOTO_BOX = { width: 240, height: 180 };
const DEADLINES = [
  ['acknowledge', 'casePdf.deadlineAcknowledge'],
  ['stateReport', 'casePdf.deadlineStateReport'],
  ['resolve', 'casePdf.deadlineResolve'],
] as const;

function drawDetails(cursor: PdfCursor, data: CasePdfData, language: Language) {
  const { t } = cursor;
  const c = data.detail;
  const at = (iso: string) => pdfInstant(iso, data.timezone, language);
  cursor.text(data.agencyName, { font: cursor.bold, size: 16 });
  cursor.text(t('casePdf.branch', { branch: data.branchName }), { color: GREY });
  cursor.y -= 6;
  cursor.text(`${caseNumberLabel(c.number)} ${c.title}`, { font: cursor.bold, size: 14 });
  cursor.text(t('casePdf.caseFile'), { color: GREY });
  cursor.heading(t('casePdf.details'));
  cursor.row(t('casePdf.type'), c.typeName);
  cursor.row(t('casePdf.status'), t(`casePdf.statuses.${c.status}`));
  if (c.lastReason) cursor.row(t('casePdf.reason'), c.lastReason);
  cursor.row(t('casePdf.priority'), t(`casePdf.priorities.${c.priority}`));
  cursor.row(t('casePdf.client'), c.clientName);
  if (c.shiftStart) cursor.row(t('casePdf.visit'), at(c.shiftStart));
  if (c.caregivers.length > 0) cursor.row(t('casePdf.caregivers'), c.caregivers.map((g) => g.name).join(', '));
  cursor.row(t('casePdf.occurredAt'), at(c.occurredAt));
  cursor.row(t('casePdf.reportedBy'), t('careFormPdf.personAt', { name: c.reportedBy.name, date: at(c.reportedAt) }));
  cursor.row(t('casePdf.assignee'), c.assignee?.name ?? t('casePdf.unassigned'), c.assignee ? {} : { color: GREY });
  cursor.heading(t('casePdf.deadlines'));
  for (const [key, label] of DEADLINES) {
    const d = c.deadlines[key];
    if (!d.dueAt) {
      cursor.row(t(label), t('casePdf.noDeadline'), { color: GREY });
      continue;
    }
    const met = d.metAt ? t('casePdf.metAt', { date: at(d.metAt) }) : t(d.overdue ? 'casePdf.overdue' : 'casePdf.notYet');
    cursor.row(t(label), `${t('casePdf.due', { date: at(d.dueAt) })}: ${met}`, !d.metAt && d.overdue ? { color: RED } : {});
  }
  if (c.stateReportNote) cursor.row(t('casePdf.stateReportNote'), c.stateReportNote);
}

async function drawDescriptionAndPhotos(cursor: PdfCursor, data: CasePdfData) {
  const { t } = cursor;
  cursor.heading(t('casePdf.description'));
  if (data.detail.description.trim()) cursor.text(data.detail.description);
  else cursor.text(t('casePdf.noDescription'), { color: GREY });
  if (data.detail.attachments.length === 0) return;
  cursor.heading(t('casePdf.photos'));
  for (const file of data.detail.attachments) {
    cursor.text(t('casePdf.attachment', { name: file.filename, size: Math.max(1, Math.round(file.size / 1024)) }), {
      color: GREY,
    });
    const photo = data.photos.find((p) => p.filename === file.filename);
    const image = photo ? await embedImage(cursor.doc, photo.contentType, photo.data) : null;
    if (image) cursor.image(image, PHOTO_BOX);
    else if (photo) cursor.text(t('careFormPdf.imageUnreadable'), { color: GREY });
  }
}

function drawComments(cursor: PdfCursor, data: CasePdfData, language: Language) {
  const { t } = cursor;
  cursor.heading(t('casePdf.comments'));
  if (data.detail.comments.length === 0) cursor.text(t('casePdf.noComments'), { color: GREY });
  for (const comment of data.detail.comments) {
    cursor.ensure(40);
    const date = pdfInstant(comment.createdAt, data.timezone, language);
    cursor.text(t('careFormPdf.personAt', { name: comment.author.name, date }), { font: cursor.bold });
    cursor.text(comment.body);
    cursor.y -= 4;
  }
}

function drawHistory(cursor: PdfCursor, data: CasePdfData, language: Language) {
  const { t } = cursor;
  cursor.heading(t('casePdf.history'));
  if (data.history.length === 0) cursor.text(t('casePdf.noHistory'), { color: GREY });
  for (const entry of data.history) {
    cursor.ensure(30);
    const what = t('casePdf.historyWhat', {
      what: t(`casePdf.whats.${entry.what}`),
      operation: t(`casePdf.operations.${entry.operation}`),
      who: entry.who ?? t('casePdf.system'),
    });
    cursor.row(pdfInstant(entry.at, data.timezone, language), what);
    for (const change of entry.changes) {
      const from = change.from ?? t('casePdf.empty');
      const to = change.to ?? t('casePdf.empty');
      cursor.text(t('casePdf.change', { field: change.field, from, to }), { x: 168 + 12, size: BODY_SIZE - 1, color: GREY });
    }
  }
}

/**
 * Draws a case file as a PDF: the agency and branch; the case number (CASE-000123) and title; details (type, status
 * and the last cancel or reopen reason, priority, client, visit, caregivers involved, when it occurred, who reported
 * it and when, assignee); each deadline with its due time and whether it was met (when) or is OVERDUE; the state
 * report note; the description; attachments by name with the photos drawn; each module's form with its answers;
 * comments; the history (when, what, who, each change). Instants on the wall clock of `data.timezone`.
 * @returns the PDF file's bytes.
 */
export async function renderCasePdf(data: CasePdfData, language: Language = 'en'): Promise<Uint8Array> {
  const title = serverT(language)('casePdf.docTitle', { number: caseNumberLabel(data.detail.number), title: data.detail.title });
  const cursor = await PdfCursor.create(title, data.agencyName, language);
  drawDetails(cursor, data, language);
  await drawDescriptionAndPhotos(cursor, data);
  await drawCaseModules(cursor, data.modules, data.timezone, language);
  drawComments(cursor, data, language);
  drawHistory(cursor, data, language);
  cursor.numberPages();
  return cursor.doc.save();
}
