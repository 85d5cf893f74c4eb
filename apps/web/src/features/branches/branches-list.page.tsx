import { Alert, Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTRPC } from '@/api/trpc';

/** /admin/branches: the agency's branches with their address, time zone and geofence radius. */
export function BranchesListPage() {
  const trpc = useTRPC();
  const branches = useQuery(trpc.getBranches.queryOptions());
  return (
    <Stack gap="md">
      <Title order={2}>Branches</Title>
      {branches.isError && <Alert color="red">{branches.error.message}</Alert>}
      <Paper withBorder radius="md">
        <Table.ScrollContainer type="native" minWidth={640}>
          <Table striped highlightOnHover verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Address</Table.Th>
                <Table.Th>Time zone</Table.Th>
                <Table.Th ta="right">Geofence (m)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {branches.data?.map((branch) => (
                <Table.Tr key={branch.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/branches/${branch.id}`} fz="sm">
                      {branch.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {[branch.addressLine1, branch.addressLine2, branch.city, [branch.state, branch.zip].filter(Boolean).join(' ')]
                      .filter(Boolean)
                      .join(', ')}
                  </Table.Td>
                  <Table.Td>{branch.timezone}</Table.Td>
                  <Table.Td ta="right">{branch.geofenceRadiusMetres}</Table.Td>
                </Table.Tr>
              ))}
              {(branches.isPending || branches.data?.length === 0) && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text c="dimmed" ta="center" py="md">
                      {branches.isPending ? 'Loading branches…' : 'No branches yet.'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
