import { describe, expect, it } from 'vitest';
import { SIGNATURE_EXTENSION_URL } from '@hearth/shared/care-forms/care-forms.constants';
import { addOption, moveOption, optionLabel, removeOption, renameOption, selectOptionInitially } from './answer-options';
import { builderProblems } from './builder-problems';
import { initialValue, isSignature, kindOf, newItem, propertiesOf, withInitial, withProperty } from './item-kinds';
import type { QItem } from './questionnaire-tree';

describe('item kinds', () => {
  it('makes new items with free linkIds, a signature as an attachment with the signature extension', () => {
    const items: QItem[] = [{ linkId: 'question-1', type: 'string', text: 'Name' }];
    expect(newItem(items, 'integer', 'Pulse')).toEqual({ linkId: 'question-2', type: 'integer', text: 'Pulse' });
    expect(newItem(items, 'group', 'Vitals')).toEqual({ linkId: 'group-1', type: 'group', text: 'Vitals' });
    const signature = newItem(items, 'signature', 'Client signature');
    expect(signature).toEqual({
      linkId: 'signature-1',
      type: 'attachment',
      text: 'Client signature',
      extension: [{ url: SIGNATURE_EXTENSION_URL, valueBoolean: true }],
    });
    expect(isSignature(signature)).toBe(true);
    expect(kindOf(signature)).toBe('signature');
    expect(kindOf(newItem(items, 'attachment', 'Photo'))).toBe('attachment');
    expect(newItem(items, 'attachment', 'Photo').linkId).toBe('photo-1');
  });

  it('offers the properties FHIR allows for each kind', () => {
    expect(propertiesOf('group')).toMatchObject({ required: false, repeats: true, readOnly: false, initial: null });
    expect(propertiesOf('display')).toMatchObject({ required: false, repeats: false, initial: null });
    expect(propertiesOf('boolean')).toMatchObject({ required: true, repeats: false, initial: 'valueBoolean' });
    expect(propertiesOf('string')).toMatchObject({ maxLength: true, initial: 'valueString' });
    expect(propertiesOf('choice')).toMatchObject({ answerOptions: true, maxLength: false, initial: null });
    expect(propertiesOf('open-choice')).toMatchObject({ answerOptions: true, maxLength: true });
    expect(propertiesOf('signature')).toMatchObject({ required: true, repeats: false, readOnly: false });
    expect(propertiesOf('date')).toMatchObject({ initial: 'valueDate', maxLength: false });
  });

  it('sets and removes plain properties and the initial answer', () => {
    const item: QItem = { linkId: 'q', type: 'string', text: 'Name' };
    const required = withProperty(item, 'required', true);
    expect(required.required).toBe(true);
    expect(withProperty(required, 'required', false)).toEqual(item);
    expect(withProperty(item, 'maxLength', 40).maxLength).toBe(40);
    expect(withProperty(withProperty(item, 'maxLength', 40), 'maxLength', undefined)).toEqual(item);
    const initial = withInitial(item, 'valueString', 'Jane');
    expect(initial.initial).toEqual([{ valueString: 'Jane' }]);
    expect(initialValue(initial, 'valueString')).toBe('Jane');
    expect(withInitial(initial, 'valueString', '')).toEqual(item);
  });
});

describe('answer options', () => {
  const choice: QItem = { linkId: 'mood', type: 'choice', text: 'Mood' };

  it('adds, renames, reorders and removes options; a coding keeps its code', () => {
    let item = addOption(addOption(choice, 'Calm'), 'Agitated');
    expect(item.answerOption?.map(optionLabel)).toEqual(['Calm', 'Agitated']);
    item = moveOption(item, 1, -1);
    expect(item.answerOption?.map(optionLabel)).toEqual(['Agitated', 'Calm']);
    expect(moveOption(item, 0, -1)).toBe(item);
    item = renameOption(item, 0, 'Restless');
    expect(item.answerOption?.[0]).toEqual({ valueString: 'Restless' });
    expect(removeOption(removeOption(item, 0), 0)).toEqual(choice);
    const coded: QItem = { ...choice, answerOption: [{ valueCoding: { system: 's', code: 'c', display: 'Old' } }] };
    expect(renameOption(coded, 0, 'New').answerOption).toEqual([{ valueCoding: { system: 's', code: 'c', display: 'New' } }]);
  });

  it('selects one option initially unless the choice repeats', () => {
    const item = addOption(addOption(choice, 'Calm'), 'Agitated');
    const first = selectOptionInitially(item, 0, true);
    const second = selectOptionInitially(first, 1, true);
    expect(second.answerOption).toEqual([{ valueString: 'Calm' }, { valueString: 'Agitated', initialSelected: true }]);
    const both = selectOptionInitially(selectOptionInitially({ ...item, repeats: true }, 0, true), 1, true);
    expect(both.answerOption?.every((option) => option.initialSelected)).toBe(true);
    expect(selectOptionInitially(both, 0, false).answerOption?.[0]).toEqual({ valueString: 'Calm' });
  });
});

describe('builder problems', () => {
  it('names an empty form, an empty group, a choice without options, a missing text and an unfinished condition', () => {
    expect(builderProblems([])).toEqual([{ linkId: null, problem: 'emptyForm' }]);
    const items: QItem[] = [
      { linkId: 'g', type: 'group', text: 'Empty' },
      { linkId: 'c', type: 'choice', text: 'Pick' },
      { linkId: 's', type: 'string', text: ' ' },
      { linkId: 'n', type: 'integer', text: 'N', enableWhen: [{ question: 's', operator: '=' }] },
    ];
    expect(builderProblems(items)).toEqual([
      { linkId: 'g', problem: 'emptyGroup' },
      { linkId: 'c', problem: 'noOptions' },
      { linkId: 's', problem: 'noText' },
      { linkId: 'n', problem: 'conditionIncomplete' },
    ]);
  });
});
