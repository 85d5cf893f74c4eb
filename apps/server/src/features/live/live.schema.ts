import { pgTable, bigserial, bigint, text, timestamp, integer, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { LIVE_TOPICS } from '@hearth/shared/live/live.schema';

/**
 * Live events (issue 21 item 1, docs/architecture.md "Live updates"): the truth of what changed, for whom. A row
 * names a topic and the record (`ref_id`), never its data; subscribers refetch through their own scoped queries.
 * The audience is the users listed in `user_ids` plus the staff whose scope covers a branch in `branch_ids`.
 *
 * `seq` is the event's position in commit order, the id subscribers see: a deferred trigger (migration
 * live_events_commit_order) sets it at commit under a transaction lock, so a later seq is never visible before an
 * earlier one and "every event after N" misses none. It then NOTIFYs the seq on channel `live_events` (delivered on
 * commit only). Rows are pruned after a day (live.prune.ts).
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null until the writing transaction commits (set by the trigger). */
    seq: bigint('seq', { mode: 'number' }),
    topic: text('topic', { enum: LIVE_TOPICS }).notNull(),
    userIds: integer('user_ids').array().notNull().default([]),
    branchIds: integer('branch_ids').array().notNull().default([]),
    refId: integer('ref_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('live_events_seq_idx').on(t.seq), index('live_events_created_idx').on(t.createdAt)],
);
