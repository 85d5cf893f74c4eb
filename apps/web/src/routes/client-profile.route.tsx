import { Stack } from '@mantine/core';
import { ChatAboutClientSection } from '@/features/chat/chat-about-client.section';
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
      {id !== null && <ChatAboutClientSection clientId={id} />}
    </Stack>
  );
}
