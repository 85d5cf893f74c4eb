import { describe, expect, it } from 'vitest';
import { BUILT_IN_TYPE_KEYS, BUILT_IN_TYPES, builtInItemCount, findBuiltInType } from './built-in-types';
import { ZQuestionnaire } from './questionnaire.schema';
import { SIGNATURE_EXTENSION_URL } from './care-forms.constants';
import { questionnaireProblems } from './questionnaire-problems';
import { initialItems, validateResponse } from './questionnaire-rules';
import type { QuestionnaireItem } from 'fhir/r4';

/** Every item of a definition, nested ones included. */
function allItems(items: QuestionnaireItem[] | undefined): QuestionnaireItem[] {
  return (items ?? []).flatMap((item) => [item, ...allItems(item.item)]);
}

describe('the shipped care form types', () => {
  it('ships the four types of issue 23, once each', () => {
    expect(BUILT_IN_TYPES.map((t) => t.key)).toEqual([...BUILT_IN_TYPE_KEYS]);
    expect(findBuiltInType('incident-report')?.name).toBe('Incident report');
    expect(findBuiltInType('nope')).toBeUndefined();
  });

  it.each(BUILT_IN_TYPES.map((t) => [t.key, t] as const))('%s is a Questionnaire of the supported subset', (_, type) => {
    const parsed = ZQuestionnaire.safeParse(type.definition);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(questionnaireProblems(type.definition)).toEqual([]);
    // A blank form is refused only for its required answers.
    const blank = validateResponse(type.definition, initialItems(type.definition));
    expect(blank.length).toBeGreaterThan(0);
    expect(blank.every((p) => p.key.startsWith('validation.careForms.required'))).toBe(true);
    const items = allItems(type.definition.item);
    const linkIds = items.map((i) => i.linkId);
    expect(new Set(linkIds).size).toBe(linkIds.length);
    expect(builtInItemCount(type)).toBe(items.length);
    // Every enableWhen names a question of the same form that comes before it.
    for (const [index, item] of items.entries()) {
      for (const condition of item.enableWhen ?? []) expect(linkIds.slice(0, index)).toContain(condition.question);
    }
    // Each ends with a drawn signature.
    expect(items.some((i) => i.type === 'attachment' && i.extension?.some((e) => e.url === SIGNATURE_EXTENSION_URL))).toBe(true);
  });

  it('asks the fall risk follow-ups only after a fall, and the incident injury details only after an injury', () => {
    const intake = allItems(findBuiltInType('client-intake')!.definition.item);
    expect(intake.find((i) => i.linkId === 'fall-count')?.enableWhen).toEqual([
      { question: 'fell-past-year', operator: '=', answerBoolean: true },
    ]);
    const incident = allItems(findBuiltInType('incident-report')!.definition.item);
    expect(incident.find((i) => i.linkId === 'injury-details')?.enableWhen?.[0]?.question).toBe('injury');
    expect(incident.find((i) => i.linkId === 'photo')?.type).toBe('attachment');
  });
});
