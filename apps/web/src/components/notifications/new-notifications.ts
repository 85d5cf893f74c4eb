import type { InAppNotification } from '@hearth/shared/notifications/notifications.schema';

/**
 * The notifications of a newest-first page that arrived after the one with id `before` (ids grow with time), oldest
 * first so they pop up in the order they came. `before` null: the user had none, so all are new.
 */
export function arrivedSince(rowsNewestFirst: readonly InAppNotification[], before: number | null): InAppNotification[] {
  return rowsNewestFirst.filter((n) => before === null || n.id > before).reverse();
}
