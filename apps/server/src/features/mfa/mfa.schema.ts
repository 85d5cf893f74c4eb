import { pgTable, serial, text, integer, boolean, timestamp, index } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';

/**
 * better-auth two-factor plugin's table (model `twoFactor`): a user's authenticator secret and backup codes, both
 * encrypted with the auth secret by the plugin, whether the authenticator was verified by a first code, and the
 * count of consecutive failed verifications that locks the user's code checks for a while (per-user rate limit).
 */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: serial('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('two_factors_user_idx').on(t.userId), index('two_factors_secret_idx').on(t.secret)],
);
