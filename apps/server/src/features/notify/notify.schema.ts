import { pgTable, bigserial, text, timestamp, integer, index } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';

/**
 * The outbox: every message the default notifier "sends" (email, SMS, push), shown at /mocks. Real drivers
 * (SMTP, an SMS provider, web push) deliver the same rows.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel', { enum: ['email', 'sms', 'push'] }).notNull(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject'),
    body: text('body').notNull(),
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
);
