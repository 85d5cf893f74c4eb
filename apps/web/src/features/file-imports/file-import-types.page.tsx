import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/api/trpc';
import { AdminTypesList } from '@/components/records/admin-types-list';
import { expectedColumns, IMPORT_TARGET_LABELS } from './file-imports.format';

/** Where one type is edited. */
export const importTypeHref = (name: string) => `/admin/file-import-types/${encodeURIComponent(name)}`;

/**
 * /admin/file-import-types (spec section 6, system level): every import type with what it creates and how many
 * columns it reads; a type opens its edit form. Without system-level access the list is shown without links.
 */
export function FileImportTypesPage() {
  const trpc = useTRPC();
  const types = useQuery(trpc.getFileImportTypes.queryOptions());
  return (
    <AdminTypesList
      title="File Import Types"
      noun="import types"
      types={types}
      href={importTypeHref}
      columns={[
        { label: 'Creates', cell: (t) => IMPORT_TARGET_LABELS[t.target] },
        { label: 'Columns', cell: (t) => expectedColumns(t).length, align: 'right' },
        {
          label: 'Built in',
          cell: (t) => (t.builtIn ? <Badge variant="light">Built in</Badge> : <Badge variant="default">Custom</Badge>),
        },
      ]}
    />
  );
}
