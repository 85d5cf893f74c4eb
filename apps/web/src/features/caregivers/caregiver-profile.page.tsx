import { Grid, Stack } from '@mantine/core';
import { ZCaregiverAddressFields, ZCaregiverJournalEntryFields } from '@hearth/shared/caregivers/caregivers.schema';
import { useAllowedActions } from '@/api/allowed-actions';
import { useTRPC } from '@/api/trpc';
import { AddressesSection } from '@/components/records/addresses.section';
import { JournalSection } from '@/components/records/journal.section';
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
  return (
    <Stack gap="md">
      <CaregiverHeader caregiver={cg} />
      <ExpiringCredentialsAlert caregiver={cg} />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <CaregiverOutputsSection caregiver={cg} canEdit={can('updateCaregiver')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            <CaregiverSignInSection
              caregiver={cg}
              canSetPassword={can('setCaregiverPassword')}
              canSendLink={can('sendCaregiverLoginLink')}
            />
            <AddressesSection
              owner={{ caregiverId: cg.id }}
              procedures={{
                list: trpc.getCaregiverAddresses,
                create: trpc.createCaregiverAddress,
                update: trpc.updateCaregiverAddress,
                remove: trpc.deleteCaregiverAddress,
              }}
              canEdit={can('createCaregiverAddress')}
              withLabel={false}
              schema={ZCaregiverAddressFields}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      <CaregiverCredentialsSection caregiver={cg} canEdit={can('createCaregiverCredential')} />
      <CaregiverFilesSection
        caregiverId={cg.id}
        branchId={cg.branchId}
        canUpload={can('createCaregiverFile')}
        canDelete={can('deleteCaregiverFile')}
      />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <JournalSection
            owner={{ caregiverId: cg.id }}
            procedures={{
              list: trpc.getCaregiverJournalEntries,
              create: trpc.createCaregiverJournalEntry,
              update: trpc.updateCaregiverJournalEntry,
              remove: trpc.deleteCaregiverJournalEntry,
            }}
            canEdit={can('createCaregiverJournalEntry')}
            schema={ZCaregiverJournalEntryFields}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <CaregiverCashAdvancesSection caregiverId={cg.id} canEdit={can('createCaregiverCashAdvance')} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
