import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/data-table';

/** /admin/branches: the branches view (address, time zone, geofence radius); rows open the branch. */
export function BranchesListPage() {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="md">
      <Title order={2}>{t('branches.title')}</Title>
      <DataTable view="branches" />
    </Stack>
  );
}
