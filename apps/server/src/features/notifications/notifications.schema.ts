import { sql } from 'drizzle-orm';
import { pgTable, serial, text, timestamp, integer, boolean, index, primaryKey } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS } from '@hearth/shared/notifications/notifications.schema';
import { users } from '../users/users.schema';

/**
 * In-app notifications (issue 21 item 2): one row per notification per user, its title and body already rendered in
 * the recipient's language when sent. `seen_at` is set when the user opens the list (the menu's red dot goes out),
 * `read_at` when they open that notification.
 */
export const inAppNotifications = pgTable(
  'in_app_notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** An app path the notification opens (e.g. /shifts/12), or null. */
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // A user's list, newest first (getInAppNotifications), and their newest one (the red dot).
    index('in_app_notifications_user_newest_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The counts of getNotificationStatus read only the few unseen / unread rows of a user.
    index('in_app_notifications_user_unseen_idx')
      .on(t.userId)
      .where(sql`${t.seenAt} is null`),
    index('in_app_notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/**
 * The channels a user chose for a kind beyond in-app (issue 21 item 3). No row: the role's default
 * (defaultChannels in packages/shared notifications.schema.ts).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    push: boolean('push').notNull(),
    email: boolean('email').notNull(),
    sms: boolean('sms').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
