import type { Db } from '../../db/client';
import type { LiveTopic } from '@hearth/shared/live/live.schema';
import { liveEvents } from './live.schema';

/** What changed and for whom (publishLiveEvent's event). */
export interface LiveEventInput {
  topic: LiveTopic;
  /** Users told whatever their role (a caregiver, a client, the user a notification is for). */
  userIds?: number[];
  /** Branches whose staff are told: everyone whose scope covers one of them (live.audience.ts reaches). */
  branchIds?: number[];
  /** The record that changed (a shift id for 'shifts' and 'visits'), or null. */
  refId?: number | null;
}

/** Sorted ids without repeats or nulls. */
function idsOf(ids: readonly (number | null | undefined)[] | undefined): number[] {
  return [...new Set((ids ?? []).filter((id): id is number => typeof id === 'number'))].sort((a, b) => a - b);
}

/**
 * Tells the open screens of an audience that something changed (issue 21 item 1, docs/architecture.md "Live
 * updates"): inserts a live_events row in the caller's transaction `db`. When that transaction commits, the row is
 * numbered in commit order and its number NOTIFYed (migration live_events_commit_order); every server process then
 * reads the row and sends it to its subscribers in the audience. A rolled-back transaction tells no one.
 * Call it after the change is written, inside the same transaction.
 * @returns {id}: the row's id (not the position subscribers see, which exists only on commit).
 */
export async function publishLiveEvent(db: Db, event: LiveEventInput): Promise<{ id: number }> {
  const [row] = await db
    .insert(liveEvents)
    .values({
      topic: event.topic,
      userIds: idsOf(event.userIds),
      branchIds: idsOf(event.branchIds),
      refId: event.refId ?? null,
    })
    .returning({ id: liveEvents.id });
  if (!row) throw new Error('live event insert returned nothing');
  return { id: row.id };
}
