import type {
  Questionnaire,
  QuestionnaireItem,
  QuestionnaireItemEnableWhen,
  QuestionnaireResponseItem,
  QuestionnaireResponseItemAnswer,
} from 'fhir/r4';
import { compareValues, equalValues, valuesOf } from './questionnaire-values';

/*
 * FHIR R4 enableWhen for care forms (issue 23 item 1): which items of a Questionnaire are shown for a filled form's
 * answers (QuestionnaireResponse.item), and finding response items by path. Pure; questionnaire-rules.ts builds the
 * form's rules on it.
 *
 * A path names a response item from the top: each step a linkId, or {linkId, index} for the index-th instance of a
 * repeating group (a plain linkId is instance 0), e.g. [{ linkId: 'wounds', index: 1 }, 'size'].
 */

export type PathStep = string | { linkId: string; index: number };
export type ResponsePath = readonly PathStep[];
/** A path step with its instance spelled out. */
export interface Step {
  linkId: string;
  index: number;
}
type Items = readonly QuestionnaireResponseItem[];

/** The steps of a path, each with its instance (0 when not given). */
export function stepsOf(path: ResponsePath): Step[] {
  return path.map((step) => (typeof step === 'string' ? { linkId: step, index: 0 } : step));
}

/** Each item of a Questionnaire by linkId, with the chain of items from the top down to it (itself last). */
const chains = new WeakMap<Questionnaire, Map<string, QuestionnaireItem[]>>();
function chainsOf(questionnaire: Questionnaire): Map<string, QuestionnaireItem[]> {
  let found = chains.get(questionnaire);
  if (found) return found;
  found = new Map();
  const walk = (items: QuestionnaireItem[] | undefined, above: QuestionnaireItem[]) => {
    for (const item of items ?? []) {
      if (!found!.has(item.linkId)) found!.set(item.linkId, [...above, item]);
      walk(item.item, [...above, item]);
    }
  };
  walk(questionnaire.item, []);
  chains.set(questionnaire, found);
  return found;
}

/** The Questionnaire item a linkId names, or undefined. */
export function findItem(questionnaire: Questionnaire, linkId: string): QuestionnaireItem | undefined {
  return chainsOf(questionnaire).get(linkId)?.at(-1);
}

/** The response item at `steps`, or null when the form has none there. */
export function responseAt(items: Items, steps: readonly Step[]): QuestionnaireResponseItem | null {
  let siblings = items;
  let found: QuestionnaireResponseItem | null = null;
  for (const step of steps) {
    found = siblings.filter((r) => r.linkId === step.linkId)[step.index] ?? null;
    if (!found) return null;
    siblings = found.item ?? [];
  }
  return found;
}

/** The response items of `linkId` under the response item at `parent` (the instances of a repeating group). */
export function instancesAt(items: Items, parent: ResponsePath, linkId: string): QuestionnaireResponseItem[] {
  const siblings = parent.length === 0 ? items : (responseAt(items, stepsOf(parent))?.item ?? []);
  return siblings.filter((r) => r.linkId === linkId);
}

/** One enableWhen against the answers of its question (FHIR R4 QuestionnaireItemOperator). */
function conditionHolds(condition: QuestionnaireItemEnableWhen, answers: QuestionnaireResponseItemAnswer[]): boolean {
  const [expected] = valuesOf(condition, 'answer');
  if (condition.operator === 'exists') return answers.length > 0 === (condition.answerBoolean === true);
  if (!expected) return false;
  const given = answers.flatMap((answer) => valuesOf(answer, 'value').slice(0, 1));
  if (condition.operator === '=') return given.some((value) => equalValues(value, expected));
  // FHIR R4: "True if no answer has a value that is equal to the enableWhen answer", so also when unanswered.
  if (condition.operator === '!=') return !given.some((value) => equalValues(value, expected));
  const test = { '>': (c: number) => c > 0, '<': (c: number) => c < 0, '>=': (c: number) => c >= 0, '<=': (c: number) => c <= 0 }[
    condition.operator
  ];
  return given.some((value) => {
    const compared = compareValues(value, expected);
    return compared !== null && test(compared);
  });
}

/**
 * Whether items are enabled, for one set of answers, remembering what it has worked out. FHIR R4
 * Questionnaire.item.enableWhen: an item is shown when its conditions hold (all of them, or any with enableBehavior
 * "any") and its group is shown; a question that is itself not shown counts as unanswered; a condition on a question
 * inside repeating groups reads the nearest occurrence, found "by tracing first the ancestor axis, then the preceding
 * axis and then the following axis": the instances the item itself is in, else the nearest instance before it (the
 * last), else after it (the first). Conditions in a circle (refused on import) read as not holding.
 */
export class EnableWhenEvaluator {
  private readonly memo = new Map<string, boolean>();
  private readonly visiting = new Set<string>();

  constructor(
    private readonly questionnaire: Questionnaire,
    private readonly items: Items,
  ) {}

  /** Whether the item at `steps` is shown: every group above it and the item itself. */
  enabled(steps: readonly Step[]): boolean {
    for (let i = 1; i <= steps.length; i++) if (!this.ownConditions(steps.slice(0, i))) return false;
    return true;
  }

  private ownConditions(steps: readonly Step[]): boolean {
    const key = JSON.stringify(steps);
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    const item = findItem(this.questionnaire, steps.at(-1)!.linkId);
    const conditions = item?.enableWhen ?? [];
    if (conditions.length === 0) return true;
    if (this.visiting.has(key)) return false;
    this.visiting.add(key);
    const holds = (condition: QuestionnaireItemEnableWhen) => {
      const target = this.resolve(steps, condition.question);
      const answers = target && this.enabled(target) ? (responseAt(this.items, target)?.answer ?? []) : [];
      return conditionHolds(condition, answers);
    };
    const result = item?.enableBehavior === 'any' ? conditions.some(holds) : conditions.every(holds);
    this.visiting.delete(key);
    this.memo.set(key, result);
    return result;
  }

  /** The steps of the occurrence of `question` that the item at `from` reads (see the class). */
  private resolve(from: readonly Step[], question: string): Step[] | null {
    const chain = chainsOf(this.questionnaire).get(question);
    if (!chain) return null;
    let shared = 0;
    while (shared < chain.length - 1 && shared < from.length && from[shared]!.linkId === chain[shared]!.linkId) shared++;
    const siblings = (shared === 0 ? this.questionnaire.item : chain[shared - 1]!.item) ?? [];
    const position = (linkId: string | undefined) => siblings.findIndex((s) => s.linkId === linkId);
    const preceding = position(chain[shared]!.linkId) < position(from[shared]?.linkId);
    const steps = from.slice(0, shared);
    for (const item of chain.slice(shared)) {
      const count = item.repeats && item.type === 'group' ? instancesAt(this.items, steps, item.linkId).length : 1;
      steps.push({ linkId: item.linkId, index: preceding ? Math.max(count - 1, 0) : 0 });
    }
    return steps;
  }
}
