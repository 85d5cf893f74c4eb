import { Grid, Stack } from '@mantine/core';
import { useAllowedActions } from '@/api/allowed-actions';
import { CaregiverCashAdvancesSection } from './caregiver-cash-advances.section';
import { CaregiverCredentialsSection, ExpiringCredentialsAlert } from './caregiver-credentials.section';
import { CaregiverOutputsSection } from './caregiver-details.section';
import { CaregiverHeader, CaregiverLoadState, useCaregiver, useCaregiverId } from './caregiver-header';
import { CaregiverAddressesSection, CaregiverFilesSection, CaregiverJournalSection } from './caregiver-records.sections';
import { CaregiverSignInSection } from './caregiver-sign-in.section';

/**
 * /caregivers/{id}/profile: the caregiver's header, expiring credentials flagged on top, and a card per part of
 * the record: details (pay rates, skills, languages, availability, hour cap), credentials, sign-in, addresses,
 * files, journal and cash advances. What the caller's role may not change shows read-only.
 */
export function CaregiverProfilePage() {
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
            <CaregiverAddressesSection caregiverId={cg.id} canEdit={can('createCaregiverAddress')} />
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
          <CaregiverJournalSection caregiverId={cg.id} canEdit={can('createCaregiverJournalEntry')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <CaregiverCashAdvancesSection caregiverId={cg.id} canEdit={can('createCaregiverCashAdvance')} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
