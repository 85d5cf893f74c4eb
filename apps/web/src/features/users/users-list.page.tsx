import { Stack, Title } from '@mantine/core';
import { DataTable } from '@/components/data-table/data-table';

/** /admin/users: the staff users view (search, filters, sort, saved views, export); rows open the user. */
export function UsersListPage() {
  return (
    <Stack gap="md">
      <Title order={2}>Users</Title>
      <DataTable view="users" />
    </Stack>
  );
}
