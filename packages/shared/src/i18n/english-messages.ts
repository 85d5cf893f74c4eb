// English's server catalogue alone, not every language's (languages.ts): the web app's forms use this index too.
import enServer from './en/server.json';

/**
 * Messages written as English text, found in the `server` catalogue by that text (docs/decisions/0009 "Server
 * messages"). The services and the shared zod schemas wrote their messages in English before there were
 * catalogues; rather than give every call site a key, the catalogue's sections of messages (MESSAGE_SECTIONS) are
 * indexed by their English text, so "Shift 12 not found" is errors.notFound with {what: "Shift", id: "12"}. The
 * server words errors with it (apps/server/src/i18n/english-messages.ts), the web its forms' zod messages
 * (apps/web/src/forms/zod-validate.ts). New code names its key; this index is for texts that still arrive as text.
 */

/** A message of the `server` catalogue found by its English text: its key and the values its placeholders held. */
export interface EnglishMessage {
  key: string;
  values?: Record<string, string>;
}

/** The catalogue sections whose English texts are messages a reader may receive as plain text. */
const MESSAGE_SECTIONS = ['errors', 'validation', 'evv'] as const;

/** Placeholders that stand for one word (an id, a number): matched as `\S+`, so a noun before them can hold spaces. */
const WORD_PLACEHOLDERS = new Set(['id', 'count', 'max', 'min', 'action']);

interface Template {
  key: string;
  pattern: RegExp;
  names: string[];
  /** Characters of literal text: longer (more specific) templates are tried first. */
  literalLength: number;
}

const PLURAL_KEY = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** Every message text of the English catalogue with its key (plural forms are left out: they are keyed by count). */
function leaves(): [string, string][] {
  const found: [string, string][] = [];
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') {
      if (!PLURAL_KEY.test(path)) found.push([path, node]);
    } else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) walk(v, path ? `${path}.${k}` : k);
    }
  };
  const catalogue = enServer as Record<string, unknown>;
  for (const section of MESSAGE_SECTIONS) walk(catalogue[section], section);
  return found;
}

const exact = new Map<string, string>();
const templates: Template[] = [];
for (const [key, text] of leaves()) {
  const names = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
  if (names.length === 0) {
    if (!exact.has(text)) exact.set(text, key);
    continue;
  }
  const parts = text.split(PLACEHOLDER);
  // split with a capture group alternates literal text and placeholder names.
  const source = parts
    .map((part, i) =>
      i % 2 === 0 ? part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : WORD_PLACEHOLDERS.has(part) ? '(\\S+)' : '(.+?)',
    )
    .join('');
  const literalLength = parts.filter((_, i) => i % 2 === 0).join('').length;
  templates.push({ key, pattern: new RegExp(`^${source}$`, 's'), names, literalLength });
}
templates.sort((a, b) => b.literalLength - a.literalLength);

/**
 * The catalogue message an English text is, with the values its placeholders matched, or null when the catalogue
 * does not have it.
 */
export function messageOfEnglish(text: string): EnglishMessage | null {
  const key = exact.get(text);
  if (key) return { key };
  for (const template of templates) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    const values = Object.fromEntries(template.names.map((name, i) => [name, match[i + 1]!]));
    return { key: template.key, values };
  }
  return null;
}

/**
 * The English of the `server` catalogue's message `key` (a dotted path, "validation.imports.fileEmpty") with its
 * `{{placeholders}}` filled from `values`: for shared rules that name their message by key (so the server can word
 * it in the reader's language) and still give the English text to forms and logs. Plural keys are not looked up.
 * @throws Error for a key the English catalogue lacks (a programming error, caught by the rule's tests).
 */
export function englishOf(key: string, values: Record<string, string | number> = {}): string {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], enServer);
  if (typeof text !== 'string') throw new Error(`No English message ${key}`);
  return text.replace(PLACEHOLDER, (_, name: string) => String(values[name] ?? ''));
}

/** A message led by the path of its field ("checkIn: ...", "params.branchId: ..."): the path, then the message. */
export const FIELD_PREFIX = /^([\w.]+): (.+)$/s;

/**
 * The catalogue key of an English noun that a message names as its `what` ("Care sheet" -> nouns.careSheet,
 * "First name" -> nouns.firstName), so the server and the web word it the same way in another language.
 */
export function nounKey(noun: string): string {
  const camel = noun
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+(.)/g, (_, next: string) => next.toUpperCase());
  return `nouns.${camel}`;
}
