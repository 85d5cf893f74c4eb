import { describe, expect, it } from 'vitest';
import {
  conditionCandidates,
  deleteItem,
  findItem,
  flattenItems,
  freshLinkId,
  insertAt,
  linkIdProblem,
  moveIntoGroup,
  moveIntoGroupAbove,
  moveAbilities,
  moveItem,
  moveOutOfGroup,
  placeForNew,
  placeOf,
  renameLinkId,
  updateItem,
  type QItem,
} from './questionnaire-tree';

/** A small intake form: a yes/no, a group of two questions (one asked only after "yes"), then a note. */
function form(): QItem[] {
  return [
    { linkId: 'falls', type: 'boolean', text: 'Any falls?' },
    {
      linkId: 'vitals',
      type: 'group',
      text: 'Vitals',
      item: [
        { linkId: 'pulse', type: 'integer', text: 'Pulse' },
        {
          linkId: 'fall-how',
          type: 'text',
          text: 'How?',
          enableWhen: [{ question: 'falls', operator: '=', answerBoolean: true }],
        },
      ],
    },
    { linkId: 'note', type: 'display', text: 'Thank you' },
  ];
}

/** The linkIds in document order, indented by depth ("vitals", " pulse"). */
function outline(items: QItem[]): string[] {
  return flattenItems(items).map(({ item, depth }) => `${' '.repeat(depth)}${item.linkId}`);
}

describe('questionnaire tree', () => {
  it('lists items depth first with their depth and group, and finds an item and its place', () => {
    expect(outline(form())).toEqual(['falls', 'vitals', ' pulse', ' fall-how', 'note']);
    expect(findItem(form(), 'fall-how')?.text).toBe('How?');
    expect(placeOf(form(), 'fall-how')).toEqual({ parent: 'vitals', index: 1 });
    expect(placeOf(form(), 'missing')).toBeUndefined();
  });

  it('adds a new item inside a selected group, after a selected item, or at the end', () => {
    const items = form();
    expect(placeForNew(items, 'vitals')).toEqual({ parent: 'vitals', index: 2 });
    expect(placeForNew(items, 'pulse')).toEqual({ parent: 'vitals', index: 1 });
    expect(placeForNew(items, null)).toEqual({ parent: null, index: 3 });
    const added = insertAt(items, { linkId: 'bp', type: 'string', text: 'BP' }, placeForNew(items, 'pulse'));
    expect(outline(added)).toEqual(['falls', 'vitals', ' pulse', ' bp', ' fall-how', 'note']);
    // The input is never changed.
    expect(outline(items)).toEqual(['falls', 'vitals', ' pulse', ' fall-how', 'note']);
  });

  it('moves an item up and down among its siblings, and not past either end', () => {
    expect(outline(moveItem(form(), 'fall-how', -1))).toEqual(['falls', 'vitals', ' fall-how', ' pulse', 'note']);
    expect(outline(moveItem(form(), 'falls', 1))).toEqual(['vitals', ' pulse', ' fall-how', 'falls', 'note']);
    expect(outline(moveItem(form(), 'falls', -1))).toEqual(outline(form()));
    expect(outline(moveItem(form(), 'fall-how', 1))).toEqual(outline(form()));
  });

  it('nests an item into the group above it and takes it out again, after the group', () => {
    const nested = moveIntoGroupAbove(form(), 'note');
    expect(outline(nested)).toEqual(['falls', 'vitals', ' pulse', ' fall-how', ' note']);
    expect(outline(moveOutOfGroup(nested, 'pulse'))).toEqual(['falls', 'vitals', ' fall-how', ' note', 'pulse']);
    // Not a group above, or already at the top: unchanged.
    expect(outline(moveIntoGroupAbove(form(), 'vitals'))).toEqual(outline(form()));
    expect(outline(moveOutOfGroup(form(), 'falls'))).toEqual(outline(form()));
  });

  it('drops a group that loses its last item of its item list, and moves into a named group', () => {
    let items = moveOutOfGroup(form(), 'pulse');
    items = moveOutOfGroup(items, 'fall-how');
    expect(findItem(items, 'vitals')).toEqual({ linkId: 'vitals', type: 'group', text: 'Vitals' });
    items = moveIntoGroup(items, 'falls', 'vitals');
    expect(outline(items)).toEqual(['vitals', ' falls', 'fall-how', 'pulse', 'note']);
    expect(outline(moveIntoGroup(items, 'falls', null))).toEqual(['vitals', 'fall-how', 'pulse', 'note', 'falls']);
  });

  it('never puts a group inside itself or into an item that is not a group', () => {
    const inner = insertAt(form(), { linkId: 'inner', type: 'group', text: 'Inner' }, { parent: 'vitals', index: 0 });
    expect(outline(moveIntoGroup(inner, 'vitals', 'inner'))).toEqual(outline(inner));
    expect(outline(moveIntoGroup(inner, 'vitals', 'vitals'))).toEqual(outline(inner));
    expect(outline(moveIntoGroup(inner, 'note', 'falls'))).toEqual(outline(inner));
  });

  it('deletes an item and the conditions that asked about it', () => {
    const items = deleteItem(form(), 'falls');
    expect(outline(items)).toEqual(['vitals', ' pulse', ' fall-how', 'note']);
    expect(findItem(items, 'fall-how')).toEqual({ linkId: 'fall-how', type: 'text', text: 'How?' });
  });

  it('deletes a group with what it holds, cleaning conditions on any of them, and keeps other conditions', () => {
    const items = updateItem(form(), 'note', (item) => ({
      ...item,
      enableWhen: [
        { question: 'pulse', operator: '>', answerInteger: 100 },
        { question: 'falls', operator: 'exists', answerBoolean: true },
        { question: 'fall-how', operator: 'exists', answerBoolean: true },
      ],
      enableBehavior: 'any',
    }));
    const after = deleteItem(items, 'vitals');
    expect(outline(after)).toEqual(['falls', 'note']);
    // One condition left: enableBehavior, needed only with more than one, goes too.
    expect(findItem(after, 'note')).toEqual({
      linkId: 'note',
      type: 'display',
      text: 'Thank you',
      enableWhen: [{ question: 'falls', operator: 'exists', answerBoolean: true }],
    });
    expect(deleteItem(items, 'missing')).toBe(items);
  });

  it('keeps linkIds unique: fresh ones skip taken numbers, a rename refuses empty, spaced and taken ones', () => {
    const items = insertAt(form(), { linkId: 'question-1', type: 'string' }, { parent: null, index: 0 });
    expect(freshLinkId(items, 'question')).toBe('question-2');
    expect(freshLinkId(items, 'group')).toBe('group-1');
    expect(linkIdProblem(items, 'pulse', 'falls')).toBe('taken');
    expect(linkIdProblem(items, 'pulse', '')).toBe('empty');
    expect(linkIdProblem(items, 'pulse', 'heart rate')).toBe('spaces');
    expect(linkIdProblem(items, 'pulse', 'x'.repeat(201))).toBe('tooLong');
    expect(linkIdProblem(items, 'pulse', 'pulse')).toBeNull();
    expect(renameLinkId(items, 'pulse', 'falls')).toBe(items);
  });

  it('renames a linkId and the conditions that ask about it', () => {
    const items = renameLinkId(form(), 'falls', 'fell-recently');
    expect(outline(items)).toEqual(['fell-recently', 'vitals', ' pulse', ' fall-how', 'note']);
    expect(findItem(items, 'fall-how')?.enableWhen).toEqual([{ question: 'fell-recently', operator: '=', answerBoolean: true }]);
  });

  it('updates an item but keeps its linkId and what it holds', () => {
    const items = updateItem(form(), 'vitals', (item) => ({ ...item, text: 'Vital signs', linkId: 'other', item: [] }));
    expect(outline(items)).toEqual(outline(form()));
    expect(findItem(items, 'vitals')?.text).toBe('Vital signs');
  });

  it('offers the earlier questions as conditions, not groups, displays, the item itself or what it holds', () => {
    const ids = (linkId: string) => conditionCandidates(form(), linkId).map((item) => item.linkId);
    expect(ids('note')).toEqual(['falls', 'pulse', 'fall-how']);
    expect(ids('fall-how')).toEqual(['falls', 'pulse']);
    expect(ids('vitals')).toEqual(['falls']);
    expect(ids('falls')).toEqual([]);
    expect(ids('missing')).toEqual([]);
  });

  it('offers only the moves that change the tree', () => {
    expect(moveAbilities(form(), 'falls')).toEqual({ up: false, down: true, intoGroupAbove: false, outOfGroup: false });
    expect(moveAbilities(form(), 'note')).toEqual({ up: true, down: false, intoGroupAbove: true, outOfGroup: false });
    expect(moveAbilities(form(), 'fall-how')).toEqual({ up: true, down: false, intoGroupAbove: false, outOfGroup: true });
    expect(moveAbilities(form(), 'missing')).toEqual({ up: false, down: false, intoGroupAbove: false, outOfGroup: false });
  });
});
