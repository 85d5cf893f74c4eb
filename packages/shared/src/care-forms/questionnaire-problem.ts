import { englishOf } from '../i18n/english-messages';

/** One thing refused in a Questionnaire: the item's linkId (null for the Questionnaire itself) and the message. */
export interface QuestionnaireProblem {
  linkId: string | null;
  /** Where in the JSON ("item", 0, "item", 2, "type"), for zod issues. */
  path: (string | number)[];
  /** The English message: the server catalogue's validation.careForms.<key> with its values. */
  message: string;
  /** The message's catalogue key ("validation.careForms.unsupportedType") and values, to throw it as msg(key, values). */
  key: string;
  values: Record<string, string | number>;
}

/**
 * A problem worded by the server catalogue's `validation.careForms.<key>` (so the server answers it in the reader's
 * language, docs/decisions/0009-i18next-catalogues.md), the linkId among its values.
 */
export function problem(
  linkId: string | null,
  path: (string | number)[],
  key: string,
  values: Record<string, string | number> = {},
): QuestionnaireProblem {
  const fullKey = `validation.careForms.${key}`;
  const all = linkId === null ? values : { linkId, ...values };
  return { linkId, path, message: englishOf(fullKey, all), key: fullKey, values: all };
}
