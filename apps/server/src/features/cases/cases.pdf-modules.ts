import type { Questionnaire, QuestionnaireResponseItem } from '@hearth/shared/care-forms/care-forms.schema';
import type { CareFormStatus } from '@hearth/shared/care-forms/care-forms.constants';
import { enabledItems, type FormNode } from '@hearth/shared/care-forms/questionnaire-rules';
import type { Language } from '@hearth/shared/i18n/languages';
import { GREY, PAGE, PdfCursor, embedImage, pdfInstant } from '../care-forms/care-forms.pdf-layout';
import { answerText, questionLabel } from '../care-forms/care-forms.pdf-render';

/*
 * A case's modules in its PDF (issue 24 item 4 "the whole case file (details, modules, ...)"): each module is a care
 * form, printed as the care form PDF prints its answers (care-forms.pdf-render.ts): shown items only, groups as
 * headings, answers in the reader's language, photos as images.
 */

/** A module of a case as the PDF shows it: its name, whether required, and its care form when started. */
export interface CasePdfModule {
  name: string;
  required: boolean;
  form: {
    id: number;
    status: CareFormStatus;
    definition: Questionnaire;
    items: QuestionnaireResponseItem[];
    signedBy: string | null;
    /** ISO 8601 UTC. */
    signedAt: string | null;
  } | null;
}

const INDENT = 12;
const MAX_INDENT = 4 * INDENT;
const IMAGE_BOX = { width: 220, height: 160 };

async function drawAnswers(cursor: PdfCursor, node: FormNode, x: number, timezone: string, language: Language) {
  cursor.ensure(40);
  cursor.text(questionLabel(node.item), { x, font: cursor.bold });
  if (node.answers.length === 0) cursor.text(cursor.t('careFormPdf.noAnswer'), { x: x + INDENT, color: GREY });
  for (const answer of node.answers) {
    const text = answerText(answer, cursor, timezone, language);
    if (text !== null) {
      cursor.text(node.answers.length > 1 ? `\u2022 ${text}` : text, { x: x + INDENT });
      continue;
    }
    const attachment = answer.valueAttachment;
    const image = attachment?.data ? await embedImage(cursor.doc, attachment.contentType ?? '', attachment.data) : null;
    if (image) cursor.image(image, IMAGE_BOX, x + INDENT);
    else cursor.text(cursor.t('careFormPdf.imageUnreadable'), { x: x + INDENT, color: GREY });
  }
  cursor.y -= 2;
}

async function drawNodes(cursor: PdfCursor, nodes: FormNode[], depth: number, timezone: string, language: Language) {
  const x = PAGE.margin + Math.min(depth * INDENT, MAX_INDENT);
  for (const node of nodes) {
    const { item } = node;
    if (item.type === 'group') {
      const title = item.text ?? item.linkId;
      cursor.ensure(50);
      cursor.text(
        item.repeats ? cursor.t('careFormPdf.groupInstance', { group: title, number: node.path.at(-1)!.index + 1 }) : title,
        { x, font: cursor.bold, size: 11 },
      );
      await drawNodes(cursor, node.children, depth + 1, timezone, language);
    } else if (item.type === 'display') {
      cursor.text(item.text ?? '', { x, color: GREY });
    } else {
      await drawAnswers(cursor, node, x, timezone, language);
    }
  }
}

/**
 * Draws the "Modules" section: each module's name (marked required), then "Not started", or its form's status and
 * id, who signed it when (in `timezone`), and its shown answers. Texts from the server catalogue's casePdf and
 * careFormPdf in `language`.
 */
export async function drawCaseModules(
  cursor: PdfCursor,
  modules: CasePdfModule[],
  timezone: string,
  language: Language,
): Promise<void> {
  const { t } = cursor;
  cursor.heading(t('casePdf.modules'));
  for (const module of modules) {
    cursor.ensure(60);
    cursor.y -= 4;
    cursor.text(module.required ? t('casePdf.moduleRequired', { name: module.name }) : module.name, {
      font: cursor.bold,
      size: 11,
    });
    if (!module.form) {
      cursor.text(t('casePdf.moduleNotStarted'), { color: GREY });
      continue;
    }
    const { form } = module;
    cursor.text(t('casePdf.moduleForm', { status: t(`casePdf.formStatuses.${form.status}`), id: form.id }), {
      color: GREY,
    });
    if (form.signedBy && form.signedAt) {
      const date = pdfInstant(form.signedAt, timezone, language);
      cursor.text(`${t('careFormPdf.signedBy')}: ${t('careFormPdf.personAt', { name: form.signedBy, date })}`, {
        color: GREY,
      });
    }
    await drawNodes(cursor, enabledItems(form.definition, form.items), 1, timezone, language);
  }
}
