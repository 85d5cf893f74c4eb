import { Stack, Title } from '@mantine/core';
import { DataTable } from '@/components/data-table/data-table';

/** /admin/branches: the branches view (address, time zone, geofence radius); rows open the branch. */
export function BranchesListPage() {
  return (
    <Stack gap="md">
      <Title order={2}>Branches</Title>
      <DataTable view="branches" />
    </Stack>
  );
}
