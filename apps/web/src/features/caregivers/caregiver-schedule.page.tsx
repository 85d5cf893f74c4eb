import { Paper, Stack, Text } from '@mantine/core';
import { IconCalendarTime } from '@tabler/icons-react';
import { CaregiverHeader, CaregiverLoadState, useCaregiver, useCaregiverId } from './caregiver-header';

/** /caregivers/{id}/schedule: the caregiver's schedule, an honest placeholder until scheduling lands. */
export function CaregiverSchedulePage() {
  const id = useCaregiverId();
  const caregiver = useCaregiver(id);
  if (!caregiver.data) return <CaregiverLoadState id={id} query={caregiver} />;
  return (
    <Stack gap="lg">
      <CaregiverHeader caregiver={caregiver.data} />
      <Paper withBorder radius="md" p="lg" maw={640}>
        <Stack gap="xs" align="flex-start">
          <IconCalendarTime size={28} stroke={1.5} color="var(--mantine-color-dimmed)" />
          <Text fw={500}>Schedule</Text>
          <Text size="sm" c="dimmed">
            The schedule arrives with scheduling. Until then, {caregiver.data.firstName}&apos;s availability and credentials are
            on the profile.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
