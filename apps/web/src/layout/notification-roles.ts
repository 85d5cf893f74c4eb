import { notificationsStore, type NotificationData, type NotificationsStore } from '@mantine/notifications';

/**
 * The live-region role of a notification without one of its own: an error (red) interrupts the screen reader
 * (role alert), anything else (saved, sent, updated) waits for it to finish (role status). WCAG 2.2 success
 * criterion 4.1.3, status messages; Mantine gives every notification role alert.
 */
export function notificationRole(notification: NotificationData): 'alert' | 'status' {
  return notification.color === 'red' ? 'alert' : 'status';
}

/** Whether a notification already has its role and a named close button. */
const isAnnounced = (notification: NotificationData): boolean =>
  Boolean(notification.role && notification.closeButtonProps?.['aria-label']);

/** The notification with its role and its close button's accessible name (WCAG 4.1.2), keeping its own. */
const withRole = (notification: NotificationData, closeLabel: string): NotificationData =>
  isAnnounced(notification)
    ? notification
    : {
        ...notification,
        role: notification.role ?? notificationRole(notification),
        closeButtonProps: { 'aria-label': closeLabel, ...notification.closeButtonProps },
      };

/**
 * Gives every notification shown through `store` (Mantine's, which `notifications.show` uses, unless given) its
 * live-region role by notificationRole and a name for its close button (Mantine's has only an icon), before it
 * renders: the app's many `notifications.show` calls need not each say it. A notification that names its role or
 * its close button keeps them.
 * @param closeLabel the close button's name in the shown language, read when a notification is shown
 * @returns a function that stops doing so
 */
export function announceNotificationsByKind(
  store: NotificationsStore = notificationsStore,
  closeLabel: () => string = () => 'Close',
): () => void {
  return store.subscribe((state) => {
    if (state.notifications.every(isAnnounced) && state.queue.every(isAnnounced)) return;
    const label = closeLabel();
    const announce = (n: NotificationData) => withRole(n, label);
    store.setState({ ...state, notifications: state.notifications.map(announce), queue: state.queue.map(announce) });
  });
}
