import { pgTable, bigserial, text, timestamp, integer, index } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';

/** Where a message stands (issue 21 item 5); OUTBOX_STATES in the shared schema lists the same values. */
export const OUTBOX_STATE_VALUES = ['kept', 'queued', 'sent', 'failed'] as const;

/**
 * The outbox: every message notify() writes (email, SMS, push), shown at /mocks. A channel without a delivering
 * driver leaves its rows `kept` (the row is the message); a delivering one (SMTP, an SMS provider, web push) has
 * them `queued` and its `deliver-message` job makes them `sent` (sentAt) or `failed` (failureReason), counting
 * `attempts`.
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
    state: text('state', { enum: OUTBOX_STATE_VALUES }).notNull().default('kept'),
    /** Delivery attempts made (0 for a kept row). */
    attempts: integer('attempts').notNull().default(0),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** Why the last attempt failed (the provider's answer or the error), cleared when a retry succeeds. */
    failureReason: text('failure_reason'),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
);
