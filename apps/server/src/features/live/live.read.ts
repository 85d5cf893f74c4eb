import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { LiveTopic } from '@hearth/shared/live/live.schema';
import { audienceCondition, type LiveRow, type LiveSubscriber } from './live.audience';

interface RawRow {
  seq: string | number;
  topic: LiveTopic;
  ref_id: number | null;
  user_ids: number[] | null;
  branch_ids: number[] | null;
  company_ids: number[] | null;
}

const toRow = (raw: RawRow): LiveRow => ({
  seq: Number(raw.seq),
  topic: raw.topic,
  refId: raw.ref_id,
  userIds: (raw.user_ids ?? []).map(Number),
  branchIds: (raw.branch_ids ?? []).map(Number),
  companyIds: (raw.company_ids ?? []).map(Number),
});

/** Committed events after position `afterSeq`, in order, at most `limit`, with the companies of their branches. */
async function selectAfter(db: Db, afterSeq: number, limit: number, where: SQL = sql`true`): Promise<LiveRow[]> {
  const result = await db.execute(sql`select e.seq, e.topic, e.ref_id, e.user_ids, e.branch_ids,
      coalesce((select array_agg(distinct br.company_id) from branches br where br.id = any(e.branch_ids)), '{}')
        as company_ids
    from live_events e
    where e.seq > ${afterSeq} and ${where}
    order by e.seq
    limit ${limit}`);
  return rowsOf<RawRow>(result).map(toRow);
}

/** Every committed event after `afterSeq` (at most `limit`), whoever it is for: what a process dispatches. */
export function readEventsAfter(db: Db, afterSeq: number, limit: number): Promise<LiveRow[]> {
  return selectAfter(db, afterSeq, limit);
}

/** The committed events after `afterSeq` that reach `subscriber` (at most `limit`): a resuming client's backlog. */
export function readMissedEvents(db: Db, subscriber: LiveSubscriber, afterSeq: number, limit: number): Promise<LiveRow[]> {
  return selectAfter(db, afterSeq, limit, audienceCondition(subscriber));
}

/** The first and last positions still kept (0 and 0 when there are none). */
export async function keptRange(db: Db): Promise<{ first: number; last: number }> {
  const [row] = rowsOf<{ first: string | number | null; last: string | number | null }>(
    await db.execute(sql`select min(seq) as first, max(seq) as last from live_events`),
  );
  return { first: Number(row?.first ?? 0), last: Number(row?.last ?? 0) };
}
