import type { Questionnaire, QuestionnaireItem, QuestionnaireResponseItem, QuestionnaireResponseItemAnswer } from 'fhir/r4';
import { CARE_FORM_ATTACHMENT_MAX_BYTES, SIGNATURE_EXTENSION_URL } from './care-forms.constants';
import {
  EnableWhenEvaluator,
  findItem,
  instancesAt,
  responseAt,
  stepsOf,
  type ResponsePath,
  type Step,
} from './questionnaire-enable-when';
import { problem, type QuestionnaireProblem } from './questionnaire-problem';
import { ANSWER_KINDS, isQuestion, isWellFormed, sameCoding, valuesOf, type FoundValue } from './questionnaire-values';

/*
 * The rules of a filled care form (a FHIR R4 QuestionnaireResponse's items) against its type (a Questionnaire),
 * shared by the server, the web renderer and the phone (issue 23 items 1 and 2): the items a form shows (enableWhen,
 * questionnaire-enable-when.ts), initial answers, pruning what is not asked, validating the answers, and reading and
 * writing answers by path ([{ linkId: 'wounds', index: 1 }, 'size']: a step is a linkId, or the instance of a
 * repeating group). Pure, without I/O.
 */

/** Whether an item is a drawn signature: an attachment with FHIR's questionnaire-signatureRequired extension. */
export function isSignatureItem(item: QuestionnaireItem): boolean {
  return item.type === 'attachment' && (item.extension ?? []).some((e) => e.url === SIGNATURE_EXTENSION_URL);
}

/** The answers of the question at `path` (empty when unanswered). */
export function getAnswers(items: Items, path: ResponsePath): QuestionnaireResponseItemAnswer[] {
  return responseAt(items, stepsOf(path))?.answer ?? [];
}

/** Whether the item at `path` is shown with these answers (EnableWhenEvaluator's rules). */
export function isItemEnabled(questionnaire: Questionnaire, items: Items, path: ResponsePath): boolean {
  return new EnableWhenEvaluator(questionnaire, items).enabled(stepsOf(path));
}

/** An item of a form as shown: its definition, where it is, whether it is shown, its answers, its items. */
export interface FormNode {
  item: QuestionnaireItem;
  path: Step[];
  enabled: boolean;
  /** A question's answers (empty for groups and display items). */
  answers: QuestionnaireResponseItemAnswer[];
  /** A group instance's items. */
  children: FormNode[];
}

/**
 * The form as it reads: every item of the Questionnaire in order, a repeating group once per instance answered (at
 * least once), each with whether it is shown and its answers.
 */
export function formTree(questionnaire: Questionnaire, items: Items): FormNode[] {
  const evaluator = new EnableWhenEvaluator(questionnaire, items);
  const build = (definitions: QuestionnaireItem[] | undefined, parent: Step[]): FormNode[] =>
    (definitions ?? []).flatMap((item) => {
      const count = item.type === 'group' && item.repeats ? Math.max(instancesAt(items, parent, item.linkId).length, 1) : 1;
      return Array.from({ length: count }, (_, index) => {
        const path = [...parent, { linkId: item.linkId, index }];
        return {
          item,
          path,
          enabled: evaluator.enabled(path),
          answers: isQuestion(item) ? (responseAt(items, path)?.answer ?? []) : [],
          children: item.type === 'group' ? build(item.item, path) : [],
        };
      });
    });
  return build(questionnaire.item, []);
}

/** formTree without the items not shown (a hidden group with all its items). */
export function enabledItems(questionnaire: Questionnaire, items: Items): FormNode[] {
  const keep = (nodes: FormNode[]): FormNode[] =>
    nodes.filter((node) => node.enabled).map((node) => ({ ...node, children: keep(node.children) }));
  return keep(formTree(questionnaire, items));
}

/**
 * The answers without those of items not shown (FHIR R4: answers of disabled items are not kept in a completed
 * response): a hidden question loses its response item, a hidden group instance its response item with its items.
 * Which items are shown is worked out on the answers as given, before anything is removed. Response items the
 * Questionnaire does not know are kept (validateResponse reports them).
 */
export function pruneDisabled(questionnaire: Questionnaire, items: Items): QuestionnaireResponseItem[] {
  const evaluator = new EnableWhenEvaluator(questionnaire, items);
  const prune = (siblings: Items, parent: Step[]): QuestionnaireResponseItem[] => {
    const seen = new Map<string, number>();
    return siblings.flatMap((response) => {
      const index = seen.get(response.linkId) ?? 0;
      seen.set(response.linkId, index + 1);
      if (!findItem(questionnaire, response.linkId)) return [response];
      const path = [...parent, { linkId: response.linkId, index }];
      if (!evaluator.enabled(path)) return [];
      return response.item ? [{ ...response, item: prune(response.item, path) }] : [response];
    });
  };
  return prune(items, []);
}

/** The answers an item starts with: its initial[x] values, or its answerOptions marked initialSelected. */
export function initialAnswers(item: QuestionnaireItem): QuestionnaireResponseItemAnswer[] {
  const selected = (item.answerOption ?? []).filter((option) => option.initialSelected);
  const values = item.initial ?? selected;
  return values.flatMap((value) => {
    const found = valuesOf(value, 'value')[0];
    return found ? [{ [`value${found.kind}`]: found.value } as QuestionnaireResponseItemAnswer] : [];
  });
}

/** A response item for `item` (its text kept for a reader of the response alone). */
function responseItem(item: QuestionnaireItem, rest: Partial<QuestionnaireResponseItem>): QuestionnaireResponseItem {
  return { linkId: item.linkId, ...(item.text === undefined ? {} : { text: item.text }), ...rest };
}

/**
 * The answers a new form starts with (FHIR R4 initial[x] and answerOption.initialSelected): the items with initial
 * answers, inside the groups that hold them (a repeating group's first instance).
 */
export function initialItems(questionnaire: Questionnaire): QuestionnaireResponseItem[] {
  const build = (definitions: QuestionnaireItem[] | undefined): QuestionnaireResponseItem[] =>
    (definitions ?? []).flatMap((item) => {
      if (item.type === 'group') {
        const children = build(item.item);
        return children.length > 0 ? [responseItem(item, { item: children })] : [];
      }
      const answer = isQuestion(item) ? initialAnswers(item) : [];
      return answer.length > 0 ? [responseItem(item, { answer })] : [];
    });
  return build(questionnaire.item);
}

/** `siblings` with the response items of `linkId` replaced by `instances`, in the Questionnaire's order. */
function withInstances(
  siblings: Items,
  definitions: readonly QuestionnaireItem[],
  linkId: string,
  instances: QuestionnaireResponseItem[],
): QuestionnaireResponseItem[] {
  const known = new Set(definitions.map((d) => d.linkId));
  const ordered = definitions.flatMap((d) => (d.linkId === linkId ? instances : siblings.filter((r) => r.linkId === d.linkId)));
  const unknown = siblings.filter((r) => !known.has(r.linkId));
  return known.has(linkId) ? [...ordered, ...unknown] : [...ordered, ...unknown.filter((r) => r.linkId !== linkId), ...instances];
}

/**
 * The items with the question at `path` answered by `answers` (no answers removes its response item), creating
 * the group instances on the way; siblings follow the Questionnaire's order. Returns new lists, the input untouched.
 */
export function setAnswers(
  questionnaire: Questionnaire,
  items: Items,
  path: ResponsePath,
  answers: QuestionnaireResponseItemAnswer[],
): QuestionnaireResponseItem[] {
  const set = (siblings: Items, definitions: QuestionnaireItem[], steps: Step[]): QuestionnaireResponseItem[] => {
    const [step, ...rest] = steps as [Step, ...Step[]];
    const definition = definitions.find((d) => d.linkId === step.linkId) ?? { linkId: step.linkId, type: 'group' };
    const instances = siblings.filter((r) => r.linkId === step.linkId);
    while (instances.length <= step.index) instances.push(responseItem(definition, {}));
    const current = instances[step.index]!;
    if (rest.length > 0) {
      instances[step.index] = { ...current, item: set(current.item ?? [], definition.item ?? [], rest) };
    } else if (answers.length > 0) {
      instances[step.index] = { ...current, answer: answers };
    } else {
      instances.splice(step.index, 1);
    }
    return withInstances(siblings, definitions, step.linkId, instances);
  };
  return path.length === 0 ? [...items] : set(items, questionnaire.item ?? [], stepsOf(path));
}

/** What validateResponse checks; a draft (careForms.saveInProgress) may still lack required answers. */
export interface ValidateOptions {
  /** In progress: required answers are not asked for yet, and answers of hidden items are tolerated. */
  draft?: boolean;
}

type Items = readonly QuestionnaireResponseItem[];

/** The question's name in a message: its text (at most 80 characters), else its linkId. */
function label(item: QuestionnaireItem): string {
  const text = item.text?.trim().replace(/\s+/g, ' ');
  if (!text) return item.linkId;
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** Whether a response item holds any answer, at any depth. */
function hasAnswers(response: QuestionnaireResponseItem): boolean {
  return (response.answer?.length ?? 0) > 0 || (response.item ?? []).some(hasAnswers);
}

/** Whether any question under `item` is required (then their own messages say what is missing). */
function hasRequiredQuestion(item: QuestionnaireItem): boolean {
  return (item.item ?? []).some((child) => (isQuestion(child) && child.required) || hasRequiredQuestion(child));
}

/** Bytes of base64 data once decoded. */
function decodedBytes(base64: string): number {
  return Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
}

/** Whether a choice answer is one of the item's options (codings by concept, strings by text). */
function isOption(item: QuestionnaireItem, value: FoundValue): boolean {
  return (item.answerOption ?? []).some((option) =>
    value.kind === 'Coding'
      ? option.valueCoding !== undefined && sameCoding(option.valueCoding, value.value as object)
      : option.valueString === value.value,
  );
}

/** The problems of one answer of a question: its value[x] and type, option, length, image. */
function answerProblems(item: QuestionnaireItem, answer: QuestionnaireResponseItemAnswer, at: (string | number)[]) {
  const add = (key: string, values: Record<string, string | number> = {}) => [
    problem(item.linkId, at, key, { question: label(item), ...values }),
  ];
  const values = valuesOf(answer, 'value');
  const [value] = values;
  if (
    values.length !== 1 ||
    !value ||
    !(ANSWER_KINDS[item.type] ?? []).includes(value.kind) ||
    !isWellFormed(value.kind, value.value)
  ) {
    return add('wrongType', { type: item.type });
  }
  if (answer.item !== undefined) return [problem(answer.item[0]?.linkId ?? item.linkId, at, 'unknownItem')];
  if (item.type === 'choice' || (item.type === 'open-choice' && value.kind === 'Coding')) {
    if (!isOption(item, value)) return add('notAnOption');
  }
  if (value.kind === 'String' && item.maxLength !== undefined && (value.value as string).length > item.maxLength) {
    return add('answerTooLong', { max: item.maxLength });
  }
  if (value.kind === 'Attachment') {
    const attachment = value.value as { contentType: string; data: string };
    if (isSignatureItem(item) && attachment.contentType !== 'image/png') return add('signaturePng');
    if (decodedBytes(attachment.data) > CARE_FORM_ATTACHMENT_MAX_BYTES)
      return add('imageTooLarge', { max: CARE_FORM_ATTACHMENT_MAX_BYTES });
  }
  return [];
}

/** The problems of a question's one response item (or none) at `steps`. */
function questionProblems(
  item: QuestionnaireItem,
  response: QuestionnaireResponseItem | undefined,
  enabled: boolean,
  draft: boolean,
): QuestionnaireProblem[] {
  const answers = response?.answer ?? [];
  const at = [item.linkId];
  const add = (key: string, values: Record<string, string | number> = {}) =>
    problem(item.linkId, at, key, { question: label(item), ...values });
  const nested = (response?.item ?? []).map((child) => problem(child.linkId, at, 'unknownItem'));
  if (!enabled) return answers.length > 0 && !draft ? [add('disabled'), ...nested] : nested;
  const problems = [...nested];
  if (item.required && answers.length === 0 && !draft) problems.push(add('required'));
  if (!item.repeats && answers.length > 1) problems.push(add('oneAnswer'));
  answers.forEach((answer, i) => problems.push(...answerProblems(item, answer, [...at, i])));
  if (item.readOnly && answers.length > 0 && JSON.stringify(answers) !== JSON.stringify(initialAnswers(item))) {
    problems.push(add('readOnly'));
  }
  return problems;
}

/** The problems of the response items `siblings` against the Questionnaire items `definitions`. */
function levelProblems(
  evaluator: EnableWhenEvaluator,
  definitions: QuestionnaireItem[],
  siblings: Items,
  parent: Step[],
  draft: boolean,
): QuestionnaireProblem[] {
  const known = new Set(definitions.map((d) => d.linkId));
  const problems = siblings.filter((r) => !known.has(r.linkId)).map((r) => problem(r.linkId, [r.linkId], 'unknownItem'));
  for (const item of definitions) {
    const instances = siblings.filter((r) => r.linkId === item.linkId);
    const name = { question: label(item) };
    if (instances.length > 1 && !(item.type === 'group' && item.repeats)) {
      problems.push(problem(item.linkId, [item.linkId], 'repeatedItem', name));
    }
    if (isQuestion(item)) {
      const enabled = evaluator.enabled([...parent, { linkId: item.linkId, index: 0 }]);
      problems.push(...questionProblems(item, instances[0], enabled, draft));
      continue;
    }
    // A group is checked once per instance; with none, as one empty instance, so its required questions are asked.
    const groupInstances = instances.length > 0 ? instances : [{ linkId: item.linkId }];
    groupInstances.forEach((instance, index) => {
      const path = [...parent, { linkId: item.linkId, index }];
      if (instance.answer !== undefined) problems.push(problem(item.linkId, [item.linkId], 'noAnswerAllowed', name));
      if (item.type === 'display') return;
      if (!evaluator.enabled(path)) {
        if (hasAnswers(instance) && !draft) problems.push(problem(item.linkId, [item.linkId], 'disabled', name));
        return;
      }
      if (item.required && !draft && !hasAnswers(instance) && !hasRequiredQuestion(item)) {
        problems.push(problem(item.linkId, [item.linkId], 'requiredGroup', name));
      }
      problems.push(...levelProblems(evaluator, item.item ?? [], instance.item ?? [], path, draft));
    });
  }
  return problems;
}

/**
 * Every problem of a filled form's answers against its Questionnaire (FHIR R4 QuestionnaireResponse rules, issue 23
 * item 2), each `{linkId, message}` with the message of the server catalogue (validation.careForms) naming the
 * question by its text: a required question unanswered (a required group with nothing answered); more than one
 * answer to a question that does not repeat, or a non-repeating item given twice; an answer whose value[x] is not the
 * item type's or is malformed; a choice answer that is not an option; text longer than maxLength; a signature that is
 * not a PNG or an image over CARE_FORM_ATTACHMENT_MAX_BYTES; a read-only question changed from its initial answers;
 * answers to items not shown (enableWhen, EnableWhenEvaluator); answers on groups and display items; and response
 * items the Questionnaire does not have there (unknown linkIds).
 * @param options.draft a form in progress: required answers and answers of hidden items are not refused.
 * @returns the problems in the form's order; empty when the answers may be completed (or saved, for a draft).
 */
export function validateResponse(
  questionnaire: Questionnaire,
  items: Items,
  options: ValidateOptions = {},
): QuestionnaireProblem[] {
  const evaluator = new EnableWhenEvaluator(questionnaire, items);
  return levelProblems(evaluator, questionnaire.item ?? [], items, [], options.draft === true);
}
