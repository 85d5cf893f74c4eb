import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '@/api/trpc';

/** A branch picker over the caller's branches: "All branches" (undefined) or one. Hidden with a single branch. */
export function BranchPicker({ value, onChange }: { value: number | undefined; onChange: (id: number | undefined) => void }) {
  const { t } = useTranslation('reports');
  const trpc = useTRPC();
  const branches = useQuery({ ...trpc.getBranches.queryOptions(), staleTime: 5 * 60_000 });
  const list = branches.data ?? [];
  if (list.length < 2) return null;
  return (
    <Select
      size="xs"
      label={t('filters.branch')}
      w={200}
      data={[{ value: '', label: t('filters.allBranches') }, ...list.map((b) => ({ value: String(b.id), label: b.name }))]}
      value={value === undefined ? '' : String(value)}
      onChange={(v) => onChange(v ? Number(v) : undefined)}
      allowDeselect={false}
    />
  );
}
