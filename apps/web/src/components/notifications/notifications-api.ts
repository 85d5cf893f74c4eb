import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/api/trpc';

/**
 * The signed-in user's notification status (unseen and unread counts, whether the newest is unseen): the menu's red
 * dot and the pop-ups read it. Refetched when the window regains focus; no timer polls it (issue 21: open screens
 * refresh on a live event instead of polling).
 */
export function useNotificationStatus(enabled = true) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.getNotificationStatus.queryOptions(), enabled, refetchOnWindowFocus: 'always' });
}

/** Refetches what shows notifications (the status and every list page), after a change or a live event. */
export function useRefreshNotifications(): () => void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries(trpc.getNotificationStatus.queryFilter());
    void queryClient.invalidateQueries(trpc.getInAppNotifications.queryFilter());
  };
}
