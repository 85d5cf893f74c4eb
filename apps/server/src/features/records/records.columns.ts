import { text, timestamp, integer, date, bigint } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';

/**
 * The columns a stored file has on any person's record (client_files, caregiver_files), after the id and the owner
 * column: name, size in bytes, content type, storage key, upload status (pending until the bytes arrive), uploader.
 * A function, because each table needs its own column builders.
 */
export function recordFileColumns() {
  return {
    filename: text('filename').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    status: text('status', { enum: ['pending', 'uploaded'] })
      .notNull()
      .default('pending'),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  };
}

/** The columns of a journal entry (a dated note by staff) on any person's record, after the id and the owner. */
export function journalEntryColumns() {
  return {
    entryDate: date('entry_date').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  };
}
