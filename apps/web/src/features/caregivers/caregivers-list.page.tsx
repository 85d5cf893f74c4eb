import { useState } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useAllowedActions } from '@/api/allowed-actions';
import { DataTable } from '@/components/data-table/data-table';
import { CaregiverCreateModal } from './caregiver-create.modal';

/** /caregivers: the caregivers view (status, branch, city, phone, credential expiry; search by name). */
export function CaregiversListPage() {
  const { can } = useAllowedActions();
  const [creating, setCreating] = useState(false);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Caregivers</Title>
        {can('createCaregiver') && (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setCreating(true)}>
            New caregiver
          </Button>
        )}
      </Group>
      <DataTable view="caregivers" />
      <CaregiverCreateModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
