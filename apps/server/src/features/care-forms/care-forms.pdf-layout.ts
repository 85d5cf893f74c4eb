import { DateTime } from 'luxon';
import type { TFunction } from 'i18next';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFImage, type PDFPage } from '@cantoo/pdf-lib';
import type { Language } from '@hearth/shared/i18n/languages';
import { serverT } from '../../i18n/server-i18n';
import { zonedDateTime } from '../../i18n/server-dates';

/*
 * The page layout of the care form PDFs (issue 23 item 4), drawn with @cantoo/pdf-lib: US Letter, the standard
 * Helvetica fonts, written top to bottom with a new page when the next block does not fit, as the care sheet PDF
 * is (care-sheets.pdf.ts).
 */

/** US Letter in points (1/72 inch), and the margins. */
export const PAGE = { width: 612, height: 792, margin: 48 };
export const BODY_SIZE = 10;
const LINE = 14;
export const LABEL_WIDTH = 120;
export const GREY = rgb(0.4, 0.4, 0.4);
const LIGHT = rgb(0.75, 0.75, 0.75);
const BLACK = rgb(0, 0, 0);
type Color = ReturnType<typeof rgb>;

/** Options of a paragraph. */
export interface TextOptions {
  x?: number;
  font?: PDFFont;
  size?: number;
  color?: Color;
}

/** Writes top to bottom, adding a page when the next block does not fit. */
export class PdfCursor {
  page: PDFPage;
  y: number;
  private readonly charset: Set<number>;

  private constructor(
    readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
    /** The PDF's texts in the reader's language. */
    readonly t: TFunction<'server'>,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
    this.charset = new Set(font.getCharacterSet());
  }

  /** A new document with its first page, its metadata and fonts, in `language`. */
  static async create(title: string, author: string, language: Language): Promise<PdfCursor> {
    const doc = await PDFDocument.create();
    doc.setTitle(title);
    doc.setAuthor(author);
    doc.setCreator('Hearth');
    doc.setProducer('Hearth');
    doc.setLanguage(language === 'es' ? 'es-US' : 'en-US');
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    return new PdfCursor(doc, font, bold, serverT(language));
  }

  /** Starts a new page unless `height` points still fit above the bottom margin (and the page number). */
  ensure(height: number): void {
    if (this.y - height >= PAGE.margin + 8) return;
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
  text(text: string, options: TextOptions = {}): void {
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
  row(label: string, value: string, options: { color?: Color } = {}): void {
    this.ensure(LINE);
    const labelLines = this.wrap(this.safe(label), LABEL_WIDTH - 8, this.bold);
    const top = this.y;
    labelLines.forEach((line, i) => {
      this.page.drawText(line, { x: PAGE.margin, y: top - LINE * (i + 1) + 3, size: BODY_SIZE, font: this.bold });
    });
    this.text(value, { x: PAGE.margin + LABEL_WIDTH, color: options.color });
    this.y = Math.min(this.y, top - LINE * labelLines.length);
  }

  /** A section heading with a rule under it; `level` 2 and deeper are smaller, without the rule. */
  heading(title: string, level = 1): void {
    this.ensure(LINE * 3);
    this.y -= level === 1 ? 8 : 4;
    this.text(title, { font: this.bold, size: level === 1 ? 12 : 11 });
    if (level === 1) {
      this.page.drawLine({
        start: { x: PAGE.margin, y: this.y },
        end: { x: PAGE.width - PAGE.margin, y: this.y },
        thickness: 0.5,
        color: GREY,
      });
    }
    this.y -= 2;
  }

  /** An image at `x`, scaled down into `box` keeping its proportions. */
  image(image: PDFImage, box: { width: number; height: number }, x = PAGE.margin): void {
    const scale = Math.min(box.width / image.width, box.height / image.height, 1);
    const { width, height } = image.scale(scale);
    this.ensure(height + 6);
    this.y -= height + 4;
    this.page.drawImage(image, { x, y: this.y, width, height });
    this.y -= 2;
  }

  /** An empty box to tick at (x, y), checked with a drawn tick when `checked` (the standard fonts have no tick). */
  checkbox(x: number, y: number, checked = false): void {
    this.page.drawRectangle({ x, y, width: 9, height: 9, borderWidth: 0.8, borderColor: BLACK });
    if (!checked) return;
    this.page.drawLine({ start: { x: x + 1.8, y: y + 4.8 }, end: { x: x + 3.8, y: y + 2 }, thickness: 1.4 });
    this.page.drawLine({ start: { x: x + 3.8, y: y + 2 }, end: { x: x + 8, y: y + 8.5 }, thickness: 1.4 });
  }

  /** `count` lines to write on from `x` to the right margin, `gap` points apart. */
  writingLines(count: number, x = PAGE.margin, gap = 20): void {
    for (let i = 0; i < count; i++) {
      this.ensure(gap);
      this.y -= gap;
      this.page.drawLine({
        start: { x, y: this.y },
        end: { x: PAGE.width - PAGE.margin, y: this.y },
        thickness: 0.5,
        color: LIGHT,
      });
    }
    this.y -= 4;
  }

  /** An empty rectangle `height` points high from `x` to the right margin (a signature, a photo). */
  box(height: number, x = PAGE.margin, width = PAGE.width - PAGE.margin - x): void {
    this.ensure(height + 6);
    this.y -= height + 4;
    this.page.drawRectangle({ x, y: this.y, width, height, borderWidth: 0.6, borderColor: LIGHT });
    this.y -= 4;
  }

  /** Writes "Page n of N" at the foot of every page. */
  numberPages(): void {
    const pages = this.doc.getPages();
    pages.forEach((page, i) => {
      const text = this.safe(this.t('careFormPdf.page', { page: i + 1, pages: pages.length }));
      const width = this.font.widthOfTextAtSize(text, 8);
      page.drawText(text, { x: PAGE.width - PAGE.margin - width, y: PAGE.margin / 2, size: 8, font: this.font, color: GREY });
    });
  }
}

/** Embeds a JPEG or PNG given as base64 (or a data URL); null when its bytes are no readable image. */
export async function embedImage(doc: PDFDocument, contentType: string, data: string): Promise<PDFImage | null> {
  const bytes = Buffer.from(data.slice(data.indexOf(',') + 1), 'base64');
  try {
    return contentType === 'image/jpeg' ? await doc.embedJpg(bytes) : await doc.embedPng(bytes);
  } catch {
    return null;
  }
}

/**
 * An instant as the office reads it, on the wall clock of `timezone` (the client's branch): "03/04/31 9:00 AM EST" in
 * English (the spec's format), else through Intl in the language's locale.
 */
export function pdfInstant(iso: string, timezone: string, language: Language): string {
  if (language !== 'en') return zonedDateTime(new Date(iso), timezone, language);
  return DateTime.fromISO(iso, { zone: timezone }).setLocale('en-US').toFormat('MM/dd/yy h:mm a ZZZZ');
}

/** A name for a file: lower case, accents dropped, anything but letters and digits a hyphen ("o-brien-nunez"). */
export function fileNamePart(text: string, fallback: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || fallback
  );
}
