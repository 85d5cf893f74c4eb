import type { Questionnaire, QuestionnaireItem } from '@hearth/shared/care-forms/care-forms.schema';
import { findItem } from '@hearth/shared/care-forms/questionnaire-enable-when';
import { isSignatureItem } from '@hearth/shared/care-forms/questionnaire-rules';
import type { Language } from '@hearth/shared/i18n/languages';
import { BODY_SIZE, GREY, PAGE, PdfCursor } from './care-forms.pdf-layout';
import { dateText, questionLabel } from './care-forms.pdf-render';

type QuestionnaireItemEnableWhen = NonNullable<QuestionnaireItem['enableWhen']>[number];

/** A care form type as its blank PDF shows it. */
export interface CareFormTypePdfData {
  agencyName: string;
  typeName: string;
  typeVersion: number;
  definition: Questionnaire;
}

const INDENT = 12;
const MAX_INDENT = 4 * INDENT;
/** Lines to write on per answer kind. */
const LINES: Record<string, number> = { string: 1, text: 4 };

/** An enableWhen's answer[x] as the reader reads it. */
function conditionValue(condition: QuestionnaireItemEnableWhen, cursor: PdfCursor, language: Language): string {
  if (condition.answerBoolean !== undefined) return cursor.t(condition.answerBoolean ? 'careFormPdf.yes' : 'careFormPdf.no');
  if (condition.answerCoding) return condition.answerCoding.display ?? condition.answerCoding.code ?? '';
  if (condition.answerDate !== undefined) return dateText(condition.answerDate, language);
  const value =
    condition.answerString ??
    condition.answerInteger ??
    condition.answerDecimal ??
    condition.answerTime ??
    condition.answerDateTime;
  return value === undefined ? '' : String(value);
}

/** "Answer only if: ..." for an item with enableWhen, each condition worded with its question's text. */
export function conditionsText(
  item: QuestionnaireItem,
  definition: Questionnaire,
  cursor: PdfCursor,
  language: Language,
): string | null {
  const conditions = item.enableWhen ?? [];
  if (conditions.length === 0) return null;
  const worded = conditions.map((condition) => {
    const target = findItem(definition, condition.question);
    const question = target ? questionLabel(target) : condition.question;
    const value = conditionValue(condition, cursor, language);
    if (condition.operator === 'exists') {
      return cursor.t(condition.answerBoolean ? 'careFormPdf.conditionAnswered' : 'careFormPdf.conditionNotAnswered', {
        question,
      });
    }
    if (condition.operator === '=') return cursor.t('careFormPdf.conditionIs', { question, value });
    if (condition.operator === '!=') return cursor.t('careFormPdf.conditionIsNot', { question, value });
    return cursor.t('careFormPdf.conditionCompare', { question, operator: condition.operator, value });
  });
  const key = item.enableBehavior === 'any' ? 'careFormPdf.onlyIfAny' : 'careFormPdf.onlyIfAll';
  return cursor.t(key, { conditions: worded.join('; ') });
}

/** Boxes to tick, one per option (or Yes and No), laid out in rows that fit the page; open-choice adds "Other". */
function drawChoices(cursor: PdfCursor, labels: string[], x: number, other: boolean): void {
  const right = PAGE.width - PAGE.margin;
  let lineX = x;
  cursor.ensure(18);
  cursor.y -= 16;
  for (const raw of labels) {
    const label = cursor.safe(raw);
    const width = 14 + Math.min(cursor.font.widthOfTextAtSize(label, BODY_SIZE), right - x - 14) + 18;
    if (lineX + width > right && lineX > x) {
      cursor.ensure(18);
      cursor.y -= 16;
      lineX = x;
    }
    cursor.checkbox(lineX, cursor.y, false);
    const [first = ''] = cursor.wrap(label, right - lineX - 14);
    cursor.page.drawText(first, { x: lineX + 14, y: cursor.y + 1, size: BODY_SIZE, font: cursor.font });
    lineX += width;
  }
  if (other) {
    cursor.ensure(18);
    cursor.y -= 18;
    const text = cursor.safe(cursor.t('careFormPdf.other'));
    cursor.page.drawText(text, { x, y: cursor.y + 1, size: BODY_SIZE, font: cursor.font });
    const start = x + cursor.font.widthOfTextAtSize(text, BODY_SIZE) + 6;
    cursor.page.drawLine({ start: { x: start, y: cursor.y }, end: { x: right, y: cursor.y }, thickness: 0.5, color: GREY });
  }
  cursor.y -= 6;
}

/** A line to write a short answer on with a grey hint of its format below it ("MM/DD/YYYY"). */
function drawShortAnswer(cursor: PdfCursor, x: number, hint: string): void {
  cursor.ensure(36);
  cursor.y -= 22;
  cursor.page.drawLine({ start: { x, y: cursor.y }, end: { x: x + 180, y: cursor.y }, thickness: 0.5, color: GREY });
  cursor.page.drawText(cursor.safe(hint), { x, y: cursor.y - 10, size: 7, font: cursor.font, color: GREY });
  cursor.y -= 14;
}

/** Where and how a question is answered on paper. */
function drawAnswerSpace(cursor: PdfCursor, item: QuestionnaireItem, x: number): void {
  const { t } = cursor;
  const options = (item.answerOption ?? []).map((o) => o.valueCoding?.display ?? o.valueCoding?.code ?? o.valueString ?? '');
  switch (item.type) {
    case 'boolean':
      return drawChoices(cursor, [t('careFormPdf.yes'), t('careFormPdf.no')], x, false);
    case 'choice':
    case 'open-choice':
      cursor.text(t(item.repeats ? 'careFormPdf.checkAny' : 'careFormPdf.checkOne'), { x, size: 8, color: GREY });
      return drawChoices(cursor, options, x, item.type === 'open-choice');
    case 'date':
      return drawShortAnswer(cursor, x, t('careFormPdf.hintDate'));
    case 'time':
      return drawShortAnswer(cursor, x, t('careFormPdf.hintTime'));
    case 'dateTime':
      return drawShortAnswer(cursor, x, t('careFormPdf.hintDateTime'));
    case 'integer':
    case 'decimal':
      return drawShortAnswer(cursor, x, t('careFormPdf.hintNumber'));
    case 'attachment':
      if (isSignatureItem(item)) return cursor.box(60, x, 260);
      cursor.box(110, x, 260);
      cursor.page.drawText(cursor.safe(t('careFormPdf.attachPhoto')), {
        x: x + 8,
        y: cursor.y + 100,
        size: 8,
        font: cursor.font,
        color: GREY,
      });
      return;
    default:
      cursor.writingLines((LINES[item.type] ?? 1) * (item.repeats ? 2 : 1), x);
  }
}

/** The items of a level, groups as headings with their items indented. */
function drawItems(cursor: PdfCursor, items: QuestionnaireItem[], depth: number, definition: Questionnaire, language: Language) {
  const x = PAGE.margin + Math.min(depth * INDENT, MAX_INDENT);
  for (const item of items) {
    const condition = conditionsText(item, definition, cursor, language);
    if (item.type === 'group') {
      cursor.ensure(70);
      cursor.y -= 6;
      cursor.text(item.text ?? item.linkId, { x, font: cursor.bold, size: 11 });
      if (condition) cursor.text(condition, { x, size: 8, color: GREY });
      if (item.repeats) cursor.text(cursor.t('careFormPdf.repeatSection'), { x, size: 8, color: GREY });
      drawItems(cursor, item.item ?? [], depth + 1, definition, language);
      continue;
    }
    cursor.ensure(item.type === 'display' ? 20 : 56);
    if (item.type === 'display') {
      cursor.text(item.text ?? '', { x, color: GREY });
      cursor.y -= 4;
      continue;
    }
    const label = questionLabel(item);
    cursor.text(item.required ? `${label} (${cursor.t('careFormPdf.required')})` : label, { x, font: cursor.bold });
    if (condition) cursor.text(condition, { x, size: 8, color: GREY });
    if (item.repeats && item.type !== 'choice' && item.type !== 'open-choice') {
      cursor.text(cursor.t('careFormPdf.repeatAnswers'), { x, size: 8, color: GREY });
    }
    drawAnswerSpace(cursor, item, x);
    cursor.y -= 4;
  }
}

/**
 * Draws a care form type as a blank PDF for paper back-up (issue 23 item 4), which the phone also keeps offline: the
 * agency, the type's name and version, lines for the client, the date and who fills it in; then every item in order
 * (none is hidden on paper: an item with enableWhen says when to answer it): groups as headings (a repeating one
 * says it may be repeated), display texts, and per question its text (with "Required"), then room to answer: boxes
 * to tick for yes/no and for each choice (an "Other" line for open-choice), lines to write on for text, a short line
 * with the expected format for numbers, dates and times, a box for a photo or a signature. Page numbers at the foot.
 * Texts are the server catalogue's careFormPdf in `language`.
 * @returns the PDF file's bytes.
 */
export async function renderCareFormTypePdf(data: CareFormTypePdfData, language: Language = 'en'): Promise<Uint8Array> {
  const cursor = await PdfCursor.create(data.typeName, data.agencyName, language);
  const { t } = cursor;
  cursor.text(data.agencyName, { font: cursor.bold, size: 16 });
  cursor.y -= 6;
  cursor.text(data.typeName, { font: cursor.bold, size: 14 });
  cursor.text(t('careFormPdf.typeVersion', { version: data.typeVersion }), { color: GREY });
  cursor.text(t('careFormPdf.blankSubtitle'), { color: GREY, size: 9 });
  cursor.heading(t('careFormPdf.details'));
  for (const label of [t('careFormPdf.client'), t('careFormPdf.date'), t('careFormPdf.filledBy')]) {
    cursor.ensure(24);
    cursor.y -= 22;
    cursor.page.drawText(cursor.safe(label), { x: PAGE.margin, y: cursor.y + 2, size: BODY_SIZE, font: cursor.bold });
    cursor.page.drawLine({
      start: { x: PAGE.margin + 110, y: cursor.y },
      end: { x: PAGE.width - PAGE.margin, y: cursor.y },
      thickness: 0.5,
      color: GREY,
    });
  }
  cursor.y -= 6;
  cursor.heading(t('careFormPdf.answers'));
  drawItems(cursor, data.definition.item ?? [], 0, data.definition, language);
  cursor.numberPages();
  return cursor.doc.save();
}
