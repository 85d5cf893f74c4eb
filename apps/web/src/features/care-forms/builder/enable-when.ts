import { ENABLE_WHEN_OPERATORS } from '@hearth/shared/care-forms/care-forms.constants';
import { kindOf } from './item-kinds';
import type { EnableWhen, QItem } from './questionnaire-tree';

/*
 * The builder's enableWhen conditions (FHIR R4 Questionnaire.item.enableWhen, issue 23 item 1): which operators
 * and which answer[x] field a condition on a question takes, and the edits of a condition as pure functions.
 */

export type Operator = (typeof ENABLE_WHEN_OPERATORS)[number];

/** The answer[x] fields a condition compares with. */
export type AnswerField =
  | 'answerBoolean'
  | 'answerInteger'
  | 'answerDecimal'
  | 'answerDate'
  | 'answerDateTime'
  | 'answerTime'
  | 'answerString'
  | 'answerCoding';

const ANSWER_FIELDS: AnswerField[] = [
  'answerBoolean',
  'answerInteger',
  'answerDecimal',
  'answerDate',
  'answerDateTime',
  'answerTime',
  'answerString',
  'answerCoding',
];

/**
 * The answer[x] field of a condition on `question` (FHIR R4 que-7: the answer's type matches the question's): a
 * choice whose options are codings compares codings, other choices strings; a photo or signature has no value to
 * compare (null: only "exists").
 */
export function answerFieldOf(question: QItem): AnswerField | null {
  switch (kindOf(question)) {
    case 'boolean':
      return 'answerBoolean';
    case 'integer':
      return 'answerInteger';
    case 'decimal':
      return 'answerDecimal';
    case 'date':
      return 'answerDate';
    case 'dateTime':
      return 'answerDateTime';
    case 'time':
      return 'answerTime';
    case 'string':
    case 'text':
      return 'answerString';
    case 'choice':
    case 'open-choice':
      return question.answerOption?.some((option) => option.valueCoding) ? 'answerCoding' : 'answerString';
    default:
      return null;
  }
}

/** The operators a condition on `question` may use: exists always, = and != with a value, order for numbers and times. */
export function operatorsFor(question: QItem): Operator[] {
  const field = answerFieldOf(question);
  if (field === null) return ['exists'];
  if (field === 'answerBoolean' || field === 'answerString' || field === 'answerCoding') return ['exists', '=', '!='];
  return [...ENABLE_WHEN_OPERATORS];
}

/** The condition without any answer[x]. */
function bare(condition: EnableWhen): EnableWhen {
  const { question, operator } = condition;
  return { question, operator };
}

/** The value a condition with `operator` on `question` starts with: true for exists and yes/no, the first option. */
function startingAnswer(question: QItem, operator: Operator): Partial<EnableWhen> {
  if (operator === 'exists') return { answerBoolean: true };
  const field = answerFieldOf(question);
  const first = question.answerOption?.[0];
  if (field === 'answerBoolean') return { answerBoolean: true };
  if (field === 'answerCoding' && first?.valueCoding) return { answerCoding: first.valueCoding };
  if (field === 'answerString' && first?.valueString !== undefined) return { answerString: first.valueString };
  return {};
}

/** A new condition on `question`: "=" with a starting value where the question offers one (yes, the first option), else "exists". */
export function newCondition(question: QItem): EnableWhen {
  const field = answerFieldOf(question);
  const withValue = field === 'answerBoolean' || (question.answerOption?.length ?? 0) > 0;
  const operator: Operator = withValue ? '=' : 'exists';
  return { question: question.linkId, operator, ...startingAnswer(question, operator) };
}

/**
 * The condition with `operator`: its value kept when it still fits (between = and the order operators), else the
 * operator's starting value (exists: answerBoolean true, "the question is answered").
 */
export function withOperator(condition: EnableWhen, question: QItem, operator: Operator): EnableWhen {
  if (operator === 'exists' || condition.operator === 'exists') {
    return { ...bare(condition), operator, ...startingAnswer(question, operator) };
  }
  return { ...condition, operator };
}

/** The condition's answer value, or undefined when it has none. */
export function conditionValue(condition: EnableWhen): EnableWhen[AnswerField] {
  for (const field of ANSWER_FIELDS) if (condition[field] !== undefined) return condition[field];
  return undefined;
}

/** The condition comparing with `value` in `field` (no value when undefined or empty text). */
export function withAnswer(condition: EnableWhen, field: AnswerField, value: EnableWhen[AnswerField]): EnableWhen {
  if (value === undefined || value === '') return bare(condition);
  return { ...bare(condition), [field]: value };
}

/** The item with its conditions replaced by `conditions` (enableWhen and enableBehavior removed when none). */
export function withConditions(item: QItem, conditions: EnableWhen[]): QItem {
  const { enableWhen: _old, enableBehavior, ...rest } = item;
  if (conditions.length === 0) return rest;
  // FHIR R4 que-12: enableBehavior is required when there is more than one condition; "all" unless chosen.
  return conditions.length > 1
    ? { ...rest, enableWhen: conditions, enableBehavior: enableBehavior ?? 'all' }
    : { ...rest, enableWhen: conditions };
}

/** A condition that is not complete yet: a value is needed (an operator other than exists with no answer). */
export function conditionIncomplete(condition: EnableWhen): boolean {
  return conditionValue(condition) === undefined;
}
