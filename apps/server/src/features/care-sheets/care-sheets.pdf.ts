import { DateTime } from 'luxon';
import type { TFunction } from 'i18next';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFImage, type PDFPage } from '@cantoo/pdf-lib';
import type { CareSheetPdfDetails } from '@hearth/shared/care-sheets/care-sheets.schema';
import type { Language } from '@hearth/shared/i18n/languages';
import { serverT } from '../../i18n/server-i18n';
import { zonedDate, zonedDateTime } from '../../i18n/server-dates';

/** A care sheet as its PDF shows it, with what the header and file name need besides the contract's fields. */
export type CareSheetPdfSource = CareSheetPdfDetails & { agencyName: string; branchName: string; clientLastName: string };

/** US Letter in points (1/72 inch), and the margins. */
const PAGE = { width: 612, height: 792, margin: 48 };
const BODY_SIZE = 10;
const LINE = 14;
const LABEL_WIDTH = 110;
const SIGNATURE_BOX = { width: 220, height: 70 };
const GREY = rgb(0.4, 0.4, 0.4);
const BLACK = rgb(0, 0, 0);

/**
 * A visit time as the office reads it, in the branch's zone: "03/04/31 9:00 AM EST" (spec format) in English, else
 * through Intl in the language's locale (es-US "4/3/31, 9:00 a.m. EST"); null reads "Not recorded" in the language.
 */
export function pdfTime(iso: string | null, timezone: string, language: Language = 'en'): string {
  if (!iso) return serverT(language)('carePdf.notRecorded');
  if (language !== 'en') return zonedDateTime(new Date(iso), timezone, language);
  return DateTime.fromISO(iso, { zone: timezone }).setLocale('en-US').toFormat('MM/dd/yy h:mm a ZZZZ');
}

/**
 * The PDF's file name: "care-sheet-<client-last-name>-<YYYY-MM-DD>.pdf", the name lower-cased with anything but
 * letters and digits turned into hyphens, the date the visit's start in the branch's time zone.
 */
export function careSheetPdfFileName(source: Pick<CareSheetPdfSource, 'clientLastName' | 'startTimestamp' | 'timezone'>) {
  const name =
    source.clientLastName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'client';
  const date = DateTime.fromISO(source.startTimestamp, { zone: source.timezone }).toISODate();
  return `care-sheet-${name}-${date}.pdf`;
}

/** Writes top to bottom, adding a page when the next block does not fit. */
class Cursor {
  page: PDFPage;
  y: number;
  private readonly charset: Set<number>;

  constructor(
    private readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
    /** The PDF's texts in the reader's language. */
    readonly t: TFunction<'server'>,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
    this.charset = new Set(font.getCharacterSet());
  }

  /** Starts a new page unless `height` points still fit above the bottom margin. */
  ensure(height: number): void {
    if (this.y - height >= PAGE.margin) return;
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  /** The text with what the standard fonts cannot encode (WinAnsi) replaced: accents dropped, others as "?". */
  safe(text: string): string {
    return [...text.normalize('NFC')]
      .map((ch) => {
        if (ch === '\n' || this.charset.has(ch.codePointAt(0)!)) return ch;
        const plain = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
        return [...plain].every((c) => this.charset.has(c.codePointAt(0)!)) && plain ? plain : '?';
      })
      .join('');
  }

  /** Splits text into lines at most `width` points wide (paragraphs kept; a word too long is cut). */
  wrap(text: string, width: number, font = this.font, size = BODY_SIZE): string[] {
    const lines: string[] = [];
    for (const paragraph of text.replace(/\t/g, ' ').split(/\r?\n/)) {
      let line = '';
      for (const word of paragraph.split(/ +/)) {
        let rest = word;
        while (font.widthOfTextAtSize(rest, size) > width) {
          let cut = rest.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
          if (line) lines.push(line);
          line = '';
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        const candidate = line ? `${line} ${rest}` : rest;
        if (font.widthOfTextAtSize(candidate, size) <= width) line = candidate;
        else {
          lines.push(line);
          line = rest;
        }
      }
      lines.push(line);
    }
    return lines;
  }

  /** A paragraph at `x`, wrapped to the right margin. */
  text(text: string, options: { x?: number; font?: PDFFont; size?: number; color?: ReturnType<typeof rgb> } = {}): void {
    const x = options.x ?? PAGE.margin;
    const font = options.font ?? this.font;
    const size = options.size ?? BODY_SIZE;
    const lineHeight = Math.max(LINE, size * 1.3);
    for (const line of this.wrap(this.safe(text), PAGE.width - PAGE.margin - x, font, size)) {
      this.ensure(lineHeight);
      this.y -= lineHeight;
      this.page.drawText(line, { x, y: this.y + 3, size, font, color: options.color ?? BLACK });
    }
  }

  /** "Label   value" on one row, the value wrapped in its column. */
  row(label: string, value: string): void {
    this.ensure(LINE);
    const top = this.y;
    this.page.drawText(this.safe(label), { x: PAGE.margin, y: top - LINE + 3, size: BODY_SIZE, font: this.bold });
    this.text(value, { x: PAGE.margin + LABEL_WIDTH });
  }

  /** A section heading with a rule under it. */
  heading(title: string): void {
    this.ensure(LINE * 3);
    this.y -= 8;
    this.text(title, { font: this.bold, size: 12 });
    this.page.drawLine({
      start: { x: PAGE.margin, y: this.y },
      end: { x: PAGE.width - PAGE.margin, y: this.y },
      thickness: 0.5,
      color: GREY,
    });
    this.y -= 2;
  }

  /** A task with a box, checked when done (drawn: the standard fonts have no check glyph), and Done / Not done. */
  task(name: string, done: boolean, note = ''): void {
    this.ensure(LINE);
    const boxY = this.y - LINE + 2;
    const x = PAGE.margin;
    this.page.drawRectangle({ x, y: boxY, width: 9, height: 9, borderWidth: 0.8, borderColor: BLACK });
    if (done) {
      this.page.drawLine({ start: { x: x + 1.8, y: boxY + 4.8 }, end: { x: x + 3.8, y: boxY + 2 }, thickness: 1.4 });
      this.page.drawLine({ start: { x: x + 3.8, y: boxY + 2 }, end: { x: x + 8, y: boxY + 8.5 }, thickness: 1.4 });
    }
    const status = this.safe(this.t(done ? 'carePdf.done' : 'carePdf.notDone'));
    this.page.drawText(status, {
      x: PAGE.width - PAGE.margin - this.bold.widthOfTextAtSize(status, BODY_SIZE),
      y: boxY + 1,
      size: BODY_SIZE,
      font: this.bold,
      color: done ? BLACK : GREY,
    });
    const [first = '', ...rest] = this.wrap(this.safe(`${name}${note}`), PAGE.width - 2 * PAGE.margin - 80);
    this.page.drawText(first, { x: x + 16, y: boxY + 1, size: BODY_SIZE, font: this.font });
    this.y -= LINE;
    if (rest.length > 0) this.text(rest.join(' '), { x: x + 16 });
  }

  /** An image scaled into the signature box, keeping its proportions. */
  image(image: PDFImage): void {
    const scale = Math.min(SIGNATURE_BOX.width / image.width, SIGNATURE_BOX.height / image.height, 1);
    const { width, height } = image.scale(scale);
    this.ensure(height + 6);
    this.y -= height + 4;
    this.page.drawImage(image, { x: PAGE.margin + LABEL_WIDTH, y: this.y, width, height });
    this.y -= 2;
  }
}

/** Embeds a PNG data URL; null when its bytes are no readable PNG (the rest of the sheet still prints). */
async function embedSignature(doc: PDFDocument, dataUrl: string | null | undefined): Promise<PDFImage | null> {
  if (!dataUrl) return null;
  try {
    return await doc.embedPng(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
  } catch {
    return null;
  }
}

/** A signature block: the signature, else the initials, else `fallback`. */
async function signature(
  doc: PDFDocument,
  cursor: Cursor,
  label: string,
  images: { signature?: string | null; initials?: string | null },
  fallback: string,
): Promise<void> {
  const drawn = (await embedSignature(doc, images.signature)) ?? (await embedSignature(doc, images.initials));
  const kind = images.signature ? cursor.t('carePdf.signature') : images.initials ? cursor.t('carePdf.initials') : null;
  if (drawn) {
    cursor.row(label, kind!);
    cursor.image(drawn);
  } else {
    cursor.row(label, kind ? cursor.t('carePdf.unreadable', { kind }) : fallback);
  }
}

/**
 * Draws a care sheet as a PDF with @cantoo/pdf-lib, the maintained fork of pdf-lib (issue "caregiver app" item 5), US
 * Letter, one page when it fits: the agency and branch, the client, caregiver and service code, the scheduled and
 * actual times in the branch's time zone (MM/DD/YY h:mm A), the care plan tasks each with a box checked when done and
 * "Done" / "Not done" (tasks recorded that are no longer in the plan follow, marked so), transportation (miles, trips),
 * the caregiver's comment (wrapped), the client's signature image or initials or the reason they could not sign, the
 * caregiver's signature or initials, and when it was submitted and reviewed (with the review note).
 * Its texts are the `server` catalogue's `carePdf` in `language` (the requesting user's, issue 27), its dates
 * through Intl in that language's locale outside English. Text outside the standard fonts' WinAnsi set is
 * transliterated or shown as "?".
 * @returns the PDF file's bytes.
 */
export async function renderCareSheetPdf(source: CareSheetPdfSource, language: Language = 'en'): Promise<Uint8Array> {
  const t = serverT(language);
  const doc = await PDFDocument.create();
  const start = DateTime.fromISO(source.startTimestamp, { zone: source.timezone });
  const visitDate = language === 'en' ? start.toFormat('MM/dd/yy') : zonedDate(start.toJSDate(), source.timezone, language);
  const title = t('carePdf.title', { client: source.clientName, date: visitDate });
  doc.setTitle(title);
  doc.setAuthor(source.agencyName);
  doc.setCreator('Hearth');
  doc.setProducer('Hearth');
  doc.setLanguage(language === 'es' ? 'es-US' : 'en-US');
  const cursor = new Cursor(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
    t,
  );
  const time = (iso: string | null) => pdfTime(iso, source.timezone, language);

  cursor.text(source.agencyName, { font: cursor.bold, size: 16 });
  cursor.text(t('carePdf.branch', { branch: source.branchName }), { color: GREY });
  cursor.y -= 6;
  cursor.text(title, { font: cursor.bold, size: 13 });

  cursor.heading(t('carePdf.visit'));
  cursor.row(t('carePdf.client'), source.clientName);
  cursor.row(t('carePdf.caregiver'), source.caregiverName);
  cursor.row(t('carePdf.service'), source.serviceCode ?? t('carePdf.notGiven'));
  cursor.row(t('carePdf.scheduled'), t('carePdf.span', { start: time(source.startTimestamp), end: time(source.endTimestamp) }));
  cursor.row(t('carePdf.checkIn'), time(source.checkIn));
  cursor.row(t('carePdf.checkOut'), time(source.checkOut));

  cursor.heading(t('carePdf.tasks'));
  const done = new Set(source.completed_tasks);
  if (source.tasks.length === 0) cursor.text(t('carePdf.noTasks'), { color: GREY });
  for (const task of source.tasks) cursor.task(task, done.has(task));
  for (const task of source.completed_tasks.filter((name) => !source.tasks.includes(name))) {
    cursor.task(task, true, t('carePdf.notInPlan'));
  }

  cursor.heading(t('carePdf.transportAndComment'));
  const transport = source.transportation_data;
  cursor.row(
    t('carePdf.transportation'),
    transport
      ? t('carePdf.transport', {
          miles: t('carePdf.miles', { count: transport.miles }),
          trips: t('carePdf.trips', { count: transport.trips }),
        })
      : t('carePdf.noneRecorded'),
  );
  cursor.row(t('carePdf.comment'), source.caregiver_comment?.trim() || t('carePdf.none'));

  cursor.heading(t('carePdf.signatures'));
  const reason = source.client_unable_to_sign_reason?.trim();
  await signature(
    doc,
    cursor,
    t('carePdf.client'),
    { signature: source.client_signature, initials: source.client_initials },
    reason ? t('carePdf.unableToSign', { reason }) : t('carePdf.notSigned'),
  );
  await signature(
    doc,
    cursor,
    t('carePdf.caregiver'),
    { signature: source.caregiver_signature, initials: source.caregiver_initials },
    t('carePdf.notSigned'),
  );

  cursor.heading(t('carePdf.submission'));
  cursor.row(t('carePdf.submitted'), source.submittedAt ? time(source.submittedAt) : t('carePdf.notSubmitted'));
  cursor.row(t('carePdf.reviewed'), source.reviewedAt ? time(source.reviewedAt) : t('carePdf.notReviewed'));
  if (source.reviewNote) cursor.row(t('carePdf.reviewNote'), source.reviewNote);
  return doc.save();
}
