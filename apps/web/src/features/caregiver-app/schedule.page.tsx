import { Paper, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';

/** /app: the caregiver's schedule (or missed visits with ?status=missing); not built yet, and it says so. */
export function SchedulePage() {
  const [searchParams] = useSearchParams();
  const missed = searchParams.get('status') === 'missing';
  return (
    <Stack gap="md">
      <Title order={3}>{missed ? 'Missed visits' : 'Schedule'}</Title>
      <Paper withBorder p="lg" radius="md">
        <Text fw={500}>{missed ? 'Your missed visits are coming soon.' : 'Your schedule is coming soon.'}</Text>
        <Text size="sm" c="dimmed">
          {missed
            ? 'Visits that still need a check-in, check-out or tasks will be listed here.'
            : 'Your upcoming visits, check-in and check-out will appear here.'}
        </Text>
      </Paper>
    </Stack>
  );
}
