import { pgTable, serial, text, timestamp, integer, uuid, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';

/**
 * Keys of the caregiver app's encrypted offline cache (spec "Encryption keys"): created by encryptionKeys.createKey,
 * read back by encryptionKeys.getKey {keyUuid}. Only the owner reads a key. The key is stored sealed with the
 * server's secret (AES-256-GCM), never in the clear.
 */
export const encryptionKeys = pgTable(
  'encryption_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyUuid: uuid('key_uuid').notNull(),
    sealedKey: text('sealed_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('encryption_keys_uuid_idx').on(t.keyUuid)],
);
