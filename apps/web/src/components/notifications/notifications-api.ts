import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/api/trpc';
import { useLiveEvent } from '@/api/live-events';

/**
 * The signed-in user's notification status (unseen and unread counts, whether the newest is unseen): the menu's red
 * dot and the pop-ups read it. Refetched on the live event of a new notification (useNotificationsLive, once per
 * shell) and when the window regains focus; no timer polls it (issue 21: open screens refresh instead of polling).
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

/**
 * Refreshes the status and the lists on each live event of topic 'notifications' (sendUserNotification publishes one
 * to the recipient). Called once per shell, where the status is always shown (the staff pop-ups, the phone header's
 * button), so one event refetches once.
 */
export function useNotificationsLive(): void {
  useLiveEvent('notifications', useRefreshNotifications());
}
