import { pgTable, serial, text, timestamp, integer, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';

/**
 * Browsers that accept web push for a user (issue 21 item 4), one row per user and device, written by POST
 * /notifications/register-device (push.service.ts). The endpoint and keys are secrets: whoever holds them can push
 * to that browser, so no API returns them; only push.driver.ts reads them. Not audited, for the same reason.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The browser and system from its User-Agent ("Chrome on Android"); a new subscription of it replaces the old. */
    device: text('device').notNull(),
    /** The push service's URL for this browser (https). */
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key, base64url. */
    p256dh: text('p256dh').notNull(),
    /** The browser's 16-byte auth secret, base64url. */
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the push service last accepted a message for it; null until then. */
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [
    // A browser's subscription belongs to one user: the last to register it on a shared browser.
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    // Also the index of a user's subscriptions (its leading column).
    uniqueIndex('push_subscriptions_user_device_idx').on(t.userId, t.device),
  ],
);
