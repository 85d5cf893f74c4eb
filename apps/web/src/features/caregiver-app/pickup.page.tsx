import { Paper, Stack, Text, Title } from '@mantine/core';

/** /app/pickup: shift pickup offers; not built yet, and it says so. */
export function PickupPage() {
  return (
    <Stack gap="md">
      <Title order={3}>Pickup</Title>
      <Paper withBorder p="lg" radius="md">
        <Text fw={500}>Shift pickup offers are coming soon.</Text>
        <Text size="sm" c="dimmed">
          Open shifts your agency invites you to pick up will appear here.
        </Text>
      </Paper>
    </Stack>
  );
}
