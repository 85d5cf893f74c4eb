import type { Language } from '@hearth/shared/i18n/languages';
import { FIELD_PREFIX, messageOfEnglish as findEnglish } from '@hearth/shared/i18n/english-messages';
import { translate, type ServerMessage, type ServerMessageKey } from './server-i18n';

/**
 * The server's side of the English-text index of the `server` catalogue (packages/shared/src/i18n/english-messages.ts,
 * docs/decisions/0009 "Server messages"): an error or zod message that arrives as English text is answered in the
 * reader's language when the catalogue holds that text.
 */

/**
 * The catalogue message an English text is, with the values its placeholders matched, or null when the catalogue
 * does not have it.
 */
export function messageOfEnglish(text: string): ServerMessage | null {
  const found = findEnglish(text);
  // The index is built from the English server catalogue, so its keys are ServerMessageKeys.
  return found && { key: found.key as ServerMessageKey, ...(found.values ? { values: found.values } : {}) };
}

/**
 * An English message text in `language`: the catalogue's translation when the text is one of its messages (see
 * messageOfEnglish), also after a field's path ("checkIn: Give a check-in or a check-out time"), else the text as
 * it is. English is returned unchanged.
 */
export function translateEnglish(text: string, language: Language): string {
  if (language === 'en') return text;
  const message = messageOfEnglish(text);
  if (message) return translate(message, language);
  // "field: message", as describeZodError and some services name the field at fault.
  const fieldAt = FIELD_PREFIX.exec(text);
  const fieldMessage = fieldAt && messageOfEnglish(fieldAt[2]!);
  return fieldMessage ? `${fieldAt[1]}: ${translate(fieldMessage, language)}` : text;
}
