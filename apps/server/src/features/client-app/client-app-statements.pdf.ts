import { DateTime } from 'luxon';
import type {
  ClientAppStatement,
  ClientAppStatementInput,
  ClientAppStatementPdf,
} from '@hearth/shared/client-app/client-app-statements.schema';
import type { Language } from '@hearth/shared/i18n/languages';
import { hoursText } from '@hearth/shared/payroll/payroll-hours';
import type { Scope } from '../../auth/scope';
import { intlLocale } from '../../i18n/server-i18n';
import { BODY_SIZE, GREY, PAGE, PdfCursor, fileNamePart } from '../care-forms/care-forms.pdf-layout';
import { clientAppGetStatement } from './client-app-statements.service';

/*
 * A private-pay statement as a PDF (issue "client and family app" item 5), drawn with the care form PDF's page
 * layout (care-forms.pdf-layout.ts: US Letter, Helvetica, page numbers at the foot): the agency, the client and the
 * month, then one row per billed visit and the total; every word from the server catalogue's statementPdf in the
 * reader's language, dates and times on the wall clock of the client's branch.
 */

/** The table's columns: left edge and width in points, and whether the text is right-aligned (numbers). */
const COLUMNS = {
  date: { x: PAGE.margin, width: 50, right: false },
  time: { x: PAGE.margin + 50, width: 104, right: false },
  service: { x: PAGE.margin + 154, width: 110, right: false },
  caregiver: { x: PAGE.margin + 264, width: 54, right: false },
  hours: { x: PAGE.margin + 318, width: 34, right: true },
  units: { x: PAGE.margin + 352, width: 30, right: true },
  rate: { x: PAGE.margin + 382, width: 78, right: true },
  amount: { x: PAGE.margin + 460, width: 56, right: true },
} as const;
type Column = keyof typeof COLUMNS;
const ROW = 12;

/** Intl's no-break spaces (before "a. m.", in ranges) as plain spaces: the standard fonts lack U+202F. */
function plain(text: string): string {
  return text.replace(/[\u00a0\u202f\u2009]/g, ' ');
}

/** Integer cents as US dollars in the reader's locale ("$1,234.56"); exact, as cents / 100 has two decimals. */
export function statementMoney(cents: number, language: Language): string {
  return plain(new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency: 'USD' }).format(cents / 100));
}

/**
 * One table row: each cell wrapped in its column, the row as high as its tallest cell. When the row starts a new
 * page, `onNewPage` draws there first (the table's header again, so a long month reads on every page).
 */
function drawRow(cursor: PdfCursor, cells: Partial<Record<Column, string>>, bold = false, onNewPage?: () => void) {
  const font = bold ? cursor.bold : cursor.font;
  const wrapped = Object.entries(cells).map(([key, text]) => {
    const column = COLUMNS[key as Column];
    return { column, lines: cursor.wrap(cursor.safe(text ?? ''), column.width - 4, font, BODY_SIZE - 1) };
  });
  const height = Math.max(...wrapped.map((w) => w.lines.length)) * ROW + 4;
  const page = cursor.page;
  cursor.ensure(height);
  if (cursor.page !== page && onNewPage) onNewPage();
  const top = cursor.y;
  for (const { column, lines } of wrapped) {
    lines.forEach((line, i) => {
      const width = font.widthOfTextAtSize(line, BODY_SIZE - 1);
      const x = column.right ? column.x + column.width - width : column.x;
      cursor.page.drawText(line, { x, y: top - ROW * (i + 1) + 3, size: BODY_SIZE - 1, font });
    });
  }
  cursor.y = top - height;
}

/** A thin rule across the table. */
function rule(cursor: PdfCursor) {
  cursor.page.drawLine({
    start: { x: PAGE.margin, y: cursor.y + 2 },
    end: { x: PAGE.width - PAGE.margin, y: cursor.y + 2 },
    thickness: 0.5,
    color: GREY,
  });
}

/**
 * Draws a statement: agency and branch, the title and month, the client, the period and the date of issue, the
 * visits table (date, time, service, caregiver, hours, units, rate per unit, amount) and the total.
 * @param issuedAt when the PDF is made (UTC), written as a date in the client's zone.
 * @returns the PDF's bytes.
 */
export async function renderStatementPdf(statement: ClientAppStatement, language: Language, issuedAt: Date): Promise<Uint8Array> {
  const locale = intlLocale(language);
  const zone = statement.timezone;
  const monthName = DateTime.fromISO(statement.from, { zone })
    .setLocale(locale)
    .toLocaleString({ month: 'long', year: 'numeric' });
  const clientName = `${statement.client.firstName} ${statement.client.lastName}`;
  const cursor = await PdfCursor.create(`${clientName}: ${monthName}`, statement.agencyName, language);
  const { t } = cursor;
  const money = (cents: number) => statementMoney(cents, language);
  const day = (iso: string) => plain(DateTime.fromISO(iso, { zone }).setLocale(locale).toFormat('ccc L/d'));
  const clock = (iso: string) => plain(DateTime.fromISO(iso, { zone }).setLocale(locale).toFormat('h:mm a'));

  cursor.text(statement.agencyName, { font: cursor.bold, size: 16 });
  cursor.text(t('statementPdf.branch', { branch: statement.branchName }), { color: GREY });
  cursor.y -= 6;
  cursor.text(t('statementPdf.title', { month: monthName }), { font: cursor.bold, size: 14 });
  if (statement.inProgress) cursor.text(t('statementPdf.inProgress'), { color: GREY });
  cursor.heading(t('statementPdf.details'));
  cursor.row(t('statementPdf.client'), clientName);
  cursor.row(t('statementPdf.period'), t('statementPdf.periodValue', { from: day(statement.from), to: day(statement.to) }));
  cursor.row(t('statementPdf.issued'), plain(DateTime.fromJSDate(issuedAt, { zone }).setLocale(locale).toFormat('DDD')));
  cursor.row(t('statementPdf.payment'), t('statementPdf.privatePay'));

  cursor.heading(t('statementPdf.visits'));
  const header = () => {
    drawRow(
      cursor,
      {
        date: t('statementPdf.date'),
        time: t('statementPdf.time'),
        service: t('statementPdf.service'),
        caregiver: t('statementPdf.caregiver'),
        hours: t('statementPdf.hours'),
        units: t('statementPdf.units'),
        rate: t('statementPdf.rate'),
        amount: t('statementPdf.amount'),
      },
      true,
    );
    rule(cursor);
  };
  header();
  for (const line of statement.lines) {
    drawRow(
      cursor,
      {
        date: day(line.startAt),
        time: `${clock(line.startAt)} - ${clock(line.endAt)}`,
        service: line.service,
        caregiver: line.caregiverFirstName ?? '',
        hours: hoursText(line.minutes),
        units: String(line.units),
        rate: t('statementPdf.ratePer', { rate: money(line.rateCents), minutes: line.unitMinutes }),
        amount: money(line.amountCents),
      },
      false,
      header,
    );
  }
  rule(cursor);
  drawRow(
    cursor,
    {
      service: t('statementPdf.total', { count: statement.visits }),
      hours: hoursText(statement.totalMinutes),
      amount: money(statement.totalCents),
    },
    true,
  );
  cursor.y -= 12;
  cursor.text(t('statementPdf.note', { agency: statement.agencyName }), { color: GREY, size: BODY_SIZE - 1 });
  cursor.numberPages();
  return cursor.doc.save();
}

/**
 * clientAppGetStatementPdf {clientId, month} (statements permission): the statement of clientAppGetStatement as a
 * PDF in `language`, issued at `now`.
 * @returns {fileName "statement-<client>-<YYYY-MM>.pdf", contentType application/pdf, base64}.
 * @throws AppError NOT_FOUND as clientAppGetStatement.
 */
export async function clientAppGetStatementPdf({
  scope,
  input,
  now,
  language,
}: {
  scope: Scope;
  input: ClientAppStatementInput;
  now: Date;
  language: Language;
}): Promise<ClientAppStatementPdf> {
  const statement = await clientAppGetStatement({ scope, input, now });
  const bytes = await renderStatementPdf(statement, language, now);
  const who = fileNamePart(`${statement.client.firstName} ${statement.client.lastName}`, 'client');
  return {
    fileName: `statement-${who}-${statement.month}.pdf`,
    contentType: 'application/pdf',
    base64: Buffer.from(bytes).toString('base64'),
  };
}
