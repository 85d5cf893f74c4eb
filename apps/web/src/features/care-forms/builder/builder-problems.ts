import { conditionIncomplete } from './enable-when';
import { kindOf } from './item-kinds';
import { flattenItems, type QItem } from './questionnaire-tree';

/** What the builder asks an admin to fix before saving, per item. */
export type BuilderProblem = 'emptyForm' | 'emptyGroup' | 'noOptions' | 'noText' | 'conditionIncomplete';

/**
 * The problems of a type's items that the builder shows before saving (the server checks the rest): a form with
 * no items; a group without items (FHIR R4 que-1: a group holds items); a choice without options; a question or
 * display without text (the filler would see an empty label); an enableWhen condition still missing its value.
 * @returns one entry per problem, with the item's linkId (null for the whole form), in document order
 */
export function builderProblems(items: QItem[]): { linkId: string | null; problem: BuilderProblem }[] {
  if (items.length === 0) return [{ linkId: null, problem: 'emptyForm' }];
  const problems: { linkId: string | null; problem: BuilderProblem }[] = [];
  for (const { item } of flattenItems(items)) {
    const kind = kindOf(item);
    if (kind === 'group' && (item.item?.length ?? 0) === 0) problems.push({ linkId: item.linkId, problem: 'emptyGroup' });
    if ((kind === 'choice' || kind === 'open-choice') && (item.answerOption?.length ?? 0) === 0) {
      problems.push({ linkId: item.linkId, problem: 'noOptions' });
    }
    if (kind !== 'group' && (item.text ?? '').trim() === '') problems.push({ linkId: item.linkId, problem: 'noText' });
    if (item.enableWhen?.some(conditionIncomplete)) problems.push({ linkId: item.linkId, problem: 'conditionIncomplete' });
  }
  return problems;
}
