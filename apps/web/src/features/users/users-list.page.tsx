import { useState } from 'react';
import { Alert, Anchor, Badge, Group, Pagination, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTRPC } from '@/api/trpc';

const PAGE_SIZE = 50;

/** /admin/users: the staff list, searchable by name, username or email, one page at a time. */
export function UsersListPage() {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const users = useQuery({
    ...trpc.getUsers.queryOptions({ search: debouncedSearch || undefined, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Users</Title>
        <TextInput
          placeholder="Search name, username or email"
          aria-label="Search users"
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={280}
        />
      </Group>
      {users.isError && <Alert color="red">{users.error.message}</Alert>}
      <Paper withBorder radius="md">
        <Table.ScrollContainer type="native" minWidth={760}>
          <Table striped highlightOnHover verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Username</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Phone</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Branches</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.data?.rows.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/users/${user.id}`} fz="sm">
                      {user.firstName} {user.lastName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{user.username}</Table.Td>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td>{user.phoneNumber ?? ''}</Table.Td>
                  <Table.Td>{user.roleName}</Table.Td>
                  <Table.Td>{user.branchNames.join(', ')}</Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={user.isActive ? 'teal' : 'gray'}>
                      {user.isActive ? 'Active' : 'Inactive'}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
              {users.data?.rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text c="dimmed" ta="center" py="md">
                      No users match this search.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {users.isPending && (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text c="dimmed" ta="center" py="md">
                      Loading users…
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {users.data && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {users.data.totalCount} {users.data.totalCount === 1 ? 'user' : 'users'}
          </Text>
          {users.data.totalPages > 1 && <Pagination size="sm" total={users.data.totalPages} value={page} onChange={setPage} />}
        </Group>
      )}
    </Stack>
  );
}
