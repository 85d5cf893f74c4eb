import { eq } from 'drizzle-orm';
import { FALLBACK_LANGUAGE, pickLanguage, type Language } from '@hearth/shared/i18n/languages';
import type { Db } from '../db/client';
import { users } from '../features/users/users.schema';

/**
 * Whose language a server text is in (docs/decisions/0009-i18next-catalogues.md "The language rule"): an answer to a
 * request is in the signed-in user's language setting, else the request's Accept-Language, else English; a message
 * sent to someone (email, SMS, push) is in the recipient's setting, else English (no browser speaks for them).
 */

/**
 * The language tags of an Accept-Language header, most preferred first (RFC 9110 section 12.5.4): by quality,
 * ties in the header's order; `*` and tags of quality 0 are left out.
 * @example acceptedLanguages('en;q=0.5, es-US') -> ['es-US', 'en']
 */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      const quality = q === undefined ? 1 : Number(q);
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The language of an answer to a request: the user's setting, else the first supported language of the request's
 * Accept-Language, else English.
 * @param userSetting the signed-in user's `language` (null: follow the browser), or undefined when signed out
 */
export function requestLanguage(userSetting: string | null | undefined, headers: Headers): Language {
  return pickLanguage([userSetting, ...acceptedLanguages(headers.get('accept-language'))]);
}

/**
 * The language of messages sent to a user: their setting, else English. A recipient who is no user (a phone number
 * or an email of a record) reads English.
 */
export async function languageOfUser(db: Db, userId: number | null | undefined): Promise<Language> {
  if (userId == null) return FALLBACK_LANGUAGE;
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return pickLanguage([row?.language]);
}

/** The language of each REST request once its caller is known (requireCaller), for the Fastify error handler. */
const requestLanguages = new WeakMap<object, Language>();

/** Notes a REST request's language (the caller's setting, else its Accept-Language). */
export function rememberRequestLanguage(request: object, language: Language): void {
  requestLanguages.set(request, language);
}

/**
 * The language of a REST request's answer: as noted by rememberRequestLanguage once the caller was known, else the
 * request's Accept-Language (a signed-out request, or one refused before its caller was read), else English.
 */
export function languageOfRequest(request: { headers: Record<string, string | string[] | undefined> }): Language {
  const noted = requestLanguages.get(request);
  if (noted) return noted;
  const header = request.headers['accept-language'];
  return pickLanguage(acceptedLanguages(Array.isArray(header) ? header.join(',') : header));
}
