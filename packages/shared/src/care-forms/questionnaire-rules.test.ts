import { describe, expect, it } from 'vitest';
import type { Questionnaire, QuestionnaireItem, QuestionnaireResponseItem } from 'fhir/r4';
import { messageOfEnglish } from '../i18n/english-messages';
import { SIGNATURE_EXTENSION_URL } from './care-forms.constants';
import { questionnaireProblems } from './questionnaire-problems';
import {
  enabledItems,
  formTree,
  getAnswers,
  initialItems,
  isItemEnabled,
  isSignatureItem,
  pruneDisabled,
  setAnswers,
  validateResponse,
} from './questionnaire-rules';

const q = (...item: QuestionnaireItem[]): Questionnaire => ({ resourceType: 'Questionnaire', status: 'active', item });
const when = (question: string, operator: string, answer: Record<string, unknown>) =>
  ({ question, operator, ...answer }) as NonNullable<QuestionnaireItem['enableWhen']>[number];
const answered = (linkId: string, ...answer: NonNullable<QuestionnaireResponseItem['answer']>): QuestionnaireResponseItem => ({
  linkId,
  answer,
});

const fell: QuestionnaireItem = { linkId: 'fell', text: 'Fell?', type: 'boolean' };
const count: QuestionnaireItem = { linkId: 'count', text: 'How many falls', type: 'integer' };
const day: QuestionnaireItem = { linkId: 'day', text: 'Day', type: 'date' };
const mood: QuestionnaireItem = {
  linkId: 'mood',
  text: 'Mood',
  type: 'choice',
  answerOption: [{ valueString: 'Good' }, { valueCoding: { system: 's', code: 'bad', display: 'Bad' } }],
};

/** Whether `linkId` (top level) is enabled when the form holds `items`, the item having `conditions`. */
function enabledWith(items: QuestionnaireResponseItem[], ...conditions: ReturnType<typeof when>[]): boolean {
  const target: QuestionnaireItem = { linkId: 't', type: 'string', enableWhen: conditions, enableBehavior: 'all' };
  return isItemEnabled(q(fell, count, day, mood, target), items, ['t']);
}

describe('isSignatureItem', () => {
  it('is an attachment with the signatureRequired extension', () => {
    expect(isSignatureItem({ linkId: 's', type: 'attachment', extension: [{ url: SIGNATURE_EXTENSION_URL }] })).toBe(true);
    expect(isSignatureItem({ linkId: 'p', type: 'attachment' })).toBe(false);
    expect(isSignatureItem({ linkId: 's', type: 'string', extension: [{ url: SIGNATURE_EXTENSION_URL }] })).toBe(false);
  });
});

describe('enableWhen (FHIR R4 operators)', () => {
  it('exists: answered or not, as answerBoolean says', () => {
    expect(enabledWith([], when('fell', 'exists', { answerBoolean: true }))).toBe(false);
    expect(enabledWith([answered('fell', { valueBoolean: false })], when('fell', 'exists', { answerBoolean: true }))).toBe(true);
    expect(enabledWith([], when('fell', 'exists', { answerBoolean: false }))).toBe(true);
  });

  it('= and != on booleans, strings and codings; != holds when unanswered', () => {
    const yes = [answered('fell', { valueBoolean: true })];
    expect(enabledWith(yes, when('fell', '=', { answerBoolean: true }))).toBe(true);
    expect(enabledWith(yes, when('fell', '!=', { answerBoolean: true }))).toBe(false);
    expect(enabledWith([], when('fell', '=', { answerBoolean: true }))).toBe(false);
    expect(enabledWith([], when('fell', '!=', { answerBoolean: true }))).toBe(true);
    expect(enabledWith([answered('mood', { valueString: 'Good' })], when('mood', '=', { answerString: 'Good' }))).toBe(true);
    const bad = [answered('mood', { valueCoding: { system: 's', code: 'bad' } })];
    expect(enabledWith(bad, when('mood', '=', { answerCoding: { code: 'bad' } }))).toBe(true);
    expect(enabledWith(bad, when('mood', '=', { answerCoding: { system: 'other', code: 'bad' } }))).toBe(false);
  });

  it('>, <, >=, <= on numbers (integer against decimal) and dates', () => {
    const three = [answered('count', { valueInteger: 3 })];
    expect(enabledWith(three, when('count', '>', { answerInteger: 2 }))).toBe(true);
    expect(enabledWith(three, when('count', '>', { answerInteger: 3 }))).toBe(false);
    expect(enabledWith(three, when('count', '>=', { answerInteger: 3 }))).toBe(true);
    expect(enabledWith(three, when('count', '<', { answerDecimal: 3.5 }))).toBe(true);
    expect(enabledWith(three, when('count', '<=', { answerInteger: 2 }))).toBe(false);
    expect(enabledWith([], when('count', '<', { answerInteger: 2 }))).toBe(false);
    const dated = [answered('day', { valueDate: '2026-11-27' })];
    expect(enabledWith(dated, when('day', '>', { answerDate: '2026-11-09' }))).toBe(true);
    expect(enabledWith(dated, when('day', '<', { answerDate: '2026-11-09' }))).toBe(false);
  });

  it('enableBehavior all needs every condition, any one of them', () => {
    const items = [answered('fell', { valueBoolean: true }), answered('count', { valueInteger: 1 })];
    const conditions = [when('fell', '=', { answerBoolean: true }), when('count', '>', { answerInteger: 2 })];
    const target = (enableBehavior: 'all' | 'any'): QuestionnaireItem => ({
      linkId: 't',
      type: 'string',
      enableWhen: conditions,
      enableBehavior,
    });
    expect(isItemEnabled(q(fell, count, target('all')), items, ['t'])).toBe(false);
    expect(isItemEnabled(q(fell, count, target('any')), items, ['t'])).toBe(true);
  });

  it('a question that is itself hidden counts as unanswered, and a hidden group hides its items', () => {
    const followUp: QuestionnaireItem = { ...count, enableWhen: [when('fell', '=', { answerBoolean: true })] };
    const third: QuestionnaireItem = {
      linkId: 'third',
      type: 'string',
      enableWhen: [when('count', 'exists', { answerBoolean: true })],
    };
    const group: QuestionnaireItem = {
      linkId: 'g',
      type: 'group',
      enableWhen: [when('fell', '=', { answerBoolean: true })],
      item: [day],
    };
    const form = q(fell, followUp, third, group);
    const items = [answered('fell', { valueBoolean: false }), answered('count', { valueInteger: 2 })];
    expect(isItemEnabled(form, items, ['count'])).toBe(false);
    expect(isItemEnabled(form, items, ['third'])).toBe(false);
    expect(isItemEnabled(form, items, ['g', 'day'])).toBe(false);
    const yes = [answered('fell', { valueBoolean: true }), answered('count', { valueInteger: 2 })];
    expect(isItemEnabled(form, yes, ['third'])).toBe(true);
    expect(isItemEnabled(form, yes, ['g', 'day'])).toBe(true);
  });

  it('inside repeating groups reads the answer of its own instance, else the nearest one before it', () => {
    const wound: QuestionnaireItem = {
      linkId: 'wound',
      type: 'group',
      repeats: true,
      item: [
        { linkId: 'open', type: 'boolean' },
        { linkId: 'size', type: 'decimal', enableWhen: [when('open', '=', { answerBoolean: true })] },
      ],
    };
    const after: QuestionnaireItem = {
      linkId: 'after',
      type: 'string',
      enableWhen: [when('open', '=', { answerBoolean: true })],
    };
    const form = q(wound, after);
    const items: QuestionnaireResponseItem[] = [
      { linkId: 'wound', item: [answered('open', { valueBoolean: true })] },
      { linkId: 'wound', item: [answered('open', { valueBoolean: false })] },
    ];
    expect(isItemEnabled(form, items, [{ linkId: 'wound', index: 0 }, 'size'])).toBe(true);
    expect(isItemEnabled(form, items, [{ linkId: 'wound', index: 1 }, 'size'])).toBe(false);
    // Outside the group: the nearest preceding occurrence, the last instance.
    expect(isItemEnabled(form, items, ['after'])).toBe(false);
    expect(isItemEnabled(form, [items[1]!, items[0]!], ['after'])).toBe(true);
  });
});

describe('formTree, enabledItems, pruneDisabled', () => {
  const followUp: QuestionnaireItem = { ...count, enableWhen: [when('fell', '=', { answerBoolean: true })] };
  const visits: QuestionnaireItem = { linkId: 'v', type: 'group', repeats: true, item: [day] };
  const form = q(fell, followUp, visits);

  it('lists every item with a repeating group once per instance (at least once), shown or not', () => {
    const tree = formTree(form, [answered('fell', { valueBoolean: false })]);
    expect(tree.map((n) => [n.item.linkId, n.enabled])).toEqual([
      ['fell', true],
      ['count', false],
      ['v', true],
    ]);
    const two = formTree(form, [{ linkId: 'v', item: [answered('day', { valueDate: '2026-01-01' })] }, { linkId: 'v' }]);
    expect(two.filter((n) => n.item.linkId === 'v').map((n) => n.path)).toEqual([
      [{ linkId: 'v', index: 0 }],
      [{ linkId: 'v', index: 1 }],
    ]);
    expect(two[2]!.children[0]!.answers).toEqual([{ valueDate: '2026-01-01' }]);
    expect(enabledItems(form, []).map((n) => n.item.linkId)).toEqual(['fell', 'v']);
  });

  it('drops the answers of hidden items and keeps the rest, unknown items included', () => {
    const items = [
      answered('fell', { valueBoolean: false }),
      answered('count', { valueInteger: 2 }),
      answered('zzz', { valueString: 'x' }),
    ];
    expect(pruneDisabled(form, items)).toEqual([
      answered('fell', { valueBoolean: false }),
      answered('zzz', { valueString: 'x' }),
    ]);
  });
});

describe('initialItems and answers by path', () => {
  it('starts a form with initial[x] and initialSelected options, inside their groups', () => {
    const form = q(
      { linkId: 'name', text: 'Name', type: 'string', initial: [{ valueString: 'Ann' }] },
      { ...mood, answerOption: [{ valueString: 'Good', initialSelected: true }, { valueString: 'Bad' }] },
      { linkId: 'g', type: 'group', item: [{ linkId: 'n', type: 'integer', initial: [{ valueInteger: 4 }] }, day] },
      { linkId: 'empty', type: 'group', item: [day] },
    );
    expect(initialItems(form)).toEqual([
      { linkId: 'name', text: 'Name', answer: [{ valueString: 'Ann' }] },
      { linkId: 'mood', text: 'Mood', answer: [{ valueString: 'Good' }] },
      { linkId: 'g', item: [{ linkId: 'n', answer: [{ valueInteger: 4 }] }] },
    ]);
  });

  it('sets and clears answers by path, creating group instances and keeping the Questionnaire order', () => {
    const visits: QuestionnaireItem = { linkId: 'v', text: 'Visit', type: 'group', repeats: true, item: [day, count] };
    const form = q(fell, visits);
    let items = setAnswers(form, [], [{ linkId: 'v', index: 1 }, 'count'], [{ valueInteger: 2 }]);
    items = setAnswers(form, items, ['fell'], [{ valueBoolean: true }]);
    items = setAnswers(form, items, [{ linkId: 'v', index: 1 }, 'day'], [{ valueDate: '2026-01-02' }]);
    expect(items).toEqual([
      { linkId: 'fell', text: 'Fell?', answer: [{ valueBoolean: true }] },
      { linkId: 'v', text: 'Visit' },
      {
        linkId: 'v',
        text: 'Visit',
        item: [
          { linkId: 'day', text: 'Day', answer: [{ valueDate: '2026-01-02' }] },
          { linkId: 'count', text: 'How many falls', answer: [{ valueInteger: 2 }] },
        ],
      },
    ]);
    expect(getAnswers(items, [{ linkId: 'v', index: 1 }, 'count'])).toEqual([{ valueInteger: 2 }]);
    expect(getAnswers(items, ['v', 'count'])).toEqual([]);
    expect(setAnswers(form, items, ['fell'], [])[0]!.linkId).toBe('v');
  });
});

describe('validateResponse', () => {
  const signature: QuestionnaireItem = {
    linkId: 'sign',
    text: 'Signature',
    type: 'attachment',
    extension: [{ url: SIGNATURE_EXTENSION_URL }],
  };
  const form = q(
    { ...fell, required: true },
    { ...count, enableWhen: [when('fell', '=', { answerBoolean: true })], required: true },
    { linkId: 'name', text: 'Name', type: 'string', maxLength: 5 },
    mood,
    { linkId: 'locked', text: 'Agency', type: 'string', readOnly: true, initial: [{ valueString: 'Hearth' }] },
    { linkId: 'v', text: 'Vitals', type: 'group', required: true, item: [{ linkId: 'pulse', text: 'Pulse', type: 'decimal' }] },
    signature,
  );
  const messages = (items: QuestionnaireResponseItem[], draft = false) =>
    validateResponse(form, items, { draft }).map((p) => [p.linkId, p.message]);

  it('accepts a complete form, and the form is valid FHIR for the import checks', () => {
    expect(questionnaireProblems(form)).toEqual([]);
    const items = [
      answered('fell', { valueBoolean: true }),
      answered('count', { valueInteger: 1 }),
      answered('mood', { valueCoding: { system: 's', code: 'bad', display: 'Bad' } }),
      answered('locked', { valueString: 'Hearth' }),
      { linkId: 'v', item: [answered('pulse', { valueDecimal: 61.5 })] },
      answered('sign', { valueAttachment: { contentType: 'image/png', data: 'iVBORw0KGgo=' } }),
    ];
    expect(messages(items)).toEqual([]);
  });

  it('refuses required answers missing (not in a draft), and a required group with nothing answered', () => {
    expect(messages([answered('fell', { valueBoolean: true })])).toEqual([
      ['count', '"How many falls" needs an answer'],
      ['v', 'Answer at least one question of "Vitals"'],
    ]);
    expect(messages([answered('fell', { valueBoolean: true })], true)).toEqual([]);
  });

  it('refuses two answers to a question that does not repeat, and a non-repeating item given twice', () => {
    expect(
      messages(
        [
          answered('fell', { valueBoolean: true }, { valueBoolean: false }),
          answered('name', { valueString: 'a' }),
          answered('name', { valueString: 'b' }),
        ],
        true,
      ),
    ).toEqual([
      ['fell', '"Fell?" takes one answer'],
      ['name', '"Name" appears more than once but does not repeat'],
    ]);
  });

  it('refuses answers of the wrong type or malformed, not an option, too long, and a signature not PNG', () => {
    expect(
      messages(
        [
          answered('fell', { valueString: 'yes' }),
          answered('name', { valueString: 'too long' }),
          answered('mood', { valueString: 'Meh' }),
          { linkId: 'v', item: [answered('pulse', { valueDecimal: 60, valueInteger: 60 })] },
          answered('sign', { valueAttachment: { contentType: 'image/jpeg', data: 'AAAA' } }),
        ],
        true,
      ),
    ).toEqual([
      ['fell', 'The answer to "Fell?" is not a valid boolean value'],
      ['name', 'The answer to "Name" is longer than 5 characters'],
      ['mood', 'The answer to "Mood" is not one of its options'],
      ['pulse', 'The answer to "Pulse" is not a valid decimal value'],
      ['sign', '"Signature" takes a signature drawn as a PNG image'],
    ]);
    const dates = q({ ...day, repeats: true });
    expect(
      validateResponse(dates, [answered('day', { valueDate: '2026-02-30' }, { valueDate: '2026-02-03' })]).map((p) => p.message),
    ).toEqual(['The answer to "Day" is not a valid date value']);
  });

  it('refuses a read-only answer changed from its initial value, and answers of hidden items', () => {
    expect(
      messages([
        answered('fell', { valueBoolean: false }),
        answered('count', { valueInteger: 1 }),
        answered('locked', { valueString: 'Other' }),
      ]),
    ).toEqual([
      ['count', '"How many falls" is not asked with these answers and must be left empty'],
      ['locked', '"Agency" is read-only and cannot be changed'],
      ['v', 'Answer at least one question of "Vitals"'],
    ]);
  });

  it('refuses unknown linkIds at any level, answers on groups, and items nested under a question', () => {
    expect(
      messages(
        [
          { linkId: 'ghost' },
          { linkId: 'v', answer: [{ valueString: 'x' }], item: [{ linkId: 'ghost2' }] },
          { linkId: 'name', item: [{ linkId: 'kid' }] },
        ],
        true,
      ),
    ).toEqual([
      ['ghost', 'The form has no item "ghost" there'],
      ['kid', 'The form has no item "kid" there'],
      ['v', '"Vitals" takes no answer'],
      ['ghost2', 'The form has no item "ghost2" there'],
    ]);
  });

  it('accepts free text in an open choice but only listed codings, several answers when it repeats, and hidden answers in a draft', () => {
    const open = q({
      linkId: 'aids',
      text: 'Aids',
      type: 'open-choice',
      repeats: true,
      answerOption: [{ valueCoding: { code: 'cane', display: 'Cane' } }],
    });
    expect(validateResponse(open, [answered('aids', { valueString: 'Grab bar' }, { valueCoding: { code: 'cane' } })])).toEqual(
      [],
    );
    expect(validateResponse(open, [answered('aids', { valueCoding: { code: 'walker' } })]).map((p) => p.message)).toEqual([
      'The answer to "Aids" is not one of its options',
    ]);
    const hidden = [answered('fell', { valueBoolean: false }), answered('count', { valueInteger: 1 })];
    expect(messages(hidden, true)).toEqual([]);
  });

  it('words each problem with a server catalogue message that the index finds again', () => {
    for (const found of validateResponse(form, [answered('fell', { valueString: 'x' }), { linkId: 'ghost' }])) {
      expect(messageOfEnglish(found.message)?.key).toBe(found.key);
    }
  });
});
