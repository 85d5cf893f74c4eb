import type { Questionnaire, QuestionnaireResponseItem } from '@hearth/shared/care-forms/care-forms.schema';
import { CARE_FORM_RESPONSE_MAX_CHARS } from '@hearth/shared/care-forms/care-forms.constants';
import { pruneDisabled, validateResponse } from '@hearth/shared/care-forms/questionnaire-rules';
import { AppError } from '../../errors/app-error';
import { msg, type ServerMessage, type ServerMessageKey } from '../../i18n/server-i18n';

/**
 * A form's answers may be at most CARE_FORM_RESPONSE_MAX_CHARS characters of JSON, photos included.
 * @throws AppError BAD_REQUEST "The answers are too large: use smaller photos" (field items).
 */
export function assertResponseSize(items: QuestionnaireResponseItem[]): void {
  if (JSON.stringify(items).length > CARE_FORM_RESPONSE_MAX_CHARS) {
    throw new AppError('BAD_REQUEST', 'The answers are too large: use smaller photos', {
      items: ['The answers are too large: use smaller photos'],
    });
  }
}

/** A problem of the shared rules as the server throws it: by catalogue key when it has one, else its English text. */
function messageOf(problem: { message: string; key?: string; values?: Record<string, string | number> }): ServerMessage | string {
  return problem.key ? msg(problem.key as ServerMessageKey, problem.values) : problem.message;
}

/**
 * The answers a form is completed with, checked against its type (issue 23 item 2) by the shared rules of
 * packages/shared/src/care-forms/questionnaire-rules.ts that the web and phone apply too: answers of questions
 * enableWhen hides are dropped first (FHIR R4 keeps none in a completed response), then required answers, repeats,
 * maxLength, value types, options, photos and signatures are checked.
 * @returns the answers to store: `items` without those of hidden questions.
 * @throws AppError BAD_REQUEST "N answers need attention before signing. <first>" with fieldErrors by linkId.
 */
export function completedAnswers(definition: Questionnaire, items: QuestionnaireResponseItem[]): QuestionnaireResponseItem[] {
  const kept = pruneDisabled(definition, items);
  const problems = validateResponse(definition, kept);
  const first = problems[0];
  if (!first) return kept;
  const fieldErrors: Record<string, (ServerMessage | string)[]> = {};
  for (const p of problems) (fieldErrors[p.linkId ?? 'items'] ??= []).push(messageOf(p));
  throw new AppError(
    'BAD_REQUEST',
    msg('errors.careForms.answersNeeded', { count: problems.length, first: messageOf(first) }),
    fieldErrors,
  );
}
