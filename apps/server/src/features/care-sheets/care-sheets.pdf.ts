import { DateTime } from 'luxon';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import type { CareSheetPdfDetails } from '@hearth/shared/care-sheets/care-sheets.schema';

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

/** A visit time as the office reads it, in the branch's zone: "03/04/31 9:00 AM EST"; null reads "Not recorded". */
export function pdfTime(iso: string | null, timezone: string): string {
  if (!iso) return 'Not recorded';
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
    const status = done ? 'Done' : 'Not done';
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
  const kind = images.signature ? 'Signature' : images.initials ? 'Initials' : null;
  if (drawn) {
    cursor.row(label, kind!);
    cursor.image(drawn);
  } else {
    cursor.row(label, kind ? `${kind} given, but the image could not be read` : fallback);
  }
}

/**
 * Draws a care sheet as a PDF with pdf-lib (issue "caregiver app" item 5), US Letter, one page when it fits:
 * the agency and branch, the client, caregiver and service code, the scheduled and actual times in the branch's
 * time zone (MM/DD/YY h:mm A), the care plan tasks each with a box checked when done and "Done" / "Not done"
 * (tasks recorded that are no longer in the plan follow, marked so), transportation (miles, trips), the
 * caregiver's comment (wrapped), the client's signature image or initials or the reason they could not sign, the
 * caregiver's signature or initials, and when it was submitted and reviewed (with the review note).
 * Text outside the standard fonts' WinAnsi set is transliterated or shown as "?".
 * @returns the PDF file's bytes.
 */
export async function renderCareSheetPdf(source: CareSheetPdfSource): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const visitDate = DateTime.fromISO(source.startTimestamp, { zone: source.timezone }).toFormat('MM/dd/yy');
  doc.setTitle(`Care sheet: ${source.clientName}, ${visitDate}`);
  doc.setAuthor(source.agencyName);
  doc.setCreator('Hearth');
  doc.setProducer('Hearth');
  const cursor = new Cursor(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  const time = (iso: string | null) => pdfTime(iso, source.timezone);

  cursor.text(source.agencyName, { font: cursor.bold, size: 16 });
  cursor.text(`${source.branchName} branch`, { color: GREY });
  cursor.y -= 6;
  cursor.text(`Care sheet: ${source.clientName}, ${visitDate}`, { font: cursor.bold, size: 13 });

  cursor.heading('Visit');
  cursor.row('Client', source.clientName);
  cursor.row('Caregiver', source.caregiverName);
  cursor.row('Service', source.serviceCode ?? 'Not given');
  cursor.row('Scheduled', `${time(source.startTimestamp)} to ${time(source.endTimestamp)}`);
  cursor.row('Check-in', time(source.checkIn));
  cursor.row('Check-out', time(source.checkOut));

  cursor.heading('Care plan tasks');
  const done = new Set(source.completed_tasks);
  if (source.tasks.length === 0) cursor.text('The care plan has no tasks.', { color: GREY });
  for (const task of source.tasks) cursor.task(task, done.has(task));
  for (const task of source.completed_tasks.filter((t) => !source.tasks.includes(t))) {
    cursor.task(task, true, ' (not in the care plan)');
  }

  cursor.heading('Transportation and comment');
  const transport = source.transportation_data;
  cursor.row(
    'Transportation',
    transport
      ? `${transport.miles} ${transport.miles === 1 ? 'mile' : 'miles'}, ${transport.trips} ${transport.trips === 1 ? 'trip' : 'trips'}`
      : 'None recorded',
  );
  cursor.row('Comment', source.caregiver_comment?.trim() || 'None');

  cursor.heading('Signatures');
  const reason = source.client_unable_to_sign_reason?.trim();
  await signature(
    doc,
    cursor,
    'Client',
    { signature: source.client_signature, initials: source.client_initials },
    reason ? `Unable to sign: ${reason}` : 'Not signed',
  );
  await signature(
    doc,
    cursor,
    'Caregiver',
    { signature: source.caregiver_signature, initials: source.caregiver_initials },
    'Not signed',
  );

  cursor.heading('Submission');
  cursor.row('Submitted', source.submittedAt ? time(source.submittedAt) : 'Not submitted');
  cursor.row('Reviewed', source.reviewedAt ? time(source.reviewedAt) : 'Not reviewed');
  if (source.reviewNote) cursor.row('Review note', source.reviewNote);
  return doc.save();
}
