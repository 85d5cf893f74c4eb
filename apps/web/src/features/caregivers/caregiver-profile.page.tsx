import { ZCaregiverAddressFields, ZCaregiverJournalEntryFields } from '@hearth/shared/caregivers/caregivers.schema';
import { useAllowedActions } from '@/api/allowed-actions';
import { useTRPC } from '@/api/trpc';
import { AccessHistorySection } from '@/components/records/access-history.section';
import { AddressesSection } from '@/components/records/addresses.section';
import { JournalSection } from '@/components/records/journal.section';
import { recordProcedures } from '@/components/records/owned-records';
import { ProfileLayout } from '@/components/records/profile-layout';
import { CaregiverCashAdvancesSection } from './caregiver-cash-advances.section';
import { CaregiverCredentialsSection, ExpiringCredentialsAlert } from './caregiver-credentials.section';
import { CaregiverOutputsSection } from './caregiver-details.section';
import { CaregiverHeader, CaregiverLoadState, useCaregiver, useCaregiverId } from './caregiver-header';
import { CaregiverFilesSection } from './caregiver-files.section';
import { CaregiverSignInSection } from './caregiver-sign-in.section';

/**
 * /caregivers/{id}/profile: the caregiver's header, expiring credentials flagged on top, and a card per part of
 * the record: details (pay rates, skills, languages, availability, hour cap), credentials, sign-in, addresses,
 * files, journal and cash advances. What the caller's role may not change shows read-only.
 */
export function CaregiverProfilePage() {
  const trpc = useTRPC();
  const id = useCaregiverId();
  const caregiver = useCaregiver(id);
  const { can } = useAllowedActions();
  if (!caregiver.data || id === null) return <CaregiverLoadState id={id} query={caregiver} />;
  const cg = caregiver.data;
  const addresses = recordProcedures(trpc, 'CaregiverAddress', 'CaregiverAddresses');
  const journal = recordProcedures(trpc, 'CaregiverJournalEntry', 'CaregiverJournalEntries');
  return (
    <ProfileLayout
      header={
        <>
          <CaregiverHeader caregiver={cg} />
          <ExpiringCredentialsAlert caregiver={cg} />
        </>
      }
      left={<CaregiverOutputsSection caregiver={cg} canEdit={can('updateCaregiver')} />}
      right={
        <>
          <CaregiverSignInSection
            caregiver={cg}
            canSetPassword={can('setCaregiverPassword')}
            canSendLink={can('sendCaregiverLoginLink')}
          />
          <AddressesSection
            owner={{ caregiverId: cg.id }}
            procedures={addresses}
            canEdit={can('createCaregiverAddress')}
            withLabel={false}
            schema={ZCaregiverAddressFields}
          />
        </>
      }
      wide={
        <>
          <CaregiverCredentialsSection caregiver={cg} canEdit={can('createCaregiverCredential')} />
          <CaregiverFilesSection
            caregiverId={cg.id}
            branchId={cg.branchId}
            canUpload={can('createCaregiverFile')}
            canDelete={can('deleteCaregiverFile')}
          />
          {can('getRecordAccessHistory') && <AccessHistorySection recordType="caregiver" id={cg.id} />}
        </>
      }
      bottomLeft={
        <JournalSection
          owner={{ caregiverId: cg.id }}
          procedures={journal}
          canEdit={can('createCaregiverJournalEntry')}
          schema={ZCaregiverJournalEntryFields}
        />
      }
      bottomRight={<CaregiverCashAdvancesSection caregiverId={cg.id} canEdit={can('createCaregiverCashAdvance')} />}
    />
  );
}
