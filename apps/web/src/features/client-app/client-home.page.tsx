import { Paper, Stack, Text, Title } from '@mantine/core';
import { useCurrentUser } from '@/api/current-user';

/** /client-mobile-app: the client and trusted-contact home; its content is not specified yet, and it says so. */
export function ClientHomePage() {
  const user = useCurrentUser().data;
  return (
    <Stack gap="md" maw={560} mx="auto">
      <Title order={3}>Welcome{user ? `, ${user.firstName}` : ''}</Title>
      <Paper withBorder p="lg" radius="md">
        <Text fw={500}>The client app is coming soon.</Text>
        <Text size="sm" c="dimmed">
          Visit times, caregivers and messages with your agency will appear here.
        </Text>
      </Paper>
    </Stack>
  );
}
