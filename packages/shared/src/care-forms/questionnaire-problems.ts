import type { Questionnaire } from 'fhir/r4';
import { CARE_FORM_DEFINITION_MAX_CHARS, CARE_FORM_MAX_ITEMS } from './care-forms.constants';
import { isObject } from './questionnaire-values';
import { problem, type QuestionnaireProblem } from './questionnaire-problem';
import { checkItem, type ItemContext } from './questionnaire-problems.items';
import { checkConditions } from './questionnaire-problems.conditions';

/*
 * What Hearth refuses in a FHIR R4 Questionnaire it is given as a care form type (issue 23 item 1: import "with
 * clear errors for what it does not support"): each problem names the item by its linkId and what is wrong, in a
 * message of the server catalogue (validation.careForms), so the server answers in the reader's language.
 */

/** Deepest JSON nesting looked into; deeper JSON is refused before anything else reads it. */
const MAX_JSON_DEPTH = 48;

/** Questionnaire properties that only describe it (kept, not used); anything else besides these is refused. */
const DESCRIPTIVE = new Set([
  'id', 'meta', 'implicitRules', 'language', 'text', 'url', 'identifier', 'version', 'name', 'title', 'derivedFrom',
  'experimental', 'subjectType', 'date', 'publisher', 'contact', 'description', 'useContext', 'jurisdiction',
  'purpose', 'copyright', 'approvalDate', 'lastReviewDate', 'effectivePeriod', 'code',
]); // prettier-ignore
const TEXT_PROPERTIES = ['url', 'version', 'name', 'title', 'publisher', 'description', 'purpose', 'copyright', 'date'];
const STATUSES = ['draft', 'active', 'retired', 'unknown'];

/** The string paths holding a NUL character, and whether the JSON is nested deeper than MAX_JSON_DEPTH. */
function scanJson(root: unknown): { nulPaths: (string | number)[][]; tooDeep: boolean } {
  const nulPaths: (string | number)[][] = [];
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: root, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (path.length > MAX_JSON_DEPTH) return { nulPaths, tooDeep: true };
    if (typeof value === 'string' && value.includes('\u0000')) nulPaths.push(path);
    else if (Array.isArray(value)) value.forEach((v, i) => stack.push({ value: v, path: [...path, i] }));
    else if (isObject(value)) {
      for (const [k, v] of Object.entries(value)) {
        if (k.includes('\u0000')) nulPaths.push([...path, k]);
        stack.push({ value: v, path: [...path, k] });
      }
    }
  }
  return { nulPaths, tooDeep: false };
}

/** The NUL problem at `path`: named by the deepest item on the path, else by the Questionnaire's property. */
function nulProblem(root: Record<string, unknown>, path: (string | number)[]): QuestionnaireProblem {
  let node: unknown = root;
  let item: { linkId: string; at: number } | null = null;
  const position: number[] = [];
  for (let i = 0; i + 1 < path.length && path[i] === 'item' && typeof path[i + 1] === 'number'; i += 2) {
    node = (isObject(node) && Array.isArray(node.item) ? node.item : [])[path[i + 1] as number];
    position.push((path[i + 1] as number) + 1);
    const linkId = isObject(node) && typeof node.linkId === 'string' && !node.linkId.includes('\u0000') ? node.linkId : null;
    item = { linkId: linkId ?? position.join('.'), at: i + 2 };
  }
  const property = (item ? path.slice(item.at) : path).join('.') || 'linkId';
  return item ? problem(item.linkId, path, 'itemNul', { property }) : problem(null, path, 'questionnaireNul', { property });
}

/** Problems of the Questionnaire's own properties (not its items). */
function checkRoot(root: Record<string, unknown>): QuestionnaireProblem[] {
  const problems: QuestionnaireProblem[] = [];
  for (const [key, value] of Object.entries(root)) {
    if (key === 'resourceType' || key === 'item') continue;
    if (key === 'status') {
      if (!STATUSES.includes(value as string)) problems.push(problem(null, [key], 'questionnaireStatus'));
    } else if (!DESCRIPTIVE.has(key)) {
      problems.push(problem(null, [key], 'questionnaireProperty', { property: key }));
    } else if (TEXT_PROPERTIES.includes(key) && typeof value !== 'string') {
      problems.push(problem(null, [key], 'questionnaireValue', { property: key }));
    }
  }
  if (root.item !== undefined && !Array.isArray(root.item)) {
    problems.push(problem(null, ['item'], 'questionnaireValue', { property: 'item' }));
  }
  return problems;
}

/**
 * Every problem of `value` as a care form type (FHIR R4 Questionnaire of the supported subset, issue 23 item 1):
 * not a Questionnaire; JSON nested too deeply, larger than CARE_FORM_DEFINITION_MAX_CHARS or holding a NUL
 * character; unsupported Questionnaire properties; more than CARE_FORM_MAX_ITEMS items or groups nested deeper than
 * CARE_FORM_MAX_DEPTH; and per item (questionnaire-problems.items.ts and .conditions.ts): linkIds missing or
 * repeated, unsupported types, properties, extensions and operators, FHIR R4's invariants on items (que-1 to
 * que-13), choice without answerOption, maxLength on non-text items, enableWhen on unknown questions, and
 * conditions that depend on each other in a circle.
 * @returns the problems in the order of the JSON; empty when the Questionnaire is accepted.
 */
export function questionnaireProblems(value: unknown): QuestionnaireProblem[] {
  if (!isObject(value) || value.resourceType !== 'Questionnaire') return [problem(null, ['resourceType'], 'notQuestionnaire')];
  const scan = scanJson(value);
  if (scan.tooDeep) return [problem(null, [], 'tooDeep')];
  if (scan.nulPaths.length > 0) return scan.nulPaths.map((path) => nulProblem(value, path));
  if (JSON.stringify(value).length > CARE_FORM_DEFINITION_MAX_CHARS) {
    return [problem(null, [], 'tooLarge', { max: CARE_FORM_DEFINITION_MAX_CHARS })];
  }
  const problems = checkRoot(value);
  const context: ItemContext = { items: new Map(), count: 0, problems };
  if (Array.isArray(value.item)) value.item.forEach((item, i) => checkItem(context, item, ['item', i], [i + 1], 1));
  if (context.count > CARE_FORM_MAX_ITEMS) problems.push(problem(null, ['item'], 'tooManyItems', { max: CARE_FORM_MAX_ITEMS }));
  problems.push(...checkConditions(context.items));
  return problems;
}

/**
 * Reads a Questionnaire's JSON text as an import gets it (careFormTypes.importJson).
 * @returns {questionnaire} when it is accepted (status "draft" when it had none, `item` [] when absent), else
 *   {problems}: "The file is not valid JSON" or questionnaireProblems' list.
 */
export function parseQuestionnaireJson(
  json: string,
): { questionnaire: Questionnaire; problems?: undefined } | { problems: QuestionnaireProblem[] } {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { problems: [problem(null, [], 'notJson')] };
  }
  const problems = questionnaireProblems(value);
  if (problems.length > 0) return { problems };
  return { questionnaire: withDefaults(value as Questionnaire) };
}

/** An accepted Questionnaire with FHIR's required status (draft when absent) and an item list. */
export function withDefaults(questionnaire: Questionnaire): Questionnaire {
  return { ...questionnaire, status: questionnaire.status ?? 'draft', item: questionnaire.item ?? [] };
}
