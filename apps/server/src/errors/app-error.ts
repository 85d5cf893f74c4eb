import type { Language } from '@hearth/shared/i18n/languages';
import { english, msg, translate, type ServerMessage } from '../i18n/server-i18n';
import { translateEnglish } from '../i18n/english-messages';

/** The error codes services use, each with its HTTP status (docs/architecture.md "Errors"). */
export const APP_ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

/** A message of an error: English text, or a message of the `server` catalogue by key (msg()). */
export type ErrorText = string | ServerMessage;

/**
 * The one error type of Hearth's services: a code (mapped once to an HTTP status, for tRPC in the error
 * formatter and for REST in the Fastify error handler) and a human message that reaches the user in their language
 * (docs/decisions/0009-i18next-catalogues.md "Server messages"). The message is a key of the `server` catalogue with
 * its values (msg('errors.notFound', {what, id})) or English text, which the catalogue translates when it holds that
 * text. `message` is always the English text (logs, tests); `localized(language)` words it for the reader.
 * `fieldErrors` names the fields at fault, as {field: [message]}, English here too.
 */
export class AppError extends Error {
  /** The field errors in English, as {field: [message]}. */
  public readonly fieldErrors?: Record<string, string[]>;
  private readonly text: ErrorText;
  private readonly fieldTexts?: Record<string, ErrorText[]>;

  constructor(
    public readonly code: AppErrorCode,
    message: ErrorText,
    fieldErrors?: Record<string, ErrorText[]>,
  ) {
    super(typeof message === 'string' ? message : english(message));
    this.name = 'AppError';
    this.text = message;
    this.fieldTexts = fieldErrors;
    this.fieldErrors = fieldErrors && mapFields(fieldErrors, (text) => (typeof text === 'string' ? text : english(text)));
  }

  /** The HTTP status of this error's code. */
  get httpStatus(): number {
    return APP_ERROR_STATUS[this.code];
  }

  /** The message and field errors in `language` (English text the catalogue lacks stays English). */
  localized(language: Language): { message: string; fieldErrors: Record<string, string[]> | undefined } {
    const word = (text: ErrorText) => (typeof text === 'string' ? translateEnglish(text, language) : translate(text, language));
    return { message: word(this.text), fieldErrors: this.fieldTexts && mapFields(this.fieldTexts, word) };
  }
}

/** {field: [text]} with every text mapped. */
function mapFields<T, U>(fields: Record<string, T[]>, map: (text: T) => U): Record<string, U[]> {
  return Object.fromEntries(Object.entries(fields).map(([field, texts]) => [field, texts.map(map)]));
}

/**
 * Shorthand for a 404 naming what was not found, e.g. notFound('User', 12) -> "User 12 not found" (in Spanish
 * "No se encontró el usuario 12": the noun through the catalogue's `nouns`).
 */
export function notFound(what: string, id: number | string): AppError {
  return new AppError('NOT_FOUND', msg('errors.notFound', { what, id: String(id) }));
}
