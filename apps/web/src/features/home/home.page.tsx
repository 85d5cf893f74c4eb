import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarTime } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCurrentUser } from '@/api/current-user';

/** Home (/): a welcome naming the user and their role. Dashboards will live here once they are built. */
export function HomePage() {
  const user = useCurrentUser().data;
  if (!user) return null;
  return (
    <Stack gap="md" maw={720}>
      <Title order={2}>Welcome, {user.firstName}</Title>
      <Text c="dimmed">
        Signed in as {user.username} ({user.role.name}).
      </Text>
      <Paper withBorder p="lg" radius="md">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text fw={500}>Shifts</Text>
            <Text size="sm" c="dimmed">
              Every shift of your branches, with filters by date, status, caregiver and client, and open shifts.
            </Text>
          </div>
          <Button component={Link} to="/shifts" variant="light" leftSection={<IconCalendarTime size={16} />}>
            Shifts
          </Button>
        </Group>
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <Text fw={500}>Dashboards are coming soon.</Text>
        <Text size="sm" c="dimmed">
          Visit verification, schedule and billing summaries will appear here. Use the menu to reach the screens that exist today.
        </Text>
      </Paper>
    </Stack>
  );
}
