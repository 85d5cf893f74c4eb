import type { ZodError } from 'zod';
import { FALLBACK_LANGUAGE, type Language } from '@hearth/shared/i18n/languages';
import { translateZodIssue } from '../i18n/zod-messages';
import { msg, translate } from '../i18n/server-i18n';

/**
 * Flattens a zod error into field errors ({"email": ["Invalid email"]}, "" for the root) and one human message
 * naming the first field at fault ("email: Invalid email"), in `language` (English unless given: zod-messages.ts
 * words each issue; the field's path stays as the schema names it).
 */
export function describeZodError(
  error: ZodError,
  language: Language = FALLBACK_LANGUAGE,
): { message: string; fieldErrors: Record<string, string[]> } {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    (fieldErrors[key] ??= []).push(translateZodIssue(issue, language));
  }
  const first = error.issues[0];
  const firstMessage = first ? translateZodIssue(first, language) : null;
  const message = first
    ? first.path.length
      ? `${first.path.join('.')}: ${firstMessage}`
      : firstMessage!
    : translate(msg('errors.invalidInput'), language);
  return { message, fieldErrors };
}
