import { Stack } from '@mantine/core';
import { useAllowedActions } from '@/api/allowed-actions';
import { ClientHeader, ClientLoadState, useClient, useClientId } from '@/features/clients/client-header';
import { ShiftCalendar } from '@/features/shifts/shift-calendar';
import { ShiftPatternsCard } from '@/features/shifts/shift-patterns.card';
import { WithChatInShiftDrawer } from './shift-drawer-chat';

/**
 * /clients/{id}/schedule (spec section 2): the client's header, their calendar of shifts (caregiver shown on
 * each) and their recurring patterns. A visit's drawer lists the chat about it (shift-drawer-chat.tsx).
 * Composed here because features do not import each other.
 */
export function ClientScheduleRoute() {
  const id = useClientId();
  const client = useClient(id);
  const { can } = useAllowedActions();
  if (!client.data || id === null) return <ClientLoadState id={id} query={client} />;
  const c = client.data;
  return (
    <Stack gap="md">
      <ClientHeader client={c} />
      <WithChatInShiftDrawer>
        <ShiftCalendar party="client" owner={{ id: c.id, name: `${c.firstName} ${c.lastName}` }} branchId={c.branchId} />
      </WithChatInShiftDrawer>
      <ShiftPatternsCard clientId={c.id} branchId={c.branchId} canEdit={can('createShiftPattern')} />
    </Stack>
  );
}
