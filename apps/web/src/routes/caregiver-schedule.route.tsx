import { Stack } from '@mantine/core';
import { CaregiverHeader, CaregiverLoadState, useCaregiver, useCaregiverId } from '@/features/caregivers/caregiver-header';
import { ShiftCalendar } from '@/features/shifts/shift-calendar';
import { WithChatInShiftDrawer } from './shift-drawer-chat';

/**
 * /caregivers/{id}/schedule (spec section 2): the caregiver's header and their calendar of shifts (client shown
 * on each). A visit's drawer lists the chat about it (shift-drawer-chat.tsx).
 * Composed here because features do not import each other.
 */
export function CaregiverScheduleRoute() {
  const id = useCaregiverId();
  const caregiver = useCaregiver(id);
  if (!caregiver.data || id === null) return <CaregiverLoadState id={id} query={caregiver} />;
  const c = caregiver.data;
  return (
    <Stack gap="md">
      <CaregiverHeader caregiver={c} />
      <WithChatInShiftDrawer>
        <ShiftCalendar party="caregiver" owner={{ id: c.id, name: `${c.firstName} ${c.lastName}` }} branchId={c.branchId} />
      </WithChatInShiftDrawer>
    </Stack>
  );
}
