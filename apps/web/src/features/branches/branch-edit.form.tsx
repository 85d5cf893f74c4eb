import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_GEOFENCE_RADIUS_METRES, DEFAULT_TIMEZONE } from '@hearth/shared/app/app.constants';
import { timeZoneOptions } from '@hearth/shared/app/time-zones';
import { ZBranchFields, type BranchOutput } from '@hearth/shared/branches/branches.schema';
import { fieldErrorsOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';
import { rebaseForm } from '@/forms/rebase-form';
import { zodValidate } from '@/forms/zod-validate';

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

/** The branch edit form, checked by the shared ZBranchFields schema; server field errors appear beside fields. */
export function BranchEditForm({ branch }: { branch: BranchOutput }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const validateFields = zodValidate<ReturnType<typeof toPayload>>(ZBranchFields);
  const form = useForm<BranchFormValues>({
    initialValues: toFormValues(branch),
    validate: (values) => validateFields(toPayload(values)),
  });

  const update = useMutation(
    trpc.updateBranch.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.getBranch.queryKey({ id: saved.id }), saved);
        void queryClient.invalidateQueries({ queryKey: trpc.getBranches.queryKey() });
        rebaseForm(form, toFormValues(saved));
        notifications.show({ color: 'teal', message: 'Branch saved' });
      },
      onError: (error) => {
        const fieldErrors = fieldErrorsOf(error);
        form.setErrors(fieldErrors);
        setServerError(Object.keys(fieldErrors).length > 0 ? 'Please correct the highlighted fields.' : error.message);
      },
    }),
  );

  const onSubmit = form.onSubmit((values) => {
    setServerError(null);
    update.mutate({ id: branch.id, ...toPayload(values) });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm" maw={720}>
        {serverError && (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <TextInput label="Region" description="Groups branches on the rollup dashboard" {...form.getInputProps('region')} />
          <TextInput label="Address line 1" {...form.getInputProps('addressLine1')} />
          <TextInput label="Address line 2" {...form.getInputProps('addressLine2')} />
          <TextInput label="City" {...form.getInputProps('city')} />
          <SimpleGrid cols={2} spacing="sm">
            <TextInput label="State" maxLength={2} {...form.getInputProps('state')} />
            <TextInput label="ZIP" {...form.getInputProps('zip')} />
          </SimpleGrid>
          <Select
            label="Time zone"
            data={timeZoneOptions(form.values.timezone)}
            allowDeselect={false}
            searchable
            {...form.getInputProps('timezone')}
          />
          <NumberInput
            label="Geofence radius (metres)"
            description="How close to a client's address a check-in must be"
            min={10}
            max={5000}
            step={10}
            allowDecimal={false}
            // Out-of-range values get the schema's message instead of being changed behind the user's back.
            clampBehavior="none"
            {...form.getInputProps('geofenceRadiusMetres')}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="xs" disabled={!form.isDirty()} onClick={() => form.reset()}>
            Reset
          </Button>
          <Button type="submit" size="xs" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
