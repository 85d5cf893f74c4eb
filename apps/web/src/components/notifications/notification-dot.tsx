import classes from './notification-dot.module.css';

/**
 * The red dot of the menu's Notifications item (spec section 2: "red dot when the newest notification is unseen").
 * Hidden from assistive technology: the item's accessible name says it instead.
 */
export function NotificationDot() {
  return <span className={classes.dot} aria-hidden="true" data-testid="notifications-red-dot" />;
}
