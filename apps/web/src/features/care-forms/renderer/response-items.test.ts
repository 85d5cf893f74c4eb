import { describe, expect, it } from 'vitest';
import type { QuestionnaireItem, QuestionnaireResponseItem } from './fhir-types';
import {
  answersOf,
  compactResponseItems,
  shownInstances,
  withAnswers,
  withGroupChildren,
  withGroupInstanceAdded,
  withGroupInstanceRemoved,
  withInstances,
} from './response-items';
import { childPath, enabledPredicate } from './enabled-items';

const name: QuestionnaireItem = { linkId: 'name', text: 'Name', type: 'string' };
const falls: QuestionnaireItem = { linkId: 'falls', text: 'Falls', type: 'boolean' };
const med: QuestionnaireItem = {
  linkId: 'med',
  text: 'Medication',
  type: 'group',
  repeats: true,
  item: [{ linkId: 'med.name', text: 'Name', type: 'string' }],
};
const definition = [name, falls, med];

describe('answers of a question', () => {
  it('answers a question in the questionnaire order, keeping the item text for a reader of the response alone', () => {
    const items = withAnswers([{ linkId: 'falls', answer: [{ valueBoolean: true }] }], definition, name, [
      { valueString: 'Ann' },
    ]);
    expect(items).toEqual([
      { linkId: 'name', text: 'Name', answer: [{ valueString: 'Ann' }] },
      { linkId: 'falls', answer: [{ valueBoolean: true }] },
    ]);
    expect(answersOf(items, name)).toEqual([{ valueString: 'Ann' }]);
  });

  it('removes the item when its last answer goes, since a response item carries an answer or items', () => {
    const items = withAnswers([{ linkId: 'name', answer: [{ valueString: 'Ann' }] }], definition, name, []);
    expect(items).toEqual([]);
    expect(answersOf(items, name)).toEqual([]);
  });

  it('keeps answers to items the questionnaire no longer has, after the known ones', () => {
    const old: QuestionnaireResponseItem = { linkId: 'retired', answer: [{ valueString: 'x' }] };
    const items = withAnswers([old], definition, falls, [{ valueBoolean: false }]);
    expect(items.map((r) => r.linkId)).toEqual(['falls', 'retired']);
  });

  it('leaves its arguments untouched', () => {
    const before: QuestionnaireResponseItem[] = [{ linkId: 'name', answer: [{ valueString: 'Ann' }] }];
    const copy = structuredClone(before);
    withAnswers(before, definition, name, [{ valueString: 'Bo' }]);
    expect(before).toEqual(copy);
  });
});

describe('repeating groups', () => {
  it('shows one empty instance before anything is answered', () => {
    expect(shownInstances([], med)).toEqual([{ linkId: 'med', text: 'Medication' }]);
  });

  it('answers inside the shown instance create it, and clearing them removes it', () => {
    const answered = withGroupChildren([], definition, med, 0, [{ linkId: 'med.name', answer: [{ valueString: 'Aspirin' }] }]);
    expect(answered).toEqual([
      { linkId: 'med', text: 'Medication', item: [{ linkId: 'med.name', answer: [{ valueString: 'Aspirin' }] }] },
    ]);
    expect(withGroupChildren(answered, definition, med, 0, [])).toEqual([]);
  });

  it('"Add another" shows a second set of fields at once, even before the first is answered', () => {
    const added = withGroupInstanceAdded([], definition, med);
    expect(shownInstances(added, med)).toHaveLength(2);
    const again = withGroupInstanceAdded(added, definition, med);
    expect(shownInstances(again, med)).toHaveLength(3);
  });

  it('edits and removes one instance without touching the others', () => {
    let items = withGroupChildren([], definition, med, 0, [{ linkId: 'med.name', answer: [{ valueString: 'A' }] }]);
    items = withGroupInstanceAdded(items, definition, med);
    items = withGroupChildren(items, definition, med, 1, [{ linkId: 'med.name', answer: [{ valueString: 'B' }] }]);
    items = withGroupInstanceAdded(items, definition, med);
    items = withGroupChildren(items, definition, med, 2, [{ linkId: 'med.name', answer: [{ valueString: 'C' }] }]);
    const names = (list: QuestionnaireResponseItem[]) => list.map((r) => r.item?.[0]?.answer?.[0]?.valueString);
    expect(names(items)).toEqual(['A', 'B', 'C']);
    expect(names(withGroupInstanceRemoved(items, definition, med, 1))).toEqual(['A', 'C']);
  });

  it('keeps the instances of a group together in the questionnaire order', () => {
    const items = withInstances(
      [
        { linkId: 'falls', answer: [{ valueBoolean: true }] },
        { linkId: 'name', answer: [{ valueString: 'Ann' }] },
      ],
      definition,
      'med',
      [
        { linkId: 'med', item: [] },
        { linkId: 'med', item: [] },
      ],
    );
    expect(items.map((r) => r.linkId)).toEqual(['name', 'falls', 'med', 'med']);
  });
});

describe('compactResponseItems', () => {
  it('drops added but untouched instances and empty items, keeping every answer', () => {
    const items: QuestionnaireResponseItem[] = [
      { linkId: 'name', answer: [] },
      { linkId: 'med', item: [{ linkId: 'med.name', answer: [{ valueString: 'A' }] }] },
      { linkId: 'med', item: [] },
      { linkId: 'g', item: [{ linkId: 'g.inner', item: [{ linkId: 'g.inner.q' }] }] },
      { linkId: 'q', answer: [{ valueString: 'x', item: [{ linkId: 'q.sub', answer: [] }] }] },
    ];
    expect(compactResponseItems(items)).toEqual([
      { linkId: 'med', item: [{ linkId: 'med.name', answer: [{ valueString: 'A' }] }] },
      { linkId: 'q', answer: [{ valueString: 'x' }] },
    ]);
  });
});

describe('enabledPredicate', () => {
  const questionnaire = {
    resourceType: 'Questionnaire' as const,
    status: 'active' as const,
    item: [
      { linkId: 'fell', text: 'Fell?', type: 'boolean' as const },
      {
        linkId: 'how',
        text: 'How',
        type: 'string' as const,
        enableWhen: [{ question: 'fell', operator: '=' as const, answerBoolean: true }],
      },
      {
        linkId: 'wound',
        text: 'Wound',
        type: 'group' as const,
        repeats: true,
        item: [
          { linkId: 'wound.open', text: 'Open?', type: 'boolean' as const },
          {
            linkId: 'wound.size',
            text: 'Size',
            type: 'decimal' as const,
            enableWhen: [{ question: 'wound.open', operator: '=' as const, answerBoolean: true }],
          },
        ],
      },
    ],
  };

  it('hides a question until its condition holds', () => {
    const hidden = enabledPredicate(questionnaire, []);
    expect(hidden(childPath([], 'fell'))).toBe(true);
    expect(hidden(childPath([], 'how'))).toBe(false);
    const shown = enabledPredicate(questionnaire, [{ linkId: 'fell', answer: [{ valueBoolean: true }] }]);
    expect(shown(childPath([], 'how'))).toBe(true);
  });

  it('reads a condition inside a repeating group in the same instance, as the renderer passes its paths', () => {
    const items: QuestionnaireResponseItem[] = [
      { linkId: 'wound', item: [{ linkId: 'wound.open', answer: [{ valueBoolean: false }] }] },
      { linkId: 'wound', item: [{ linkId: 'wound.open', answer: [{ valueBoolean: true }] }] },
    ];
    const enabled = enabledPredicate(questionnaire, items);
    expect(enabled(childPath(childPath([], 'wound', 0), 'wound.size'))).toBe(false);
    expect(enabled(childPath(childPath([], 'wound', 1), 'wound.size'))).toBe(true);
  });
});
