import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import type { Storage } from './storage';

/*
 * How an upload completes, for every table of uploaded files (client and caregiver files, chat and case
 * attachments; features/files/files.service.ts "Upload completion"): the record is made `pending` with its storage
 * key, and becomes `uploaded` once the storage holds its bytes, told by the local driver's PUT route
 * (http/storage.routes.ts) or found with `exists` when the bytes went straight to an S3 bucket.
 */

/** A table of uploaded files: its id, storage key, status (`pending` or `uploaded`) and uploader. */
export type UploadTable = PgTable & Record<'id' | 'storageKey' | 'status' | 'uploadedByUserId', PgColumn>;

/**
 * Where the upload of `storageKey` stands in `table`: `pending` (a PUT may come), `uploaded`, or null when no
 * record has the key (deleted, or never made). The local driver's PUT route asks before it accepts bytes.
 */
export async function uploadStateOf(db: Db, table: UploadTable, storageKey: string): Promise<'pending' | 'uploaded' | null> {
  const [row] = await db.select({ status: table.status }).from(table).where(eq(table.storageKey, storageKey));
  return (row?.status as 'pending' | 'uploaded' | undefined) ?? null;
}

/**
 * Marks the record of `storageKey` in `table` uploaded once its bytes are stored (the local driver's PUT route),
 * audited as done by its uploader (app.user_id, which the audit triggers read), in a transaction that locks the row.
 * @returns `uploaded`, `already-uploaded`, or `missing` when no record has the key (the bytes should go).
 */
export function markStoredUpload(
  db: Db,
  table: UploadTable,
  storageKey: string,
): Promise<'uploaded' | 'already-uploaded' | 'missing'> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: table.id, status: table.status, uploadedByUserId: table.uploadedByUserId })
      .from(table)
      .where(eq(table.storageKey, storageKey))
      .for('update');
    if (!row) return 'missing';
    if (row.status === 'uploaded') return 'already-uploaded';
    await tx.execute(sql`select set_config('app.user_id', ${String(row.uploadedByUserId ?? '')}, true)`);
    await tx.update(table).set({ status: 'uploaded' }).where(eq(table.id, row.id));
    return 'uploaded';
  });
}

/**
 * Marks the pending record `file` of `table` uploaded when the storage holds its bytes (an upload straight to an
 * S3 bucket, which no route of ours sees).
 * @returns true when it is (now) uploaded, false when the storage does not hold its bytes.
 */
export async function promoteIfStored(
  db: Db,
  storage: Storage,
  table: UploadTable,
  file: { id: number; storageKey: string },
): Promise<boolean> {
  if (!(await storage.exists(file.storageKey))) return false;
  await db
    .update(table)
    .set({ status: 'uploaded' })
    .where(and(eq(table.id, file.id), eq(table.status, 'pending')));
  return true;
}
