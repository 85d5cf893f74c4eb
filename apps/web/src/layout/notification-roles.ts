import { notificationsStore, type NotificationData, type NotificationsStore } from '@mantine/notifications';

/**
 * The live-region role of a notification without one of its own: an error (red) interrupts the screen reader
 * (role alert), anything else (saved, sent, updated) waits for it to finish (role status). WCAG 2.2 success
 * criterion 4.1.3, status messages; Mantine gives every notification role alert.
 */
export function notificationRole(notification: NotificationData): 'alert' | 'status' {
  return notification.color === 'red' ? 'alert' : 'status';
}

const withRole = (notification: NotificationData): NotificationData =>
  notification.role ? notification : { ...notification, role: notificationRole(notification) };

/**
 * Gives every notification shown through `store` (Mantine's, which `notifications.show` uses, unless given) its
 * live-region role by notificationRole, before it renders: the app's many `notifications.show` calls need not each
 * say it. A notification that names its role keeps it.
 * @returns a function that stops doing so
 */
export function announceNotificationsByKind(store: NotificationsStore = notificationsStore): () => void {
  return store.subscribe((state) => {
    if (state.notifications.every((n) => n.role) && state.queue.every((n) => n.role)) return;
    store.setState({ ...state, notifications: state.notifications.map(withRole), queue: state.queue.map(withRole) });
  });
}
