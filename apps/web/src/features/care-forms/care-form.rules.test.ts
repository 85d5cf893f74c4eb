import { describe, expect, it } from 'vitest';
import { draftItems, finalItems, pdfBytes, problemsByLinkId, startingItems, statusColor } from './care-form.rules';
import type { Questionnaire } from './renderer/fhir-types';

const definition: Questionnaire = {
  resourceType: 'Questionnaire',
  status: 'active',
  item: [
    { linkId: 'fell', text: 'Fell?', type: 'boolean', initial: [{ valueBoolean: false }] },
    {
      linkId: 'how',
      text: 'How',
      type: 'string',
      enableWhen: [{ question: 'fell', operator: '=', answerBoolean: true }],
    },
    { linkId: 'meds', text: 'Medications', type: 'group', repeats: true, item: [{ linkId: 'med', type: 'string' }] },
  ],
};
const type = { id: 1, name: 'Incident', version: 1, definition };

describe('startingItems', () => {
  it("opens a form nothing was answered in with the type's initial answers", () => {
    expect(startingItems({ items: [], editable: true, type })).toEqual([
      { linkId: 'fell', text: 'Fell?', answer: [{ valueBoolean: false }] },
    ]);
  });

  it('opens a form with answers, or one that cannot change, as saved', () => {
    const saved = [{ linkId: 'fell', answer: [{ valueBoolean: true }] }];
    expect(startingItems({ items: saved, editable: true, type })).toBe(saved);
    expect(startingItems({ items: [], editable: false, type })).toEqual([]);
  });
});

describe('what is sent', () => {
  const items = [
    { linkId: 'fell', answer: [{ valueBoolean: false }] },
    { linkId: 'how', answer: [{ valueString: 'Slipped' }] },
    { linkId: 'meds', item: [] },
  ];

  it('saves a draft without untouched group instances but with answers of hidden questions', () => {
    expect(draftItems(items)).toEqual([
      { linkId: 'fell', answer: [{ valueBoolean: false }] },
      { linkId: 'how', answer: [{ valueString: 'Slipped' }] },
    ]);
  });

  it('completes without the answers of questions enableWhen hides', () => {
    expect(finalItems({ type }, items)).toEqual([{ linkId: 'fell', answer: [{ valueBoolean: false }] }]);
  });
});

describe('problemsByLinkId', () => {
  it("keeps each question's first problem, worded in the shown language, and the form's own under items", () => {
    const word = (key: string, values: Record<string, string | number>) => `${key}:${JSON.stringify(values)}`;
    expect(
      problemsByLinkId(
        [
          { linkId: 'fell', key: 'a', values: { n: 1 } },
          { linkId: 'fell', key: 'b', values: {} },
          { linkId: null, key: 'c', values: {} },
        ],
        word,
      ),
    ).toEqual({ fell: 'a:{"n":1}', items: 'c:{}' });
  });
});

describe('statusColor and pdfBytes', () => {
  it('colours each status', () => {
    expect([statusColor('in-progress'), statusColor('completed'), statusColor('amended')]).toEqual(['yellow', 'green', 'blue']);
  });

  it('decodes base64 PDF bytes', () => {
    expect(Array.from(pdfBytes('JVBERg=='))).toEqual([0x25, 0x50, 0x44, 0x46]);
  });
});
