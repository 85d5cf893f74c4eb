import { Button, Grid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { IconMailForward } from '@tabler/icons-react';
import { ZClientAddressFields, ZClientJournalEntryFields, type ClientOutput } from '@hearth/shared/clients/clients.schema';
import { errorMessageOf } from '@/api/api-error';
import { useAllowedActions } from '@/api/allowed-actions';
import { useTRPC } from '@/api/trpc';
import { AddressesSection } from '@/components/records/addresses.section';
import { JournalSection } from '@/components/records/journal.section';
import { ClientAuthorizationsSection } from './client-authorizations.section';
import { ClientAccessNotesSection, ClientCarePlanSection } from './client-care-plan.section';
import { ClientContactsSection } from './client-contacts.section';
import { ClientDetailsSection } from './client-details.section';
import { ClientFilesSection } from './client-files.section';
import { ClientHeader, ClientLoadState, useClient, useClientId } from './client-header';
import { ClientNurseAssessmentsSection } from './client-nurse-assessments.section';

/** Sends the client a one-time sign-in link to the client app (through the notifier; /mocks shows the outbox). */
function SendClientLinkButton({ client }: { client: ClientOutput }) {
  const trpc = useTRPC();
  const send = useMutation(
    trpc.sendClientLoginLink.mutationOptions({
      onSuccess: (sent) => notifications.show({ color: 'teal', message: `Login link sent to ${sent.recipient}` }),
      onError: (error) => notifications.show({ color: 'red', title: 'Login link not sent', message: errorMessageOf(error) }),
    }),
  );
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconMailForward size={14} />}
      loading={send.isPending}
      onClick={() => send.mutate({ clientId: client.id })}
    >
      Send login link
    </Button>
  );
}

/**
 * /clients/{id}/profile: the client's header and a card per part of the record: details, care plan, access notes,
 * addresses, contacts, authorizations with this month's units, files, journal and nurse assessments. What the
 * caller's role may not change shows read-only.
 */
export function ClientProfilePage() {
  const trpc = useTRPC();
  const id = useClientId();
  const client = useClient(id);
  const { can } = useAllowedActions();
  if (!client.data || id === null) return <ClientLoadState id={id} query={client} />;
  const c = client.data;
  return (
    <Stack gap="md">
      <ClientHeader client={c} actions={can('sendClientLoginLink') && <SendClientLinkButton client={c} />} />
      <Grid gutter="md" align="stretch">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            <ClientDetailsSection client={c} canEdit={can('updateClient')} />
            <AddressesSection
              owner={{ clientId: c.id }}
              procedures={{
                list: trpc.getClientAddresses,
                create: trpc.createClientAddress,
                update: trpc.updateClientAddress,
                remove: trpc.deleteClientAddress,
              }}
              canEdit={can('createClientAddress')}
              withLabel
              schema={ZClientAddressFields}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            <ClientCarePlanSection client={c} canEdit={can('updateClient')} />
            <ClientAccessNotesSection client={c} canEdit={can('updateClient')} />
          </Stack>
        </Grid.Col>
      </Grid>
      <ClientContactsSection
        clientId={c.id}
        canEdit={can('createClientContact')}
        canSendLink={can('sendClientContactLoginLink')}
      />
      <ClientAuthorizationsSection clientId={c.id} canEdit={can('createClientAuthorization')} />
      <ClientFilesSection
        clientId={c.id}
        branchId={c.branchId}
        canUpload={can('createClientFile')}
        canDelete={can('deleteClientFile')}
      />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <JournalSection
            owner={{ clientId: c.id }}
            procedures={{
              list: trpc.getClientJournalEntries,
              create: trpc.createClientJournalEntry,
              update: trpc.updateClientJournalEntry,
              remove: trpc.deleteClientJournalEntry,
            }}
            canEdit={can('createClientJournalEntry')}
            schema={ZClientJournalEntryFields}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <ClientNurseAssessmentsSection
            clientId={c.id}
            canCreate={can('createNurseAssessment')}
            canUpdate={can('updateNurseAssessment')}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
