import type { z } from 'zod';
import { FIELD_PREFIX, messageOfEnglish, nounKey, type EnglishMessage } from '@hearth/shared/i18n/english-messages';
import { i18n } from '@/i18n/i18n.setup';

/**
 * A schema's own message (the shared schemas write them in English) in the shown language: the `server`
 * catalogue's translation when it holds that English text (packages/shared/src/i18n/english-messages.ts), the
 * same words the server answers with; zod's own messages are already in the shown language (zod-config.ts).
 */
export function wordValidationMessage(message: string): string {
  if (i18n.language === 'en') return message;
  const found = messageOfEnglish(message);
  if (found) return worded(found);
  const fieldAt = FIELD_PREFIX.exec(message);
  const inField = fieldAt && messageOfEnglish(fieldAt[2]!);
  return inField ? `${fieldAt[1]}: ${worded(inField)}` : message;
}

/**
 * A catalogue message in the shown language; the value named `what` (the field a message names, "First name") is
 * worded through the catalogue's nouns as the server words it (translateNoun), else left as it is.
 */
function worded({ key, values = {} }: EnglishMessage): string {
  const what =
    typeof values.what === 'string'
      ? { what: i18n.t(nounKey(values.what) as never, { ns: 'server', defaultValue: values.what }) as string }
      : {};
  return i18n.t(key as never, { ns: 'server', ...values, ...what }) as string;
}

/**
 * Adapts a zod schema to @mantine/form's `validate` option: each issue becomes an error on its dotted path (first
 * message per field wins), worded in the shown language (wordValidationMessage), so the form and the server check
 * the same shared schema and say the same words.
 */
export function zodValidate<Values>(schema: z.ZodType) {
  return (values: Values): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      errors[path] ??= wordValidationMessage(issue.message);
    }
    return errors;
  };
}
