import { text, timestamp, integer, date, bigint, boolean, doublePrecision, serial, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { branches } from '../branches/branches.schema';
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
    ...timestampColumns(),
  };
}

/**
 * The owner column of a record on a person (client_id, caregiver_id): required, and deleted with its owner.
 * `name` is the SQL column name, `ownerId` the owner's id column.
 */
export function ownerIdColumn(name: string, ownerId: () => AnyPgColumn) {
  return integer(name).notNull().references(ownerId, { onDelete: 'cascade' });
}

/**
 * The first columns of a record on a person: its serial id and the owner column `key` (SQL name `name`, e.g.
 * caregiverId / caregiver_id) referencing `ownerId`, deleted with its owner.
 */
export function ownedRecordColumns<K extends string>(key: K, name: string, ownerId: () => AnyPgColumn) {
  return {
    id: serial('id').primaryKey(),
    ...({ [key]: ownerIdColumn(name, ownerId) } as Record<K, ReturnType<typeof ownerIdColumn>>),
  };
}

/**
 * The identity columns a person (client, caregiver) starts with, after the id: the branch, the sign-in user (if
 * any), the id in the system it was imported from, and first and last name.
 */
export function personColumns() {
  return {
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    userId: integer('user_id').references(() => users.id),
    externalId: text('external_id'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
  };
}

/** When a record was created and last changed (UTC timestamps, both set on insert). */
export function timestampColumns() {
  return {
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  };
}

/**
 * The columns of an address on any person's record, after the id, the owner and (clients) the label: the US
 * postal address, its coordinates in WGS84 degrees (null until geocoded) and the primary mark.
 */
export function addressColumns() {
  return {
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    isPrimary: boolean('is_primary').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  };
}
