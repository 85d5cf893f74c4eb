import { ENABLE_WHEN_OPERATORS } from './care-forms.constants';
import { problem, type QuestionnaireProblem } from './questionnaire-problem';
import type { SeenItem } from './questionnaire-problems.items';
import { CONDITION_KINDS, isObject, isQuestion, isWellFormed, valuesOf } from './questionnaire-values';

/*
 * The enableWhen checks of a Questionnaire on import (questionnaireProblems, issue 23 item 1), once every item is
 * known: FHIR R4 que-7 (the operator exists takes answerBoolean), que-12 (enableBehavior with more than one
 * condition), a question that exists and is a question, one answer[x] of the question's type, and no circle.
 */

const CONDITION_PROPERTIES = new Set([
  'question', 'operator', 'answerBoolean', 'answerDecimal', 'answerInteger', 'answerDate', 'answerDateTime',
  'answerTime', 'answerString', 'answerCoding',
]); // prettier-ignore
const ORDERING = ['>', '<', '>=', '<='];

/** The problems of one enableWhen entry of `item`. */
function conditionProblems(item: SeenItem, items: Map<string, SeenItem>, raw: unknown, i: number): QuestionnaireProblem[] {
  const at = [...item.path, 'enableWhen', i];
  const fail = (key: string, values: Record<string, string | number> = {}) => [problem(item.linkId, at, key, values)];
  if (!isObject(raw)) return fail('itemValue', { property: 'enableWhen' });
  const unknown = Object.keys(raw).filter((key) => !CONDITION_PROPERTIES.has(key));
  if (unknown.length > 0) return unknown.flatMap((key) => fail('unsupportedProperty', { property: `enableWhen.${key}` }));
  const question = raw.question;
  if (typeof question !== 'string') return fail('itemValue', { property: 'enableWhen.question' });
  if (question === item.linkId) return fail('enableWhenSelf');
  const target = items.get(question);
  if (!target) return fail('enableWhenUnknown', { question });
  if (!isQuestion(target)) return fail('enableWhenNotQuestion', { question });
  const operator = raw.operator;
  if (!(ENABLE_WHEN_OPERATORS as readonly unknown[]).includes(operator)) {
    return fail('unsupportedOperator', { operator: String(operator) });
  }
  const answers = valuesOf(raw, 'answer');
  if (answers.length !== 1) return fail('enableWhenAnswer');
  const [answer] = answers as [(typeof answers)[number]];
  if (operator === 'exists')
    return answer.kind === 'Boolean' && typeof answer.value === 'boolean' ? [] : fail('enableWhenExists');
  if (!(CONDITION_KINDS[target.type] ?? []).includes(answer.kind)) return fail('enableWhenAnswerType', { question });
  if (!isWellFormed(answer.kind, answer.value)) {
    return fail('invalidValue', { property: `enableWhen.answer${answer.kind}`, type: target.type });
  }
  if (ORDERING.includes(operator as string) && (answer.kind === 'Boolean' || answer.kind === 'Coding')) {
    return fail('enableWhenOperatorType', { question, operator: operator as string });
  }
  return [];
}

/**
 * What an item's being shown depends on: the questions its conditions name and the group holding it (a hidden
 * group hides its items).
 */
function dependencies(item: SeenItem): string[] {
  const conditions = Array.isArray(item.raw.enableWhen) ? item.raw.enableWhen : [];
  const questions = conditions.flatMap((c) => (isObject(c) && typeof c.question === 'string' ? [c.question] : []));
  return item.parent === null ? questions : [...questions, item.parent];
}

/** Whether `start`'s conditions lead back to it through the questions and groups they depend on. */
function inCircle(start: SeenItem, items: Map<string, SeenItem>): boolean {
  const seen = new Set<string>();
  const queue = dependencies(start);
  while (queue.length > 0) {
    const next = queue.pop()!;
    if (next === start.linkId) return true;
    if (seen.has(next)) continue;
    seen.add(next);
    const found = items.get(next);
    if (found) queue.push(...dependencies(found));
  }
  return false;
}

/**
 * The enableWhen problems of every item (`items` as the walk collected them): each condition's question, operator
 * and answer[x], enableBehavior when there is more than one condition (que-12), and conditions in a circle (an item
 * shown only when a question is answered that is itself shown only when the item is, directly or through groups).
 */
export function checkConditions(items: Map<string, SeenItem>): QuestionnaireProblem[] {
  const problems: QuestionnaireProblem[] = [];
  for (const item of items.values()) {
    const conditions = item.raw.enableWhen;
    if (conditions === undefined) continue;
    if (!Array.isArray(conditions)) {
      problems.push(problem(item.linkId, [...item.path, 'enableWhen'], 'itemValue', { property: 'enableWhen' }));
      continue;
    }
    const found = conditions.flatMap((raw, i) => conditionProblems(item, items, raw, i));
    problems.push(...found);
    if (conditions.length > 1 && item.raw.enableBehavior === undefined) {
      problems.push(problem(item.linkId, [...item.path, 'enableBehavior'], 'enableBehaviorNeeded'));
    }
    if (found.length === 0 && conditions.length > 0 && inCircle(item, items)) {
      problems.push(problem(item.linkId, [...item.path, 'enableWhen'], 'enableWhenCycle'));
    }
  }
  return problems;
}
