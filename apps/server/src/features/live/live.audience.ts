import { sql, type SQL } from 'drizzle-orm';
import type { ScopeLevel } from '../../auth/scope';
import { inBranchScope } from '../../auth/scope';
import type { Caller } from '../../auth/caller';
import type { LiveTopic } from '@hearth/shared/live/live.schema';

/** Who listens: the signed-in (or impersonated) user and the reach of their role, as their scope has it. */
export interface LiveSubscriber {
  userId: number;
  level: ScopeLevel;
  companyId: number | null;
  branchIds: readonly number[];
}

/** A committed live event as subscribers are matched against it: its position, what changed, and for whom. */
export interface LiveRow {
  /** The position in commit order (live.schema.ts `seq`), the event id subscribers see. */
  seq: number;
  topic: LiveTopic;
  refId: number | null;
  userIds: number[];
  branchIds: number[];
  /** The companies of `branchIds` (read with the row), for company-level staff. */
  companyIds: number[];
}

/** The subscriber a caller is. */
export function subscriberOf(caller: Caller): LiveSubscriber {
  return {
    userId: caller.user.id,
    level: caller.level,
    companyId: caller.user.companyId,
    branchIds: caller.branchIds,
  };
}

/**
 * Whether an event reaches a subscriber (issue 21 item 1): they are one of its users, or their scope covers one of
 * its branches: every branch at system level, the branches of their company at company level, their own branches
 * at branch level. Caregivers, clients and trusted contacts have no branch scope (level none): only their user id
 * reaches them. The same rule as audienceCondition, for events this process has already read.
 */
export function reaches(row: Pick<LiveRow, 'userIds' | 'branchIds' | 'companyIds'>, subscriber: LiveSubscriber): boolean {
  if (row.userIds.includes(subscriber.userId)) return true;
  if (row.branchIds.length === 0) return false;
  switch (subscriber.level) {
    case 'system':
      return true;
    case 'company':
      return subscriber.companyId !== null && row.companyIds.includes(subscriber.companyId);
    case 'branch':
      return row.branchIds.some((id) => subscriber.branchIds.includes(id));
    case 'none':
      return false;
  }
}

/**
 * The rule of `reaches` as a condition on live_events (aliased `e`), for replaying missed events from the table:
 * the branch part goes through the one branch-scope helper (auth/scope.ts inBranchScope).
 */
export function audienceCondition(subscriber: LiveSubscriber): SQL {
  const branchScope = inBranchScope({ ...subscriber, branchIds: [...subscriber.branchIds] }, sql`b.id`);
  return sql`(${subscriber.userId} = any(e.user_ids)
    or exists (select 1 from unnest(e.branch_ids) as b(id) where ${branchScope}))`;
}
