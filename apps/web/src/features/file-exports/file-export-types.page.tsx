import { useQuery } from '@tanstack/react-query';
import { FILE_EXPORT_KIND_LABELS } from '@hearth/shared/file-exports/file-exports.kinds';
import { useTRPC } from '@/api/trpc';
import { AdminTypesList } from '@/components/records/admin-types-list';
import { EXPORT_FORMAT_LABELS, formatRetention } from './file-exports.format';

/** Where one type is edited. */
export const exportTypeHref = (name: string) => `/admin/file-export-types/${encodeURIComponent(name)}`;

/**
 * /admin/file-export-types (spec section 6, system level): every export type with its kind, format and how long
 * its files are kept; a type opens its edit form. Without system-level access the list is shown without links.
 */
export function FileExportTypesPage() {
  const trpc = useTRPC();
  const types = useQuery(trpc.getFileExportTypes.queryOptions());
  return (
    <AdminTypesList
      title="File Export Types"
      noun="export types"
      types={types}
      href={exportTypeHref}
      columns={[
        { label: 'Exports', cell: (t) => FILE_EXPORT_KIND_LABELS[t.kind] },
        { label: 'Format', cell: (t) => EXPORT_FORMAT_LABELS[t.format] },
        { label: 'Kept for', cell: (t) => formatRetention(t.retentionHours) },
      ]}
    />
  );
}
