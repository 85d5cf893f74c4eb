import { Stack } from '@mantine/core';
import { ClientCareFormsSection } from '@/features/care-forms/care-forms-client.section';
import { ChatAboutSection } from '@/features/chat/chat-about.section';
import { ClientProfilePage } from '@/features/clients/client-profile.page';
import { useClient, useClientId } from '@/features/clients/client-header';

/**
 * /clients/{id}/profile: the client's profile, below it the client's care forms (issue 23 item 2) and the chat
 * conversations about the client (issue 22 item 1). Composed here because features do not import each other.
 */
export function ClientProfileRoute() {
  const id = useClientId();
  const client = useClient(id).data;
  return (
    <Stack gap="md">
      <ClientProfilePage />
      {client && <ClientCareFormsSection clientId={client.id} clientName={`${client.lastName}, ${client.firstName}`} />}
      {id !== null && <ChatAboutSection about={{ kind: 'client', clientId: id }} />}
    </Stack>
  );
}
