import { Stack } from '@mantine/core';
import { CaregiverHeader, CaregiverLoadState, useCaregiver, useCaregiverId } from '@/features/caregivers/caregiver-header';
import { ShiftCalendar } from '@/features/shifts/shift-calendar';

/**
 * /caregivers/{id}/schedule (spec section 2): the caregiver's header and their calendar of shifts (client shown
 * on each). Composed here because features do not import each other.
 */
export function CaregiverScheduleRoute() {
  const id = useCaregiverId();
  const caregiver = useCaregiver(id);
  if (!caregiver.data || id === null) return <CaregiverLoadState id={id} query={caregiver} />;
  const c = caregiver.data;
  return (
    <Stack gap="md">
      <CaregiverHeader caregiver={c} />
      <ShiftCalendar party="caregiver" owner={{ id: c.id, name: `${c.firstName} ${c.lastName}` }} branchId={c.branchId} />
    </Stack>
  );
}
