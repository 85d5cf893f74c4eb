import { Stack } from '@mantine/core';
import { ChatAboutSection } from '@/features/chat/chat-about.section';
import { ClientProfilePage } from '@/features/clients/client-profile.page';
import { useClientId } from '@/features/clients/client-header';

/**
 * /clients/{id}/profile: the client's profile, and below it the chat conversations about the client (issue 22
 * item 1). Composed here because features do not import each other.
 */
export function ClientProfileRoute() {
  const id = useClientId();
  return (
    <Stack gap="md">
      <ClientProfilePage />
      {id !== null && <ChatAboutSection about={{ kind: 'client', clientId: id }} />}
    </Stack>
  );
}
