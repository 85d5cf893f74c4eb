import { Paper, Stack, Text } from '@mantine/core';

/** One titled block of the check-out care sheet: `title` above `children`, in a bordered paper. */
export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Text fw={600}>{title}</Text>
        {children}
      </Stack>
    </Paper>
  );
}
