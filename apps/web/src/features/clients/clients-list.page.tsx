import { useState } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useAllowedActions } from '@/api/allowed-actions';
import { DataTable } from '@/components/data-table/data-table';
import { ClientCreateModal } from './client-create.modal';

/** /clients: the clients view (status, branch, city, phone; search by name); rows open the client. */
export function ClientsListPage() {
  const { can } = useAllowedActions();
  const [creating, setCreating] = useState(false);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Clients</Title>
        {can('createClient') && (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setCreating(true)}>
            New client
          </Button>
        )}
      </Group>
      <DataTable view="clients" />
      <ClientCreateModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
