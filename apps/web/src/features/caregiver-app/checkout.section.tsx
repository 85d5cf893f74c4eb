import { Paper, Stack, Text } from '@mantine/core';

/**
 * One titled block of the check-out care sheet: `title` above `children`, in a bordered paper. `titleId` lets a
 * control inside take the shown title as its accessible name (aria-labelledby, WCAG 4.1.2).
 */
export function Section({ title, titleId, children }: { title: string; titleId?: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Text fw={600} id={titleId}>
          {title}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}
