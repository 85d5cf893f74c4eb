import { Paper, Stack, Text } from '@mantine/core';
import { IconCalendarTime } from '@tabler/icons-react';
import { ClientHeader, ClientLoadState, useClient, useClientId } from './client-header';

/** /clients/{id}/schedule: the client's schedule, an honest placeholder until scheduling lands. */
export function ClientSchedulePage() {
  const id = useClientId();
  const client = useClient(id);
  if (!client.data) return <ClientLoadState id={id} query={client} />;
  return (
    <Stack gap="lg">
      <ClientHeader client={client.data} />
      <Paper withBorder radius="md" p="lg" maw={640}>
        <Stack gap="xs" align="flex-start">
          <IconCalendarTime size={28} stroke={1.5} color="var(--mantine-color-dimmed)" />
          <Text fw={500}>Schedule</Text>
          <Text size="sm" c="dimmed">
            The schedule arrives with scheduling. Until then, {client.data.firstName}&apos;s authorizations and care plan are on
            the profile.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
