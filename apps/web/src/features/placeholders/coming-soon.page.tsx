import { Paper, Stack, Text, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';

/** An honest stand-in for a screen that is not built yet: it names the screen and says so, and shows no fake data. */
export function ComingSoonPage({ screen, detail }: { screen: string; detail?: string }) {
  return (
    <Stack gap="md" maw={640}>
      <Title order={2}>{screen}</Title>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="xs" align="flex-start">
          <IconTools size={28} stroke={1.5} color="var(--mantine-color-dimmed)" />
          <Text fw={500}>{screen} — coming soon.</Text>
          <Text c="dimmed" size="sm">
            {detail ?? 'This screen is not built yet.'}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
