import type { QItem } from './questionnaire-tree';

/*
 * The builder's edits of a choice's answer options (FHIR R4 Questionnaire.item.answerOption), as pure functions. A
 * new option is a valueString; an imported valueCoding keeps its system and code and has its display edited.
 */

export type AnswerOption = NonNullable<QItem['answerOption']>[number];

/** What the filler reads for an option: its text, a coding's display (or code), or its number or date. */
export function optionLabel(option: AnswerOption): string {
  if (option.valueString !== undefined) return option.valueString;
  if (option.valueCoding) return option.valueCoding.display ?? option.valueCoding.code ?? '';
  const other = option.valueInteger ?? option.valueDate ?? option.valueTime;
  return other === undefined ? '' : String(other);
}

/** The item with its options replaced (answerOption removed when none is left). */
function withOptions(item: QItem, options: AnswerOption[]): QItem {
  const { answerOption: _old, ...rest } = item;
  return options.length === 0 ? rest : { ...rest, answerOption: options };
}

/** The item with a new text option `label` at the end. */
export function addOption(item: QItem, label: string): QItem {
  return withOptions(item, [...(item.answerOption ?? []), { valueString: label }]);
}

/** The item with option `index` reading `label` (a coding's display, else the text). */
export function renameOption(item: QItem, index: number, label: string): QItem {
  const options = (item.answerOption ?? []).map((option, i) => {
    if (i !== index) return option;
    if (option.valueCoding) return { ...option, valueCoding: { ...option.valueCoding, display: label } };
    const { valueInteger: _i, valueDate: _d, valueTime: _t, ...rest } = option;
    return { ...rest, valueString: label };
  });
  return withOptions(item, options);
}

/** The item without option `index`. */
export function removeOption(item: QItem, index: number): QItem {
  return withOptions(
    item,
    (item.answerOption ?? []).filter((_, i) => i !== index),
  );
}

/** The item with option `index` swapped with the one before (-1) or after (+1); unchanged at an end. */
export function moveOption(item: QItem, index: number, direction: -1 | 1): QItem {
  const options = [...(item.answerOption ?? [])];
  const other = index + direction;
  if (other < 0 || other >= options.length || index < 0 || index >= options.length) return item;
  [options[index], options[other]] = [options[other]!, options[index]!];
  return withOptions(item, options);
}

/**
 * The item with option `index` selected or not at the start (initialSelected). A choice that does not repeat has
 * one answer, so selecting an option unselects the others.
 */
export function selectOptionInitially(item: QItem, index: number, selected: boolean): QItem {
  const options = (item.answerOption ?? []).map((option, i) => {
    const on = i === index ? selected : item.repeats === true && option.initialSelected === true;
    const { initialSelected: _old, ...rest } = option;
    return on ? { ...rest, initialSelected: true } : rest;
  });
  return withOptions(item, options);
}
