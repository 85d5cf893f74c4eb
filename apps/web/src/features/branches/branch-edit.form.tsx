import { Box, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_GEOFENCE_RADIUS_METRES, DEFAULT_TIMEZONE } from '@hearth/shared/app/app.constants';
import { ZBranchFields, type BranchOutput } from '@hearth/shared/branches/branches.schema';
import { useTRPC } from '@/api/trpc';
import { EditFormFrame } from '@/components/records/edit-form-frame';
import { TimeZoneSelect } from '@/components/records/time-zone-select';
import { rebaseForm } from '@/forms/rebase-form';
import { useRecordForm } from '@/forms/use-record-form';

/** Text inputs hold strings (empty = not set); the radius is a number, or '' while the input is cleared. */
interface BranchFormValues {
  name: string;
  region: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  zip: string;
  timezone: string;
  geofenceRadiusMetres: number | string;
}

function toFormValues(branch: BranchOutput): BranchFormValues {
  return {
    name: branch.name,
    region: branch.region ?? '',
    addressLine1: branch.addressLine1 ?? '',
    addressLine2: branch.addressLine2 ?? '',
    city: branch.city ?? '',
    state: branch.state ?? '',
    zip: branch.zip ?? '',
    timezone: branch.timezone || DEFAULT_TIMEZONE,
    geofenceRadiusMetres: branch.geofenceRadiusMetres ?? DEFAULT_GEOFENCE_RADIUS_METRES,
  };
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The fields as the shared schema (and updateBranch) expects them. */
function toPayload(values: BranchFormValues) {
  return {
    name: values.name.trim(),
    region: blankToNull(values.region),
    addressLine1: blankToNull(values.addressLine1),
    addressLine2: blankToNull(values.addressLine2),
    city: blankToNull(values.city),
    state: blankToNull(values.state.toUpperCase()),
    zip: blankToNull(values.zip),
    timezone: values.timezone,
    // A cleared radius falls back to the default, like a new branch.
    geofenceRadiusMetres:
      values.geofenceRadiusMetres === '' ? DEFAULT_GEOFENCE_RADIUS_METRES : Number(values.geofenceRadiusMetres),
  };
}

/**
 * The branch edit form in the shared EditFormFrame, checked by the shared ZBranchFields schema (not by the server
 * as the user types); server field errors appear beside fields.
 */
export function BranchEditForm({ branch }: { branch: BranchOutput }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { t } = useTranslation(['admin', 'common']);
  const record = useRecordForm<BranchFormValues, ReturnType<typeof toPayload>>({
    initialValues: toFormValues(branch),
    toPayload,
    schema: ZBranchFields,
    check: () => null,
  });
  const { form, inputProps } = record;
  const update = useMutation(
    trpc.updateBranch.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.getBranch.queryKey({ id: saved.id }), saved);
        void queryClient.invalidateQueries({ queryKey: trpc.getBranches.queryKey() });
        rebaseForm(form, toFormValues(saved));
        notifications.show({ color: 'teal', message: t('branches.saved') });
      },
      onError: record.onSaveError,
    }),
  );

  return (
    <Box maw={720}>
      <EditFormFrame
        record={record}
        onSubmit={(values) => update.mutate({ id: branch.id, ...toPayload(values) })}
        pending={update.isPending}
        readOnly={false}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('common:fields.name')} required {...inputProps('name')} />
          <TextInput label={t('branches.region')} description={t('branches.regionDescription')} {...inputProps('region')} />
          <TextInput label={t('branches.addressLine1')} {...inputProps('addressLine1')} />
          <TextInput label={t('common:fields.addressLine2')} {...inputProps('addressLine2')} />
          <TextInput label={t('common:fields.city')} {...inputProps('city')} />
          <SimpleGrid cols={2} spacing="sm">
            <TextInput label={t('common:fields.state')} maxLength={2} {...inputProps('state')} />
            <TextInput label={t('common:fields.zip')} {...inputProps('zip')} />
          </SimpleGrid>
          <TimeZoneSelect {...inputProps('timezone')} />
          <NumberInput
            label={t('branches.geofence')}
            description={t('branches.geofenceDescription')}
            min={10}
            max={5000}
            step={10}
            allowDecimal={false}
            // Out-of-range values get the schema's message instead of being changed behind the user's back.
            clampBehavior="none"
            {...inputProps('geofenceRadiusMetres')}
          />
        </SimpleGrid>
      </EditFormFrame>
    </Box>
  );
}
