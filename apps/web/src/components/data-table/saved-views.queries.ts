import { useQueryClient } from '@tanstack/react-query';
import type { FrontendView, ViewFilter, ViewSort } from '@hearth/shared/views/views.schema';
import { useTRPC } from '@/api/trpc';

/** Who a saved view is shared with: the user only, a branch, or the company. */
export type Sharing = FrontendView['sharedWith'];

/** What a saved view stores of the table. */
export interface ViewSetup {
  columns: string[];
  filters: ViewFilter[];
  sort: ViewSort[];
}

/**
 * Refetches the saved views of the backend view `view` (after one was saved, overwritten or deleted).
 * @returns a function starting the refetch; its promise settles when the list is fresh
 */
export function useRefreshSavedViews(view: string): () => Promise<void> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.getFrontendViews.queryKey({ view }) });
}
