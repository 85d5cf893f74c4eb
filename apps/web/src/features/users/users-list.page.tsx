import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/data-table';

/** /admin/users: the staff users view (search, filters, sort, saved views, export); rows open the user. */
export function UsersListPage() {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="md">
      <Title order={2}>{t('users.title')}</Title>
      <DataTable view="users" />
    </Stack>
  );
}
