import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** How long live events are kept (milliseconds): a day, far longer than any stream stays away and resumes. */
export const LIVE_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the live events older than LIVE_RETENTION_MS at `now` (the `prune-live-events` job, hourly). The newest
 * event is always kept, so a client resuming from before the oldest kept event is recognised as having missed some
 * and told to refresh everything (live.stream.ts 'resync'), even after a quiet day.
 * @returns how many were deleted.
 */
export async function pruneLiveEvents(db: Db, now: Date = new Date()): Promise<{ deleted: number }> {
  const cutoff = new Date(now.getTime() - LIVE_RETENTION_MS);
  const deleted = rowsOf<{ id: number }>(
    await db.execute(sql`delete from live_events
      where created_at < ${cutoff.toISOString()}
        and seq < (select max(seq) from live_events)
      returning id`),
  );
  return { deleted: deleted.length };
}
