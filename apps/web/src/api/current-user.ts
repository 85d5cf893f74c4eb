import { queryOptions, useQuery } from '@tanstack/react-query';
import { syncOutcome } from './sync-outcome';
import { getToken } from './auth-token';
import { queryClient, shouldRetry } from './query-client';
import { trpcClient, trpcOptions, type RouterOutputs } from './trpc';
import { applyUserLanguage } from '@/i18n/user-language';

/** The signed-in user as getCurrentUser returns it. */
export type CurrentUser = RouterOutputs['getCurrentUser'];

/** localStorage key of the last current user fetched, kept with the token it was fetched with. */
const LAST_USER_KEY = 'hearth.currentUser';

/**
 * The last current user fetched with the present token (spec section 4 "Authentication": a cached current user is
 * used while offline or on network failure), or null when none was fetched with it.
 */
export function lastKnownUser(): CurrentUser | null {
  const token = getToken();
  if (!token) return null;
  try {
    const stored = JSON.parse(window.localStorage.getItem(LAST_USER_KEY) ?? 'null') as {
      token: string;
      user: CurrentUser;
    } | null;
    return stored?.token === token ? stored.user : null;
  } catch {
    return null;
  }
}

function rememberUser(user: CurrentUser | null): void {
  try {
    if (user) window.localStorage.setItem(LAST_USER_KEY, JSON.stringify({ token: getToken(), user }));
    else window.localStorage.removeItem(LAST_USER_KEY);
  } catch {
    // Storage blocked: the app still works online.
  }
}

/**
 * Fetches the current user; on a network-type failure (no code, 5xx-like codes: syncOutcome 'keep') answers the
 * last user fetched with this token, so the caregiver app opens offline; any other failure clears it and throws
 * (spec section 4: a failed fetch clears the cache). The app then speaks the user's language (applyUserLanguage),
 * before the screens that wait for the user render.
 */
async function fetchCurrentUser(): Promise<CurrentUser> {
  // Known offline: no request to wait for.
  const known = navigator.onLine ? null : lastKnownUser();
  if (known) return withLanguageApplied(known);
  try {
    const user = await trpcClient.getCurrentUser.query();
    rememberUser(user);
    return withLanguageApplied(user);
  } catch (error) {
    const cached = lastKnownUser();
    const code = (error as { data?: { code?: string } }).data?.code;
    if (cached && code !== 'UNAUTHORIZED' && syncOutcome(error) === 'keep') return withLanguageApplied(cached);
    rememberUser(null);
    throw error;
  }
}

/** The user, once the app shows their language (issue 27: their setting, else the browser's). */
async function withLanguageApplied(user: CurrentUser): Promise<CurrentUser> {
  await applyUserLanguage(user);
  return user;
}

/** The signed-in user (spec section 9: retried once, cached 5 minutes; the last known one while offline). */
const currentUserQuery = queryOptions({
  queryKey: trpcOptions.getCurrentUser.queryKey(),
  queryFn: fetchCurrentUser,
  staleTime: 5 * 60_000,
  networkMode: 'always',
  retry: (failureCount, error) => failureCount < 1 && shouldRetry(failureCount, error),
});

/** The signed-in user, as the session gate and every page read it. */
export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

/**
 * Starts fetching the signed-in user at start-up, while the first page's code downloads, instead of after it
 * (issue "caregiver app", Performance), and shows the last known user's language at once, so the first render is
 * already in it. Does nothing when signed out.
 */
export function prefetchCurrentUser(): void {
  if (!getToken()) return;
  void applyUserLanguage(lastKnownUser());
  void queryClient.prefetchQuery(currentUserQuery);
}

/**
 * Saves the signed-in user's own language (setMyLanguage: 'en', 'es', or null to follow the browser) and shows it at
 * once; the current user is then fetched again, so every screen and the offline copy hold the new setting. On a
 * failure the language shown goes back to the saved one and the error is thrown.
 */
export async function saveMyLanguage(language: 'en' | 'es' | null): Promise<void> {
  const previous = queryClient.getQueryData<CurrentUser>(currentUserQuery.queryKey) ?? null;
  await applyUserLanguage({ language });
  try {
    await trpcClient.setMyLanguage.mutate({ language });
  } catch (error) {
    await applyUserLanguage(previous);
    throw error;
  }
  if (previous) {
    // The offline copy too, at once: the phone starting again offline before the refetch below ends speaks it.
    rememberUser({ ...previous, language });
    queryClient.setQueryData(currentUserQuery.queryKey, { ...previous, language });
  }
  await queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
}
