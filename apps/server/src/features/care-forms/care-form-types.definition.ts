import type { Questionnaire } from '@hearth/shared/care-forms/care-forms.schema';
import type { QuestionnaireProblem } from '@hearth/shared/care-forms/questionnaire-problem';
import { parseQuestionnaireJson, questionnaireProblems } from '@hearth/shared/care-forms/questionnaire-problems';
import { AppError } from '../../errors/app-error';
import { msg, type ServerMessageKey } from '../../i18n/server-i18n';

/** A problem's message as the server throws it: its catalogue key and values, so each reader gets their language. */
function messageOf(p: QuestionnaireProblem) {
  return msg(p.key as ServerMessageKey, p.values);
}

/**
 * Throws a definition's problems (packages/shared/src/care-forms/questionnaire-problems.ts) as one BAD_REQUEST:
 * the message counts them and words the first; fieldErrors lists every one by its item's linkId ("json" for the
 * Questionnaire itself). Nothing when there are none.
 * @throws AppError BAD_REQUEST "The form type has N problems. <first>".
 */
export function assertNoProblems(problems: QuestionnaireProblem[]): void {
  const first = problems[0];
  if (first) throw problemsError(first, problems);
}

/** The BAD_REQUEST of assertNoProblems for `problems`, `first` among them. */
function problemsError(first: QuestionnaireProblem, problems: QuestionnaireProblem[]): AppError {
  const fieldErrors: Record<string, ReturnType<typeof messageOf>[]> = {};
  for (const p of problems) (fieldErrors[p.linkId ?? 'json'] ??= []).push(messageOf(p));
  return new AppError(
    'BAD_REQUEST',
    msg('errors.careForms.definitionProblems', { count: problems.length, first: messageOf(first) }),
    fieldErrors,
  );
}

/**
 * Checks a definition given to careFormTypes.create or update against the supported FHIR R4 subset and its rules
 * (questionnaireProblems: unsupported items and properties, repeated linkIds, enableWhen on unknown questions...).
 * @throws AppError BAD_REQUEST with the problems by linkId (assertNoProblems).
 */
export function assertDefinition(definition: Questionnaire): void {
  assertNoProblems(questionnaireProblems(definition));
}

/**
 * Reads a FHIR R4 Questionnaire from the JSON text of an import (careFormTypes.importJson).
 * @returns the accepted definition (status draft when it had none).
 * @throws AppError BAD_REQUEST "The form type has N problems. <first>": "The file is not valid JSON", or every
 * unsupported item type, property, extension or broken rule by the linkId of its item.
 */
export function parseImportedQuestionnaire(text: string): Questionnaire {
  const parsed = parseQuestionnaireJson(text);
  if (parsed.problems) throw problemsError(parsed.problems[0]!, parsed.problems);
  return parsed.questionnaire;
}
