import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { noticeLedger } from './notice-ledger.schema';

/**
 * Claims notices in the ledger (notice-ledger.schema.ts) inside the caller's transaction `db`: inserts one row per
 * subject of `kind` and returns the subjects this call inserted. A subject another run already claimed (or is
 * claiming in a transaction not yet committed: the insert waits for it) is left out, so each notice is sent once.
 * @returns the claimed subjects, a subset of `subjects`.
 */
export async function claimNotices(db: Db, kind: string, subjects: string[]): Promise<Set<string>> {
  if (subjects.length === 0) return new Set();
  const rows = await db
    .insert(noticeLedger)
    .values(subjects.map((subject) => ({ kind, subject })))
    .onConflictDoNothing()
    .returning({ subject: noticeLedger.subject });
  return new Set(rows.map((r) => r.subject));
}

/** A condition true when `kind` has not been claimed for `subject` (an SQL text expression). */
export function notClaimed(kind: string, subject: ReturnType<typeof sql>) {
  return sql`not exists (select 1 from ${noticeLedger} l where l.kind = ${kind} and l.subject = ${subject})`;
}

/** Where a job run's next batch starts: after this visit's start (ISO UTC) and id (keyset paging). */
export interface Cursor {
  startAt: string;
  id: number;
}

/** What one batch of a job run found and sent, and the last visit it read (the next batch's Cursor). */
export interface Batch<V> {
  found: number;
  sent: number;
  last: V | undefined;
}
