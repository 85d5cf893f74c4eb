import type { FileExportKind } from '@hearth/shared/file-exports/file-exports.constants';
import type { Language } from '@hearth/shared/i18n/languages';
import { messageOfEnglish, translateEnglish } from '../../i18n/english-messages';
import { msg, translate, type ServerMessage, type ServerMessageKey } from '../../i18n/server-i18n';

/**
 * An export type's refused settings and parameters in the reader's language (issue 27). The shared rules
 * (packages/shared/src/file-exports/file-exports.kinds.ts) give each problem as the English of a `server` catalogue
 * message; here each is worded again, the export kind it names through the catalogue's exportKinds.
 */

/** One problem of `kind` in `language`: its catalogue message with the kind's name in that language. */
function problemIn(kind: FileExportKind, text: string, language: Language): string {
  const found = messageOfEnglish(text);
  if (!found?.values?.kind) return translateEnglish(text, language);
  const values = { ...found.values, kind: msg(`exportKinds.${kind}` as ServerMessageKey) };
  return translate({ key: found.key, values }, language);
}

/** A message value: the problems of `kind`, each worded in the reader's language, joined by "; ". */
export function exportProblems(kind: FileExportKind, texts: string[]): (language: Language) => string {
  return (language) => texts.map((text) => problemIn(kind, text, language)).join('; ');
}

/** The problems of `kind` as one message ({{problems}}), for an error that is nothing but them. */
export function exportProblemsMessage(kind: FileExportKind, texts: string[]): ServerMessage {
  return msg('problems', { problems: exportProblems(kind, texts) });
}

/** {field: [one problem of `kind`, worded in the reader's language]} for each (field, English text). */
export function exportFieldProblems(kind: FileExportKind, errors: [string, string][]): Record<string, ServerMessage[]> {
  return Object.fromEntries(errors.map(([field, text]) => [field, [exportProblemsMessage(kind, [text])]]));
}
