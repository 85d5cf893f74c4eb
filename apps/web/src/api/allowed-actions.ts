import { useQuery } from '@tanstack/react-query';
import type { ActionList } from '@hearth/shared/actions/actions.schema';
import { restJson } from './rest';

/** Query key of GET /api/actions (cleared with the rest of the cache at sign-in and when impersonation starts). */
export const ALLOWED_ACTIONS_KEY = ['allowedActions'] as const;

/**
 * The actions the signed-in user's role may call (GET /api/actions), as `can('createClient')`. Screens use it to
 * leave out buttons that would only be refused; the server still checks every call. Answers false while loading.
 */
export function useAllowedActions(): { can: (action: string) => boolean; loading: boolean } {
  const query = useQuery({
    queryKey: ALLOWED_ACTIONS_KEY,
    queryFn: () => restJson<ActionList>('GET', '/api/actions'),
    staleTime: 5 * 60_000,
    select: (list) => new Set(list.actions.map((a) => a.name)),
  });
  return { can: (action) => query.data?.has(action) ?? false, loading: query.isPending };
}
