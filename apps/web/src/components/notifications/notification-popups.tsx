import { useEffect, useRef } from 'react';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/api/trpc';
import { useNotificationStatus, useNotificationsLive } from './notifications-api';
import { arrivedSince } from './new-notifications';

/** At most this many new notifications pop up at once; Mantine shows 5 and queues the rest (spec section 9). */
const POP_UP_AT_MOST = 5;

/**
 * Pops each new in-app notification up as a Mantine notification (issue 21 item 2), at the spec's position and
 * timings (NOTIFICATIONS_PROPS in theme.ts: bottom-right, closes after 4000 ms, 5 shown). "New" means newer than the
 * newest the screen knew when it opened: what was there before is in the list, not popped up again. It also keeps
 * the shell's status live (useNotificationsLive). Renders nothing.
 */
export function NotificationPopups() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const newestId = useNotificationStatus().data?.newestId;
  // The newest id already accounted for; undefined until the first status arrives.
  const known = useRef<number | null | undefined>(undefined);
  useNotificationsLive();

  useEffect(() => {
    if (newestId === undefined) return;
    const before = known.current;
    known.current = newestId;
    if (before === undefined || newestId === null || (before !== null && newestId <= before)) return;
    void queryClient
      .fetchQuery(trpc.getInAppNotifications.queryOptions({ page: 1, pageSize: POP_UP_AT_MOST }))
      .then((page) => {
        for (const n of arrivedSince(page.rows, before)) {
          notifications.show({ id: `in-app-${n.id}`, title: n.title, message: n.body });
        }
      })
      .catch(() => {
        // A pop-up is a courtesy: the red dot and the list still show the notification.
      });
  }, [newestId, queryClient, trpc]);

  return null;
}
