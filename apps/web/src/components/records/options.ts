import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/api/trpc';
import { useTranslation } from 'react-i18next';

/** A Select option. */
export interface Option {
  value: string;
  label: string;
}

/** The branches in the caller's scope as Select options (value: the id as text), by name. */
export function useBranchOptions(): { options: Option[]; loading: boolean } {
  const trpc = useTRPC();
  const branches = useQuery({ ...trpc.getBranches.queryOptions(), staleTime: 5 * 60_000 });
  return {
    options: (branches.data ?? []).map((b) => ({ value: String(b.id), label: b.name })),
    loading: branches.isPending,
  };
}

/**
 * The active payer sources as Select options; a current pick that is no longer active stays listed (as "name
 * (inactive)") rather than blanking the field.
 */
export function usePayerSourceOptions(current?: { id: number; name: string } | null): { options: Option[]; loading: boolean } {
  const trpc = useTRPC();
  const payers = useQuery({ ...trpc.getPayerSources.queryOptions({ activeOnly: true }), staleTime: 60_000 });
  const { t } = useTranslation('records');
  const options = (payers.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  if (current && !options.some((o) => o.value === String(current.id))) {
    options.push({ value: String(current.id), label: t('payerInactive', { name: current.name }) });
  }
  return { options, loading: payers.isPending };
}
