import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '@/api/trpc';
import { AdminTypesList } from '@/components/records/admin-types-list';
import { expectedColumns, importTargetLabel } from './file-imports.format';

/** Where one type is edited. */
export const importTypeHref = (name: string) => `/admin/file-import-types/${encodeURIComponent(name)}`;

/**
 * /admin/file-import-types (spec section 6, system level): every import type with what it creates and how many
 * columns it reads; a type opens its edit form. Without system-level access the list is shown without links.
 */
export function FileImportTypesPage() {
  const { t } = useTranslation('files');
  const trpc = useTRPC();
  const types = useQuery(trpc.getFileImportTypes.queryOptions());
  return (
    <AdminTypesList
      title={t('importTypes.title')}
      texts={{ loading: t('importTypes.loadingList'), empty: t('importTypes.empty'), readOnly: t('importTypes.readOnly') }}
      types={types}
      href={importTypeHref}
      columns={[
        { label: t('importTypes.creates'), cell: (type) => importTargetLabel(type.target) },
        { label: t('importTypes.columns'), cell: (type) => expectedColumns(type).length, align: 'right' },
        {
          label: t('importTypes.builtIn'),
          cell: (type) =>
            type.builtIn ? (
              <Badge variant="light">{t('importTypes.builtIn')}</Badge>
            ) : (
              <Badge variant="default">{t('importTypes.custom')}</Badge>
            ),
        },
      ]}
    />
  );
}
