import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/api/trpc';
import { useLiveEvent } from '@/api/live-events';

/*
 * The caller's chat unread count (issue 22 item 6: "The menu's and the bottom bar's unread counts are live"). It lives
 * outside features/chat because the shells (the staff menu, the caregiver bottom bar) show it and the shell never
 * imports a feature.
 */

/**
 * getChatUnreadCount ({count, conversations}: unread messages of others and the conversations holding them), refetched
 * on every live 'chat' event (each write to a conversation the caller reaches publishes one, reading included) and when
 * the window regains focus; no timer polls it. `enabled` false (chat off for the user) sends no request.
 */
export function useChatUnreadCount(enabled = true) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useLiveEvent('chat', () => {
    if (enabled) void queryClient.invalidateQueries(trpc.getChatUnreadCount.queryFilter());
  });
  return useQuery({ ...trpc.getChatUnreadCount.queryOptions(), enabled, refetchOnWindowFocus: 'always' });
}
