import { describe, expect, it } from 'vitest';
import { SIGNATURE_EXTENSION_URL } from '@hearth/shared/care-forms/care-forms.constants';
import {
  answerFieldOf,
  conditionIncomplete,
  conditionValue,
  newCondition,
  operatorsFor,
  withAnswer,
  withConditions,
  withOperator,
} from './enable-when';
import type { QItem } from './questionnaire-tree';

const yesNo: QItem = { linkId: 'falls', type: 'boolean', text: 'Any falls?' };
const pulse: QItem = { linkId: 'pulse', type: 'integer', text: 'Pulse' };
const mood: QItem = {
  linkId: 'mood',
  type: 'choice',
  text: 'Mood',
  answerOption: [{ valueString: 'Calm' }, { valueString: 'Agitated' }],
};
const coded: QItem = {
  linkId: 'pain',
  type: 'choice',
  answerOption: [{ valueCoding: { code: 'none', display: 'None' } }, { valueCoding: { code: 'severe', display: 'Severe' } }],
};
const signature: QItem = {
  linkId: 'sig',
  type: 'attachment',
  extension: [{ url: SIGNATURE_EXTENSION_URL, valueBoolean: true }],
};

describe('enableWhen conditions', () => {
  it('compares each kind of question with the answer[x] of its type', () => {
    expect(answerFieldOf(yesNo)).toBe('answerBoolean');
    expect(answerFieldOf(pulse)).toBe('answerInteger');
    expect(answerFieldOf({ linkId: 'd', type: 'date' })).toBe('answerDate');
    expect(answerFieldOf({ linkId: 't', type: 'text' })).toBe('answerString');
    expect(answerFieldOf(mood)).toBe('answerString');
    expect(answerFieldOf(coded)).toBe('answerCoding');
    expect(answerFieldOf(signature)).toBeNull();
  });

  it('offers order operators only for numbers, dates and times; a signature only "exists"', () => {
    expect(operatorsFor(pulse)).toEqual(['exists', '=', '!=', '>', '<', '>=', '<=']);
    expect(operatorsFor(yesNo)).toEqual(['exists', '=', '!=']);
    expect(operatorsFor(mood)).toEqual(['exists', '=', '!=']);
    expect(operatorsFor(signature)).toEqual(['exists']);
  });

  it('starts a condition at "= yes", "= the first option", or "is answered"', () => {
    expect(newCondition(yesNo)).toEqual({ question: 'falls', operator: '=', answerBoolean: true });
    expect(newCondition(mood)).toEqual({ question: 'mood', operator: '=', answerString: 'Calm' });
    expect(newCondition(coded)).toEqual({ question: 'pain', operator: '=', answerCoding: { code: 'none', display: 'None' } });
    expect(newCondition(pulse)).toEqual({ question: 'pulse', operator: 'exists', answerBoolean: true });
  });

  it('keeps the value between comparisons and resets it to and from "exists"', () => {
    const over = withAnswer({ question: 'pulse', operator: '>' }, 'answerInteger', 100);
    expect(withOperator(over, pulse, '>=')).toEqual({ question: 'pulse', operator: '>=', answerInteger: 100 });
    const exists = withOperator(over, pulse, 'exists');
    expect(exists).toEqual({ question: 'pulse', operator: 'exists', answerBoolean: true });
    const back = withOperator(exists, pulse, '<');
    expect(back).toEqual({ question: 'pulse', operator: '<' });
    expect(conditionIncomplete(back)).toBe(true);
    expect(conditionIncomplete(over)).toBe(false);
    expect(conditionValue(over)).toBe(100);
  });

  it('clears the value when it is emptied, so an incomplete condition is seen', () => {
    expect(withAnswer({ question: 't', operator: '=', answerString: 'x' }, 'answerString', '')).toEqual({
      question: 't',
      operator: '=',
    });
  });

  it('sets conditions with enableBehavior only when there are several, "all" unless chosen', () => {
    const one = withConditions(pulse, [newCondition(yesNo)]);
    expect(one).toEqual({ ...pulse, enableWhen: [newCondition(yesNo)] });
    const two = withConditions(one, [newCondition(yesNo), newCondition(mood)]);
    expect(two.enableBehavior).toBe('all');
    expect(withConditions({ ...two, enableBehavior: 'any' }, two.enableWhen!).enableBehavior).toBe('any');
    expect(withConditions(two, [])).toEqual(pulse);
  });
});
