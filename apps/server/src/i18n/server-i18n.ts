import i18next, { type TFunction } from 'i18next';
import { CATALOGUES, FALLBACK_LANGUAGE, LANGUAGES, NAMESPACES, type Language } from '@hearth/shared/i18n/languages';
import { nounKey } from '@hearth/shared/i18n/english-messages';

/**
 * The server's i18next instance (docs/decisions/0009-i18next-catalogues.md "Server messages"): the same catalogues
 * as the web app, read from packages/shared, so an error, an email, an SMS or a PDF says in Spanish what the web
 * says in Spanish. Its own instance (not i18next's global one), initialised synchronously at import: the catalogues
 * are in memory, so translating never waits.
 */
const instance = i18next.createInstance();
void instance.init({
  resources: CATALOGUES,
  lng: FALLBACK_LANGUAGE,
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: LANGUAGES,
  ns: [...NAMESPACES],
  defaultNS: 'server',
  initAsync: false,
  // Messages go out as JSON, plain-text emails and SMS, and PDF text: nothing is HTML, so nothing is escaped.
  interpolation: { escapeValue: false },
});

/** The CLDR plural suffixes i18next adds to a key (`taskCount_one`), which a message names without. */
type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** The dotted paths of a catalogue's texts, plural keys named once without their suffix. */
type KeyPaths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K extends `${infer Base}_${PluralSuffix}` ? Base : K}`
    : KeyPaths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/**
 * A key of the `server` catalogue (packages/shared/src/i18n/en/server.json), or of the caregiver app's prefixed
 * `caregiverApp:` where the phone and the server say the same thing (the EVV refusals); checked at compile time.
 */
export type ServerMessageKey =
  KeyPaths<typeof CATALOGUES.en.server> | `caregiverApp:${KeyPaths<typeof CATALOGUES.en.caregiverApp>}`;

/**
 * A value put into a message: a name or number as is, another message (translated in the same language), or a
 * function that words the value in the language (a duration with its plurals, a date in the recipient's locale).
 */
export type ServerValue = string | number | ServerMessage | ((language: Language) => string);

/** A message by key with its values, translated when the language of its reader is known. */
export interface ServerMessage {
  key: ServerMessageKey;
  values?: Record<string, ServerValue>;
}

/**
 * A message of the `server` catalogue: what a service throws or sends, worded later in its reader's language.
 * @example new AppError('NOT_FOUND', msg('errors.notFound', { what: 'Shift', id: 12 }))
 */
export function msg(key: ServerMessageKey, values?: Record<string, ServerValue>): ServerMessage {
  return values ? { key, values } : { key };
}

/** Whether a value is a ServerMessage (an object with a key). */
export function isServerMessage(value: unknown): value is ServerMessage {
  return typeof value === 'object' && value !== null && typeof (value as ServerMessage).key === 'string';
}

/** A translation function of the `server` namespace fixed to `language`, for texts built from several keys. */
export function serverT(language: Language): TFunction<'server'> {
  return instance.getFixedT(language, 'server');
}

/**
 * The noun a "not found" message names, in the language: `nouns.<camelCase of the English noun>` of the catalogue
 * ("Care sheet" -> nouns.careSheet), else the English noun as given.
 */
export function translateNoun(noun: string, language: Language): string {
  if (language === FALLBACK_LANGUAGE) return noun;
  return serverT(language)(nounKey(noun) as never, { defaultValue: noun }) as string;
}

/**
 * A message in `language`. Values are worded first: a nested message in the same language, a function called with
 * the language, the value named `what` (the noun of errors.notFound) through translateNoun, and a file size as
 * formatFileSize writes it through localFileSize. A key the language lacks falls back to English (the catalogue test
 * keeps that from happening).
 */
export function translate(message: ServerMessage, language: Language): string {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(message.values ?? {})) {
    if (typeof value === 'function') values[name] = value(language);
    else if (isServerMessage(value)) values[name] = translate(value, language);
    else if (name === 'what' && typeof value === 'string') values[name] = translateNoun(value, language);
    else if (typeof value === 'string' && language !== FALLBACK_LANGUAGE) values[name] = localFileSize(value, language);
    else values[name] = value;
  }
  return serverT(language)(message.key as never, values) as string;
}

/** A message in English: what logs, tests and English readers see, byte for byte the catalogue's English. */
export function english(message: ServerMessage): string {
  return translate(message, FALLBACK_LANGUAGE);
}

/** The Intl locale of a language for dates and numbers: US English, and US Spanish (es-US) for Spanish. */
export function intlLocale(language: Language): string {
  return language === 'es' ? 'es-US' : 'en-US';
}

/** A file size as formatFileSize (packages/shared/src/files/files.schema.ts) writes it: "812 B", "12.5 MB". */
const FILE_SIZE = /^(\d+(?:\.\d+)?) (B|KB|MB|GB)$/;

/**
 * A file size written in English ("12.5 MB", "1023 B") with its number through Intl.NumberFormat in the language's
 * locale (es-US "12.5 MB", "1,023 B"; a locale with a decimal comma "12,5 MB"), at most one decimal as
 * formatFileSize rounds; any other text unchanged. English keeps formatFileSize's own text, the spec's.
 */
export function localFileSize(text: string, language: Language): string {
  const size = FILE_SIZE.exec(text);
  if (!size || language === FALLBACK_LANGUAGE) return text;
  const number = new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 1 }).format(Number(size[1]));
  return `${number} ${size[2]}`;
}
