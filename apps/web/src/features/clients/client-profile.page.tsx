import { ZClientAddressFields, ZClientJournalEntryFields } from '@hearth/shared/clients/clients.schema';
import { useAllowedActions } from '@/api/allowed-actions';
import { useTRPC } from '@/api/trpc';
import { AccessHistorySection } from '@/components/records/access-history.section';
import { AddressesSection } from '@/components/records/addresses.section';
import { JournalSection } from '@/components/records/journal.section';
import { recordProcedures } from '@/components/records/owned-records';
import { ProfileLayout } from '@/components/records/profile-layout';
import { SendLoginLinkButton } from '@/components/records/send-login-link';
import { ClientAuthorizationsSection } from './client-authorizations.section';
import { ClientAccessNotesSection, ClientCarePlanSection } from './client-care-plan.section';
import { ClientContactsSection } from './client-contacts.section';
import { ClientDetailsSection } from './client-details.section';
import { ClientFilesSection } from './client-files.section';
import { ClientHeader, ClientLoadState, useClient, useClientId } from './client-header';
import { ClientNurseAssessmentsSection } from './client-nurse-assessments.section';

/**
 * /clients/{id}/profile: the client's header and a card per part of the record: details, care plan, access notes,
 * addresses, contacts, authorizations with this month's units, files, journal and nurse assessments. What the
 * caller's role may not change shows read-only. "Send login link" sends the client a one-time sign-in link to the
 * client app.
 */
export function ClientProfilePage() {
  const trpc = useTRPC();
  const id = useClientId();
  const client = useClient(id);
  const { can } = useAllowedActions();
  if (!client.data || id === null) return <ClientLoadState id={id} query={client} />;
  const c = client.data;
  const owner = { clientId: c.id };
  const sendLink = can('sendClientLoginLink') && (
    <SendLoginLinkButton procedure={trpc.sendClientLoginLink} input={owner} size="xs" variant="light" iconSize={14} />
  );
  return (
    <ProfileLayout
      header={<ClientHeader client={c} actions={sendLink} />}
      left={
        <>
          <ClientDetailsSection client={c} canEdit={can('updateClient')} />
          <AddressesSection
            owner={owner}
            procedures={recordProcedures(trpc, 'ClientAddress', 'ClientAddresses')}
            canEdit={can('createClientAddress')}
            withLabel
            schema={ZClientAddressFields}
          />
        </>
      }
      right={
        <>
          <ClientCarePlanSection client={c} canEdit={can('updateClient')} />
          <ClientAccessNotesSection client={c} canEdit={can('updateClient')} />
        </>
      }
      wide={
        <>
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
          {can('getRecordAccessHistory') && <AccessHistorySection recordType="client" id={c.id} />}
        </>
      }
      bottomLeft={
        <JournalSection
          owner={owner}
          procedures={recordProcedures(trpc, 'ClientJournalEntry', 'ClientJournalEntries')}
          canEdit={can('createClientJournalEntry')}
          schema={ZClientJournalEntryFields}
        />
      }
      bottomRight={
        <ClientNurseAssessmentsSection
          clientId={c.id}
          canCreate={can('createNurseAssessment')}
          canUpdate={can('updateNurseAssessment')}
        />
      }
    />
  );
}
