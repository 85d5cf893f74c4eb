import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '@/api/trpc';
import { AdminTypesList } from '@/components/records/admin-types-list';
import { exportFormatLabel, exportKindLabel, formatRetention } from './file-exports.format';

/** Where one type is edited. */
export const exportTypeHref = (name: string) => `/admin/file-export-types/${encodeURIComponent(name)}`;

/**
 * /admin/file-export-types (spec section 6, system level): every export type with its kind, format and how long
 * its files are kept; a type opens its edit form. Without system-level access the list is shown without links.
 */
export function FileExportTypesPage() {
  const { t } = useTranslation('files');
  const trpc = useTRPC();
  const types = useQuery(trpc.getFileExportTypes.queryOptions());
  return (
    <AdminTypesList
      title={t('exportTypes.title')}
      texts={{ loading: t('exportTypes.loadingList'), empty: t('exportTypes.empty'), readOnly: t('exportTypes.readOnly') }}
      types={types}
      href={exportTypeHref}
      columns={[
        { label: t('exportTypes.exports'), cell: (type) => exportKindLabel(type.kind) },
        { label: t('exportTypes.format'), cell: (type) => exportFormatLabel(type.format) },
        { label: t('exportTypes.keptFor'), cell: (type) => formatRetention(type.retentionHours) },
      ]}
    />
  );
}
