import { router } from '../../trpc/init';

/**
 * The client app's alerts calls; see client-app.router.ts. It holds none: a client or trusted contact reads their
 * alerts and chooses their channels through the notifications calls every signed-in user has, each confined to the
 * caller's own rows (getInAppNotifications, markNotificationRead, markAllNotificationsRead,
 * getMyNotificationPreferences, setMyNotificationPreference; kindsForRole gives them the family kinds). What the
 * family is told, and when: client-app-alerts.notify.ts.
 */
export const clientAppAlertsRouter = router({});
