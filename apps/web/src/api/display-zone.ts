import { useQuery } from '@tanstack/react-query';
import { DEFAULT_TIMEZONE } from '@hearth/shared/app/app.constants';
import { useCurrentUser } from './current-user';
import { useTRPC } from './trpc';

/**
 * The time zones staff screens write times in (issue 18 item 6; packages/shared/src/app/time-display.ts): a
 * record's BRANCH zone, and for a record of no branch the signed-in user's own zone (spec "User" timezone, default
 * America/New_York), never the browser's.
 */

/** The signed-in user's own time zone (getCurrentUser.timezone; the spec's default until it is known). */
export function useUserTimeZone(): string {
  return useCurrentUser().data?.timezone ?? DEFAULT_TIMEZONE;
}

/**
 * A function from a branch id to its time zone (getBranches, cached 5 minutes), the user's own zone for no branch,
 * a branch outside the caller's scope, or while the branches load.
 */
export function useBranchTimeZones(): (branchId: number | null | undefined) => string {
  const trpc = useTRPC();
  const own = useUserTimeZone();
  const branches = useQuery({ ...trpc.getBranches.queryOptions(), staleTime: 5 * 60_000 });
  return (branchId) => branches.data?.find((b) => b.id === branchId)?.timezone ?? own;
}

/** The time zone of one branch (useBranchTimeZones). */
export function useBranchTimeZone(branchId: number | null | undefined): string {
  return useBranchTimeZones()(branchId);
}
