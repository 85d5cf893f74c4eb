import type { QuestionnaireItem, QuestionnaireResponseItem, QuestionnaireResponseItemAnswer } from './fhir-types';

/**
 * Editing a FHIR R4 QuestionnaireResponse's items as the renderer's fields change (issue 23 item 2). A list of
 * response items answers one list of sibling questionnaire items: a question has at most one response item whose
 * `answer` holds its answers (several when it repeats), a group one response item whose `item` holds its children's
 * answers, and a repeating group one response item per instance, in order. Every function returns a new list and
 * leaves its arguments untouched; siblings are kept in the questionnaire's order, and response items the
 * questionnaire does not know (from an older version of the type) are kept after them, never dropped silently.
 */

/** The response items of `linkId` among `siblings`, in order (a repeating group's instances). */
export function instancesOf(siblings: readonly QuestionnaireResponseItem[], linkId: string): QuestionnaireResponseItem[] {
  return siblings.filter((r) => r.linkId === linkId);
}

/**
 * `siblings` with the response items of `linkId` replaced by `instances`.
 * @param definition the sibling questionnaire items, whose order the result follows
 */
export function withInstances(
  siblings: readonly QuestionnaireResponseItem[],
  definition: readonly QuestionnaireItem[],
  linkId: string,
  instances: readonly QuestionnaireResponseItem[],
): QuestionnaireResponseItem[] {
  const known = new Set(definition.map((q) => q.linkId));
  const ordered = definition.flatMap((q) => (q.linkId === linkId ? [...instances] : instancesOf(siblings, q.linkId)));
  return [...ordered, ...siblings.filter((r) => !known.has(r.linkId))];
}

/** A new, empty response item for `item` (its linkId and, for a reader of the response alone, its text). */
export function emptyInstance(item: QuestionnaireItem): QuestionnaireResponseItem {
  return item.text === undefined ? { linkId: item.linkId } : { linkId: item.linkId, text: item.text };
}

/** The answers given to the question `item` among `siblings` (empty when unanswered). */
export function answersOf(
  siblings: readonly QuestionnaireResponseItem[],
  item: QuestionnaireItem,
): QuestionnaireResponseItemAnswer[] {
  return instancesOf(siblings, item.linkId)[0]?.answer ?? [];
}

/**
 * `siblings` with the question `item` answered by `answers`; no answers removes its response item (FHIR: a
 * response item carries an answer or nested items).
 */
export function withAnswers(
  siblings: readonly QuestionnaireResponseItem[],
  definition: readonly QuestionnaireItem[],
  item: QuestionnaireItem,
  answers: readonly QuestionnaireResponseItemAnswer[],
): QuestionnaireResponseItem[] {
  const current = instancesOf(siblings, item.linkId)[0] ?? emptyInstance(item);
  const next = answers.length === 0 ? [] : [{ ...current, answer: [...answers] }];
  return withInstances(siblings, definition, item.linkId, next);
}

/**
 * The instances of the group `item` to show: its response items, or one empty instance when there is none, so the
 * group's fields show before anything is answered.
 */
export function shownInstances(
  siblings: readonly QuestionnaireResponseItem[],
  item: QuestionnaireItem,
): QuestionnaireResponseItem[] {
  const instances = instancesOf(siblings, item.linkId);
  return instances.length > 0 ? instances : [emptyInstance(item)];
}

/**
 * `siblings` with instance `index` of the group `item` holding `children`. A group that is left as one instance
 * without children disappears (nothing answered); the empty instances of a repeating group the person added stay,
 * so "Add another" shows one more set of fields at once.
 */
export function withGroupChildren(
  siblings: readonly QuestionnaireResponseItem[],
  definition: readonly QuestionnaireItem[],
  item: QuestionnaireItem,
  index: number,
  children: readonly QuestionnaireResponseItem[],
): QuestionnaireResponseItem[] {
  const instances = shownInstances(siblings, item).map((instance, i) =>
    i === index ? { ...instance, item: [...children] } : instance,
  );
  const empty = instances.length === 1 && (instances[0]!.item ?? []).length === 0;
  return withInstances(siblings, definition, item.linkId, empty ? [] : instances);
}

/** `siblings` with one more, empty, instance of the repeating group `item` after those shown. */
export function withGroupInstanceAdded(
  siblings: readonly QuestionnaireResponseItem[],
  definition: readonly QuestionnaireItem[],
  item: QuestionnaireItem,
): QuestionnaireResponseItem[] {
  const instances = [...shownInstances(siblings, item), { ...emptyInstance(item), item: [] }];
  return withInstances(siblings, definition, item.linkId, instances);
}

/** `siblings` without instance `index` of the repeating group `item`. */
export function withGroupInstanceRemoved(
  siblings: readonly QuestionnaireResponseItem[],
  definition: readonly QuestionnaireItem[],
  item: QuestionnaireItem,
  index: number,
): QuestionnaireResponseItem[] {
  const instances = instancesOf(siblings, item.linkId).filter((_, i) => i !== index);
  return withInstances(siblings, definition, item.linkId, instances);
}

/**
 * The items without what carries no answer: group instances with no answered child (a repeating group's added but
 * untouched instances) and items with neither answers nor children. What a form saves or completes with, so the
 * stored response holds only what was answered (FHIR R4 QuestionnaireResponse: an item has answers or items).
 */
export function compactResponseItems(items: readonly QuestionnaireResponseItem[]): QuestionnaireResponseItem[] {
  return items.flatMap((r) => {
    const answer = r.answer?.map((a) => {
      if (!a.item) return a;
      const { item, ...value } = a;
      const nested = compactResponseItems(item);
      return nested.length > 0 ? { ...value, item: nested } : value;
    });
    const children = r.item ? compactResponseItems(r.item) : undefined;
    if ((answer?.length ?? 0) === 0 && (children?.length ?? 0) === 0) return [];
    const next: QuestionnaireResponseItem = { ...r };
    if (answer) next.answer = answer;
    else delete next.answer;
    if (children && children.length > 0) next.item = children;
    else delete next.item;
    return [next];
  });
}
