import {
  ZGetInAppNotificationsInput,
  ZGetInAppNotificationsOutput,
  ZMarkNotificationReadInput,
  ZMarkNotificationsOutput,
  ZNotificationPreferences,
  ZNotificationStatus,
  ZSetNotificationPreferenceInput,
} from '@hearth/shared/notifications/notifications.schema';
import { authedProcedure, router } from '../../trpc/init';
import * as inbox from './notifications.inbox';
import * as preferences from './notifications.preferences';

/**
 * The signed-in person's own notifications and channel choices (issue 21 items 2 and 3; spec "Other" call
 * getInAppNotifications). Any signed-in user, whatever the role: each reads and marks only their own rows, so no
 * action permission guards them.
 */
export const notificationsRouter = router({
  /** {page, pageSize, unreadOnly?, kind?} -> a page of the caller's notifications, newest first. */
  getInAppNotifications: authedProcedure
    .input(ZGetInAppNotificationsInput)
    .output(ZGetInAppNotificationsOutput)
    .query(({ ctx, input }) => inbox.getInAppNotifications({ scope: ctx.scope, input })),
  /** {} -> {unseenCount, unreadCount, newestUnseen, newestId}: the menu's red dot. */
  getNotificationStatus: authedProcedure
    .output(ZNotificationStatus)
    .query(({ ctx }) => inbox.getNotificationStatus({ scope: ctx.scope })),
  /** {} -> {updated}: every notification received so far is seen. */
  markNotificationsSeen: authedProcedure
    .output(ZMarkNotificationsOutput)
    .mutation(({ ctx }) => inbox.markNotificationsSeen({ scope: ctx.scope })),
  /** {id} -> {updated}; 404 for an id that is not the caller's. */
  markNotificationRead: authedProcedure
    .input(ZMarkNotificationReadInput)
    .output(ZMarkNotificationsOutput)
    .mutation(({ ctx, input }) => inbox.markNotificationRead({ scope: ctx.scope, input })),
  /** {} -> {updated}: every notification of the caller is read. */
  markAllNotificationsRead: authedProcedure
    .output(ZMarkNotificationsOutput)
    .mutation(({ ctx }) => inbox.markAllNotificationsRead({ scope: ctx.scope })),
  /** {} -> [{kind, push, email, sms, isDefault}] for each kind the caller's role receives. */
  getMyNotificationPreferences: authedProcedure
    .output(ZNotificationPreferences)
    .query(({ ctx }) => preferences.getMyNotificationPreferences({ scope: ctx.scope })),
  /** {kind, push, email, sms} -> the caller's preferences; 400 for a kind their role never receives. */
  setMyNotificationPreference: authedProcedure
    .input(ZSetNotificationPreferenceInput)
    .output(ZNotificationPreferences)
    .mutation(({ ctx, input }) => preferences.setMyNotificationPreference({ scope: ctx.scope, input })),
});
