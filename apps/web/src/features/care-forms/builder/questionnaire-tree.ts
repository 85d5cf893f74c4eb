import type { CareFormTypeDetail } from '@hearth/shared/care-forms/care-forms.schema';

/*
 * The builder's edits of a care form type's item tree (FHIR R4 Questionnaire.item, issue 23 item 1), as pure
 * functions: each takes the items and returns new ones, never changing its input, so the page keeps them in state
 * and every edit can be tested alone. Items are found by linkId, which the builder keeps unique across the tree
 * (FHIR R4 Questionnaire invariant que-2: "The link ids for groups and questions must be unique").
 */

/** A care form type's definition: a FHIR R4 Questionnaire. */
export type Questionnaire = CareFormTypeDetail['definition'];
/** One item of a Questionnaire (a group, a display text or a question). */
export type QItem = NonNullable<Questionnaire['item']>[number];
/** One enableWhen condition of an item. */
export type EnableWhen = NonNullable<QItem['enableWhen']>[number];

/** Where an item sits: the linkId of its group (null at the top) and its index among that group's items. */
export interface ItemPlace {
  parent: string | null;
  index: number;
}

/** Every item in document order (depth first), each with its depth (0 at the top) and its group's linkId. */
export function flattenItems(items: QItem[]): { item: QItem; depth: number; parent: string | null }[] {
  const out: { item: QItem; depth: number; parent: string | null }[] = [];
  const walk = (list: QItem[], depth: number, parent: string | null) => {
    for (const item of list) {
      out.push({ item, depth, parent });
      if (item.item) walk(item.item, depth + 1, item.linkId);
    }
  };
  walk(items, 0, null);
  return out;
}

/** The item with `linkId`, or undefined. */
export function findItem(items: QItem[], linkId: string): QItem | undefined {
  return flattenItems(items).find((entry) => entry.item.linkId === linkId)?.item;
}

/** Where the item with `linkId` sits, or undefined when there is none. */
export function placeOf(items: QItem[], linkId: string): ItemPlace | undefined {
  const search = (list: QItem[], parent: string | null): ItemPlace | undefined => {
    for (const [index, item] of list.entries()) {
      if (item.linkId === linkId) return { parent, index };
      const inner = item.item ? search(item.item, item.linkId) : undefined;
      if (inner) return inner;
    }
    return undefined;
  };
  return search(items, null);
}

/** Every linkId of an item and the items nested in it. */
export function linkIdsWithin(item: QItem): string[] {
  return [item.linkId, ...flattenItems(item.item ?? []).map((entry) => entry.item.linkId)];
}

/** The children of the group `parent` (the top level for null), or undefined when it is not found. */
function childrenOf(items: QItem[], parent: string | null): QItem[] | undefined {
  if (parent === null) return items;
  return findItem(items, parent)?.item ?? (findItem(items, parent) ? [] : undefined);
}

/** The tree with the children of `parent` (the top level for null) replaced by `change(children)`. */
function withChildren(items: QItem[], parent: string | null, change: (children: QItem[]) => QItem[]): QItem[] {
  if (parent === null) return change(items);
  return items.map((item) => {
    if (item.linkId === parent) {
      const children = change(item.item ?? []);
      const { item: _old, ...rest } = item;
      return children.length > 0 ? { ...rest, item: children } : rest;
    }
    return item.item ? { ...item, item: withChildren(item.item, parent, change) } : item;
  });
}

/** The tree without the item `linkId` (and what it holds); enableWhen conditions are left as they are. */
function without(items: QItem[], linkId: string): QItem[] {
  return items
    .filter((item) => item.linkId !== linkId)
    .map((item) => {
      if (!item.item) return item;
      const children = without(item.item, linkId);
      const { item: _old, ...rest } = item;
      return children.length > 0 ? { ...rest, item: children } : rest;
    });
}

/** The tree with `item` inserted among the children of `place.parent` at `place.index` (clamped to the list). */
export function insertAt(items: QItem[], item: QItem, place: ItemPlace): QItem[] {
  return withChildren(items, place.parent, (children) => {
    const index = Math.max(0, Math.min(place.index, children.length));
    return [...children.slice(0, index), item, ...children.slice(index)];
  });
}

/**
 * Where a new item goes when `selected` is the chosen item: inside a selected group (last), else right after the
 * selected item in its group, else at the end of the form.
 */
export function placeForNew(items: QItem[], selected: string | null): ItemPlace {
  const target = selected === null ? undefined : findItem(items, selected);
  if (target?.type === 'group') return { parent: target.linkId, index: target.item?.length ?? 0 };
  const place = selected === null ? undefined : placeOf(items, selected);
  if (place) return { parent: place.parent, index: place.index + 1 };
  return { parent: null, index: items.length };
}

/** The tree with the item `linkId` swapped with its previous (-1) or next (+1) sibling; unchanged at an end. */
export function moveItem(items: QItem[], linkId: string, direction: -1 | 1): QItem[] {
  const place = placeOf(items, linkId);
  if (!place) return items;
  return withChildren(items, place.parent, (children) => {
    const other = place.index + direction;
    if (other < 0 || other >= children.length) return children;
    const next = [...children];
    [next[place.index], next[other]] = [next[other]!, next[place.index]!];
    return next;
  });
}

/**
 * The tree with the item `linkId` moved to the end of the group just above it among its siblings (indenting it);
 * unchanged when the item above is not a group.
 */
export function moveIntoGroupAbove(items: QItem[], linkId: string): QItem[] {
  const place = placeOf(items, linkId);
  if (!place || place.index === 0) return items;
  const above = childrenOf(items, place.parent)?.[place.index - 1];
  if (above?.type !== 'group') return items;
  const item = findItem(items, linkId)!;
  return insertAt(without(items, linkId), item, { parent: above.linkId, index: above.item?.length ?? 0 });
}

/** The tree with the item `linkId` moved out of its group, right after that group; unchanged at the top level. */
export function moveOutOfGroup(items: QItem[], linkId: string): QItem[] {
  const place = placeOf(items, linkId);
  if (!place || place.parent === null) return items;
  const groupPlace = placeOf(items, place.parent)!;
  const item = findItem(items, linkId)!;
  return insertAt(without(items, linkId), item, { parent: groupPlace.parent, index: groupPlace.index + 1 });
}

/**
 * The tree with the item `linkId` moved to the end of the group `groupLinkId` (null: the end of the form). Unchanged
 * when the target is not a group or is the item itself or inside it (a group cannot hold itself).
 */
export function moveIntoGroup(items: QItem[], linkId: string, groupLinkId: string | null): QItem[] {
  const item = findItem(items, linkId);
  if (!item) return items;
  if (groupLinkId !== null) {
    const group = findItem(items, groupLinkId);
    if (group?.type !== 'group' || linkIdsWithin(item).includes(groupLinkId)) return items;
  }
  const rest = without(items, linkId);
  const end = childrenOf(rest, groupLinkId)?.length ?? 0;
  return insertAt(rest, item, { parent: groupLinkId, index: end });
}

/** An item's enableWhen without the conditions on `gone`; enableWhen and enableBehavior dropped when none is left. */
function withoutConditionsOn(item: QItem, gone: Set<string>): QItem {
  let next: QItem = item;
  const kept = item.enableWhen?.filter((condition) => !gone.has(condition.question)) ?? [];
  if (item.enableWhen && kept.length !== item.enableWhen.length) {
    const { enableWhen: _conditions, enableBehavior, ...rest } = item;
    // FHIR R4 que-12: enableBehavior is needed only with more than one condition.
    next =
      kept.length === 0 ? rest : { ...rest, enableWhen: kept, ...(kept.length > 1 && enableBehavior ? { enableBehavior } : {}) };
  }
  return next.item ? { ...next, item: next.item.map((child) => withoutConditionsOn(child, gone)) } : next;
}

/**
 * The tree without the item `linkId` and the items it holds, and without every enableWhen condition that asked
 * about any of them (a condition on a question that is gone could never be met, and FHIR R4 requires
 * enableWhen.question to name an item of the Questionnaire).
 */
export function deleteItem(items: QItem[], linkId: string): QItem[] {
  const item = findItem(items, linkId);
  if (!item) return items;
  const gone = new Set(linkIdsWithin(item));
  return without(items, linkId).map((rest) => withoutConditionsOn(rest, gone));
}

/** The tree with the item `linkId` replaced by `change(item)` (its linkId and nested items are kept). */
export function updateItem(items: QItem[], linkId: string, change: (item: QItem) => QItem): QItem[] {
  return items.map((item) => {
    if (item.linkId === linkId) return { ...change(item), linkId, ...(item.item ? { item: item.item } : {}) };
    return item.item ? { ...item, item: updateItem(item.item, linkId, change) } : item;
  });
}

/** Why a linkId cannot be given to an item, or null when it can. */
export type LinkIdProblem = 'empty' | 'taken' | 'tooLong' | 'spaces';

/** Longest linkId the type's schema accepts (questionnaire.schema.ts). */
export const LINK_ID_MAX = 200;

/** Whether `linkId` may be given to the item now called `current`: not empty, without spaces, unique, not too long. */
export function linkIdProblem(items: QItem[], current: string, linkId: string): LinkIdProblem | null {
  if (linkId.trim() === '') return 'empty';
  if (/\s/.test(linkId)) return 'spaces';
  if (linkId.length > LINK_ID_MAX) return 'tooLong';
  if (linkId !== current && findItem(items, linkId)) return 'taken';
  return null;
}

/**
 * The tree with the item `from` renamed `to`, and every enableWhen condition that asked about `from` now asking
 * about `to`. Unchanged when `to` is refused by linkIdProblem.
 */
export function renameLinkId(items: QItem[], from: string, to: string): QItem[] {
  if (from === to || linkIdProblem(items, from, to) !== null) return items;
  const rename = (list: QItem[]): QItem[] =>
    list.map((item) => {
      let next: QItem = item.linkId === from ? { ...item, linkId: to } : item;
      if (next.enableWhen?.some((condition) => condition.question === from)) {
        next = {
          ...next,
          enableWhen: next.enableWhen.map((condition) =>
            condition.question === from ? { ...condition, question: to } : condition,
          ),
        };
      }
      return next.item ? { ...next, item: rename(next.item) } : next;
    });
  return rename(items);
}

/** A linkId not yet used in the tree: `${prefix}-${n}` with the smallest n from 1 that is free. */
export function freshLinkId(items: QItem[], prefix: string): string {
  const taken = new Set(flattenItems(items).map((entry) => entry.item.linkId));
  let n = 1;
  while (taken.has(`${prefix}-${n}`)) n += 1;
  return `${prefix}-${n}`;
}

/** Item types that hold no answer, so no condition can ask about them. */
const NOT_QUESTIONS = new Set(['group', 'display']);

/** Whether an item is a question (holds answers), so it may be asked about in an enableWhen condition. */
export function isQuestion(item: QItem): boolean {
  return !NOT_QUESTIONS.has(item.type);
}

/**
 * The questions an enableWhen condition of `linkId` may ask about: the questions before it in document order, not
 * the item itself nor those it holds (an item cannot depend on its own answers; asking only about earlier questions
 * keeps the form readable from top to bottom).
 */
export function conditionCandidates(items: QItem[], linkId: string): QItem[] {
  const flat = flattenItems(items);
  const at = flat.findIndex((entry) => entry.item.linkId === linkId);
  if (at < 0) return [];
  return flat.slice(0, at).flatMap((entry) => (isQuestion(entry.item) ? [entry.item] : []));
}

/** Which moves the builder's buttons offer for an item: up, down, into the group above, out of its group. */
export interface MoveAbilities {
  up: boolean;
  down: boolean;
  intoGroupAbove: boolean;
  outOfGroup: boolean;
}

/** The moves that would change the tree for the item `linkId` (none for an item that is not found). */
export function moveAbilities(items: QItem[], linkId: string): MoveAbilities {
  const place = placeOf(items, linkId);
  if (!place) return { up: false, down: false, intoGroupAbove: false, outOfGroup: false };
  const siblings = childrenOf(items, place.parent) ?? [];
  return {
    up: place.index > 0,
    down: place.index < siblings.length - 1,
    intoGroupAbove: siblings[place.index - 1]?.type === 'group',
    outOfGroup: place.parent !== null,
  };
}
