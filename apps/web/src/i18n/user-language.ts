import { changeWebLanguage, targetWebLanguage, webLanguage } from './i18n.setup';

/**
 * Shows the app in the signed-in user's language (issue 27; docs/decisions/0009-i18next-catalogues.md "The language
 * rule"): their setting when they have one, else the browser's, else English (webLanguage). Called as soon as the
 * user is known (the current user's fetch, and the last known user at start-up) and when they change the setting.
 * Nothing happens when the language shown (or being loaded) is already the one chosen, so a refetch never re-renders
 * every text.
 * @param user the current user, or null/undefined when nobody is signed in (the browser's language then)
 */
export function applyUserLanguage(user: { language: string | null } | null | undefined): Promise<unknown> {
  const language = webLanguage(user?.language);
  if (targetWebLanguage() === language) return Promise.resolve();
  return changeWebLanguage(language);
}
