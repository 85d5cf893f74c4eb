import { eq } from 'drizzle-orm';
import type { Language } from '@hearth/shared/i18n/languages';
import type { SetMyLanguageInput } from '@hearth/shared/users/users.schema';
import type { Scope } from '../../auth/scope';
import { users } from './users.schema';

/**
 * Sets the signed-in user's own language (setMyLanguage, issue 27): 'en', 'es', or null to follow the browser. Any
 * role may (staff, caregiver, client, trusted contact); only the user the app is shown as is changed, which while
 * impersonating is the impersonated user, as every other setting of the session. The next request answers in it:
 * the caller cache is keyed to the user row's version (auth/caller.ts), and the web applies it at once.
 * Input {language}; the schema refuses any other language and any other field (a userId).
 * @returns {language} as now set.
 */
export async function setMyLanguage({
  scope,
  input,
}: {
  scope: Scope;
  input: SetMyLanguageInput;
}): Promise<{ language: Language | null }> {
  await scope.db.update(users).set({ language: input.language, updatedAt: new Date() }).where(eq(users.id, scope.userId));
  return { language: input.language };
}
