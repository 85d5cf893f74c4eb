import { EnableWhenEvaluator, type Step } from '@hearth/shared/care-forms/questionnaire-enable-when';
import type { Questionnaire, QuestionnaireResponseItem } from './fhir-types';

/** Where an item is in the form: each step a linkId and its instance (0 unless in a repeating group's later one). */
export type ItemPath = readonly Step[];

/**
 * Whether each item is shown with these answers, by the shared enableWhen rules (FHIR R4 enableWhen and
 * enableBehavior, packages/shared/src/care-forms/questionnaire-enable-when.ts), which the server applies too when it
 * drops hidden answers on completion. One evaluator per set of answers, so a render asks cheaply item by item.
 * @returns a predicate on an item's path: false when the item, or a group above it, is hidden
 */
export function enabledPredicate(
  questionnaire: Questionnaire,
  items: readonly QuestionnaireResponseItem[],
): (path: ItemPath) => boolean {
  const evaluator = new EnableWhenEvaluator(questionnaire, items);
  return (path) => evaluator.enabled(path);
}

/** The path of instance `index` of `linkId` under `parent`. */
export function childPath(parent: ItemPath, linkId: string, index = 0): Step[] {
  return [...parent, { linkId, index }];
}
