import { describe, expect, it } from 'vitest';
import type { Questionnaire } from 'fhir/r4';
import { messageOfEnglish } from '../i18n/english-messages';
import { CARE_FORM_MAX_DEPTH, CARE_FORM_MAX_ITEMS, SIGNATURE_EXTENSION_URL } from './care-forms.constants';
import { parseQuestionnaireJson, questionnaireProblems } from './questionnaire-problems';
import { ZQuestionnaire, ZResponseItems } from './questionnaire.schema';

/** A Questionnaire of `items`. */
const q = (...item: unknown[]) => ({ resourceType: 'Questionnaire', status: 'active', item });
/** The messages of the problems of a Questionnaire of `items`. */
const messages = (...item: unknown[]) => questionnaireProblems(q(...item)).map((p) => p.message);

const name = { linkId: 'name', text: 'Name', type: 'string' };
const fell = { linkId: 'fell', text: 'Fell?', type: 'boolean' };

describe('questionnaireProblems: what an imported Questionnaire may hold', () => {
  it('accepts the supported subset: every type, properties, initial values, options, conditions, a signature', () => {
    const good = q(
      { linkId: 'intro', text: 'Read this', type: 'display' },
      { ...name, required: true, maxLength: 80, initial: [{ valueString: 'Ann' }] },
      fell,
      {
        linkId: 'count',
        text: 'How many',
        type: 'integer',
        enableWhen: [{ question: 'fell', operator: '=', answerBoolean: true }],
      },
      {
        linkId: 'vitals',
        text: 'Vitals',
        type: 'group',
        repeats: true,
        enableWhen: [
          { question: 'count', operator: '>=', answerInteger: 2 },
          { question: 'name', operator: 'exists', answerBoolean: true },
        ],
        enableBehavior: 'any',
        item: [
          { linkId: 'pulse', text: 'Pulse', type: 'decimal', readOnly: true, initial: [{ valueDecimal: 60.5 }] },
          { linkId: 'taken', text: 'When', type: 'dateTime' },
          { linkId: 'day', text: 'Day', type: 'date', initial: [{ valueDate: '2026-11-27' }] },
          { linkId: 'at', text: 'At', type: 'time' },
        ],
      },
      {
        linkId: 'mood',
        text: 'Mood',
        type: 'choice',
        answerOption: [
          { valueString: 'Good', initialSelected: true },
          { valueCoding: { system: 'x', code: 'bad', display: 'Bad' } },
        ],
      },
      { linkId: 'other', text: 'Other', type: 'open-choice', maxLength: 40 },
      { linkId: 'notes', text: 'Notes', type: 'text', enableWhen: [{ question: 'mood', operator: '!=', answerString: 'Good' }] },
      { linkId: 'photo', text: 'Photo', type: 'attachment', repeats: true },
      {
        linkId: 'sign',
        text: 'Sign',
        type: 'attachment',
        required: true,
        extension: [{ url: SIGNATURE_EXTENSION_URL, valueBoolean: true }],
      },
    );
    expect(questionnaireProblems(good)).toEqual([]);
    expect(ZQuestionnaire.parse({ resourceType: 'Questionnaire' })).toEqual({
      resourceType: 'Questionnaire',
      status: 'draft',
      item: [],
    });
  });

  it('refuses what is no Questionnaire, and unsupported Questionnaire properties', () => {
    expect(questionnaireProblems([]).map((p) => p.message)).toEqual([
      'The JSON must be a FHIR Questionnaire (resourceType "Questionnaire")',
    ]);
    expect(questionnaireProblems({ resourceType: 'Patient' })[0]!.key).toBe('validation.careForms.notQuestionnaire');
    const problems = questionnaireProblems({ ...q(), contained: [], title: 3, status: 'final', meta: { tag: [] } });
    expect(problems.map((p) => [p.linkId, p.message])).toEqual([
      [null, "The Questionnaire's status must be draft, active, retired or unknown"],
      [null, 'The Questionnaire\'s property "contained" is not supported'],
      [null, "The Questionnaire's title has the wrong kind of value"],
    ]);
  });

  it('names the linkId of an unsupported item type, property, extension and operator', () => {
    expect(
      messages(
        { linkId: 'ref', type: 'reference' },
        { linkId: 'q', type: 'question' },
        { ...name, code: [{ code: 'x' }], answerValueSet: 'http://vs' },
        {
          linkId: 'photo',
          type: 'attachment',
          extension: [{ url: 'http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl' }],
        },
        { linkId: 'sig', type: 'string', extension: [{ url: SIGNATURE_EXTENSION_URL }] },
        fell,
        { linkId: 'w', type: 'string', enableWhen: [{ question: 'fell', operator: 'in', answerBoolean: true }] },
        { linkId: 'untyped' },
      ),
    ).toEqual([
      'Item ref: the item type "reference" is not supported',
      'Item q: the item type "question" is not supported',
      'Item name: the property "code" is not supported',
      'Item name: the property "answerValueSet" is not supported',
      'Item photo: the extension "http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl" is not supported',
      'Item sig: only an attachment item can be a signature',
      'Item untyped needs a type',
      'Item w: the enableWhen operator "in" is not supported',
    ]);
  });

  it('refuses items without a linkId (named by position), too long or repeated linkIds, and non-objects', () => {
    expect(
      messages(
        name,
        { type: 'string' },
        { linkId: 'g', type: 'group', item: [{ ...name }, 'x', { linkId: 'x'.repeat(201), type: 'string' }] },
      ),
    ).toEqual([
      'Item 2 needs a linkId',
      'Item name: the linkId is used by another item',
      'Item 3.2 is not a JSON object',
      'Item 3.3: a linkId may be at most 200 characters',
    ]);
  });

  it('enforces FHIR item invariants: display and group limits, only groups nest, choices, maxLength, initial', () => {
    expect(
      messages(
        { linkId: 'd', type: 'display', required: true, item: [name] },
        { linkId: 'g', type: 'group', initial: [{ valueString: 'x' }] },
        { linkId: 's', type: 'string', item: [fell] },
        { linkId: 'c', type: 'choice' },
        { linkId: 'b', type: 'boolean', maxLength: 3, answerOption: [{ valueString: 'x' }] },
        { linkId: 'm', type: 'text', maxLength: 0 },
        {
          linkId: 'o',
          type: 'choice',
          answerOption: [{ valueInteger: 1 }, { valueCoding: { display: 'x' } }],
          initial: [{ valueString: 'x' }],
        },
        { linkId: 'i', type: 'integer', initial: [{ valueInteger: 1 }, { valueInteger: 2 }] },
        { linkId: 'j', type: 'integer', repeats: true, initial: [{ valueString: '1' }, { valueInteger: 1.5 }] },
        { linkId: 'k', type: 'date', initial: [{ valueDate: '2026-02-30' }] },
      ),
    ).toEqual([
      'Item d: a display item cannot have required',
      'Item d: only a group may hold other items',
      'Item g: a group item cannot have initial',
      'Item s: only a group may hold other items',
      'Item c: a choice needs answerOption',
      'Item b: maxLength is only for string, text and open-choice items',
      'Item b: answerOption is only for choice and open-choice items',
      'Item m: maxLength must be a whole number from 1 to 100000',
      'Item o: the property "answerOption.valueInteger" is not supported',
      'Item o: each answerOption needs one valueString or valueCoding',
      'Item o: each answerOption coding needs a code',
      'Item o: with answerOption, mark initialSelected options instead of giving initial',
      'Item i: only a repeating item may have more than one initial answer',
      "Item j: the item's type is integer, so each initial needs one valueInteger",
      'Item j: initial is not a valid integer',
      'Item k: initial is not a valid date',
    ]);
  });

  it('checks enableWhen: unknown or non-question targets, itself, answer[x] count and type, exists, behaviour, circles', () => {
    expect(
      messages(
        fell,
        {
          linkId: 'g',
          type: 'group',
          item: [{ linkId: 'in-g', type: 'string', enableWhen: [{ question: 'g', operator: 'exists', answerBoolean: true }] }],
        },
        { linkId: 'a', type: 'string', enableWhen: [{ question: 'nope', operator: '=', answerString: 'x' }] },
        { linkId: 'b', type: 'string', enableWhen: [{ question: 'b', operator: 'exists', answerBoolean: true }] },
        { linkId: 'c', type: 'string', enableWhen: [{ question: 'fell', operator: '=' }] },
        { linkId: 'd', type: 'string', enableWhen: [{ question: 'fell', operator: '=', answerString: 'yes' }] },
        { linkId: 'e', type: 'string', enableWhen: [{ question: 'fell', operator: 'exists', answerString: 'yes' }] },
        { linkId: 'f', type: 'string', enableWhen: [{ question: 'fell', operator: '>', answerBoolean: true }] },
        { linkId: 'h', type: 'string', enableWhen: [fellTrue(), fellTrue()] },
        { linkId: 'x', type: 'string', enableWhen: [{ question: 'y', operator: 'exists', answerBoolean: true }] },
        { linkId: 'y', type: 'string', enableWhen: [{ question: 'x', operator: 'exists', answerBoolean: true }] },
        {
          linkId: 'grp',
          type: 'group',
          enableWhen: [{ question: 'kid', operator: 'exists', answerBoolean: true }],
          item: [{ linkId: 'kid', type: 'string' }],
        },
        {
          linkId: 'z',
          type: 'string',
          enableWhen: [{ question: 'fell', operator: '=', answerBoolean: true, answerQuantity: {} }],
        },
      ),
    ).toEqual([
      'Item in-g: enableWhen refers to "g", which is not a question',
      'Item a: enableWhen refers to the unknown question "nope"',
      'Item b: enableWhen cannot refer to the item itself',
      'Item c: each enableWhen needs exactly one answer[x]',
      'Item d: enableWhen on "fell" compares with an answer of another type',
      'Item e: the operator exists needs answerBoolean',
      'Item f: enableWhen on "fell" cannot use ">" with that answer',
      'Item h: give enableBehavior (all or any) with more than one enableWhen',
      'Item x: its enableWhen conditions depend on each other in a circle',
      'Item y: its enableWhen conditions depend on each other in a circle',
      'Item grp: its enableWhen conditions depend on each other in a circle',
      'Item z: the property "enableWhen.answerQuantity" is not supported',
    ]);
  });

  it('limits the nesting depth, the number of items and the size, and refuses NUL characters by linkId', () => {
    let deep: Record<string, unknown> = { linkId: 'leaf', type: 'string' };
    for (let i = CARE_FORM_MAX_DEPTH; i >= 1; i--) deep = { linkId: `g${i}`, type: 'group', item: [deep] };
    expect(messages(deep)).toEqual([`Item g${CARE_FORM_MAX_DEPTH}: groups may be nested at most ${CARE_FORM_MAX_DEPTH} deep`]);
    const many = Array.from({ length: CARE_FORM_MAX_ITEMS + 1 }, (_, i) => ({ linkId: `i${i}`, type: 'string' }));
    expect(messages(...many)).toEqual([`A form type may have at most ${CARE_FORM_MAX_ITEMS} items`]);
    expect(messages({ ...name, text: 'x'.repeat(600_000) })).toEqual(['A form type may be at most 500000 characters of JSON']);
    expect(messages({ linkId: 'g', type: 'group', item: [{ ...name, text: 'a\u0000b' }] })).toEqual([
      'Item name: text contains a NUL character (\\u0000)',
    ]);
    expect(questionnaireProblems({ ...q(), title: '\u0000' })[0]!.message).toBe(
      "The Questionnaire's title contains a NUL character (\\u0000)",
    );
    let json: unknown = [];
    for (let i = 0; i < 100_000; i++) json = [json];
    expect(questionnaireProblems({ ...q(), meta: json }).map((p) => p.message)).toEqual(['The JSON is nested too deeply']);
  });

  it('words every problem with a message of the server catalogue, found again by its English text', () => {
    const problems = questionnaireProblems(
      q(
        { linkId: 'ref', type: 'reference' },
        { linkId: 'w', type: 'string', enableWhen: [{ question: 'n', operator: 'exists', answerBoolean: true }] },
      ),
    );
    for (const p of problems) expect(messageOfEnglish(p.message)?.key).toBe(p.key);
    expect(messageOfEnglish(problems[0]!.message)?.values).toEqual({ linkId: 'ref', type: 'reference' });
  });

  it('parses import JSON: not JSON, refused, or accepted with defaults; ZQuestionnaire issues carry the path', () => {
    expect(parseQuestionnaireJson('{').problems?.[0]?.message).toBe('The file is not valid JSON');
    expect(parseQuestionnaireJson(JSON.stringify(q({ linkId: 'x', type: 'url' }))).problems?.[0]?.linkId).toBe('x');
    const ok = parseQuestionnaireJson(JSON.stringify({ resourceType: 'Questionnaire', item: [name] }));
    expect(ok.problems).toBeUndefined();
    expect((ok as { questionnaire: Questionnaire }).questionnaire.status).toBe('draft');
    const parsed = ZQuestionnaire.safeParse(q({ linkId: 'g', type: 'group', item: [{ linkId: 'x', type: 'url' }] }));
    expect(parsed.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['item', 0, 'item', 0, 'type'], 'Item x: the item type "url" is not supported'],
    ]);
  });
});

describe('ZResponseItems: the answers of a filled form', () => {
  it('accepts answers and refuses unknown properties, bad images, NUL characters and too deep nesting', () => {
    expect(ZResponseItems.safeParse([{ linkId: 'a', answer: [{ valueString: 'x' }] }]).success).toBe(true);
    expect(ZResponseItems.safeParse([{ linkId: 'a', definition: 'x' }]).success).toBe(false);
    const image = (contentType: string, data: string) => [{ linkId: 'p', answer: [{ valueAttachment: { contentType, data } }] }];
    expect(ZResponseItems.safeParse(image('image/gif', 'AAAA')).error?.issues[0]?.message).toBe(
      'A photo or signature is a JPEG or PNG image',
    );
    expect(ZResponseItems.safeParse(image('image/png', 'not base64!')).error?.issues[0]?.message).toBe(
      'An image is sent as base64',
    );
    expect(ZResponseItems.safeParse(image('image/png', 'A'.repeat(2_000_004))).error?.issues[0]?.message).toBe(
      'An image may be at most 1500000 bytes',
    );
    expect(ZResponseItems.safeParse([{ linkId: 'a', answer: [{ valueString: '\u0000' }] }]).success).toBe(false);
    expect(ZResponseItems.safeParse([{ linkId: ' ' }]).error?.issues[0]?.message).toBe(
      'Every answered item needs the linkId of its question',
    );
    let items: unknown[] = [{ linkId: 'leaf' }];
    for (let i = 0; i < 100_000; i++) items = [{ linkId: 'g', item: items }];
    expect(ZResponseItems.safeParse(items).error?.issues[0]?.message).toBe('The JSON is nested too deeply');
  });
});

function fellTrue() {
  return { question: 'fell', operator: '=', answerBoolean: true };
}
