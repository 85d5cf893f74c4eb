import { NumberInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZUpdateEvvSettingsInput, type EvvSettings } from '@hearth/shared/caregiver-app/evv-settings';
import { useTRPC } from '@/api/trpc';
import { SettingsDrawer, SettingsFormFrame } from '@/components/records/settings-drawer';
import { useRecordForm } from '@/forms/use-record-form';
import { evvSettingsFieldOf, evvSettingsFormValues, evvSettingsPayload, type EvvSettingsFormValues } from './evv-settings.values';

/**
 * The company's EVV time rules as a form: how early a check-in opens, how long after a visit's end the phone may
 * still record it, and how far a phone's clock may be off before its entries are flagged. Checked by the shared
 * schema (ZUpdateEvvSettingsInput) and the server as the user types; read-only without updateEvvSettings (only a
 * company admin changes them).
 */
function EvvSettingsForm(props: { settings: EvvSettings; readOnly: boolean; onDone: () => void }) {
  const { settings, readOnly, onDone } = props;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.updateEvvSettings.mutationOptions());
  const record = useRecordForm<EvvSettingsFormValues, ReturnType<typeof evvSettingsPayload>>({
    initialValues: evvSettingsFormValues(settings),
    toPayload: evvSettingsPayload,
    schema: ZUpdateEvvSettingsInput,
    fieldOf: evvSettingsFieldOf,
    check: (input) => (readOnly ? null : { action: 'updateEvvSettings', input }),
  });
  const submit = (values: EvvSettingsFormValues) =>
    update.mutate(evvSettingsPayload(values), {
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.getEvvSettings.queryKey(), saved);
        notifications.show({ color: 'teal', message: 'EVV settings saved. They apply to the next check-in or check-out.' });
        onDone();
      },
      onError: record.onSaveError,
    });
  const fields = (
    <Stack gap="sm">
      <NumberInput
        label="Check-in opens before the start"
        description="A caregiver cannot check in earlier than this before a visit's scheduled start"
        suffix=" min"
        min={0}
        max={1440}
        allowDecimal={false}
        disabled={readOnly}
        {...record.inputProps('earlyCheckInMinutes')}
      />
      <NumberInput
        label="Phone entries close after the end"
        description="Later check-ins and check-outs are refused on the phone; the office records them as manual edits with a reason code"
        suffix=" h"
        min={1}
        max={168}
        decimalScale={2}
        disabled={readOnly}
        {...record.inputProps('lateEntryLimitHours')}
      />
      <NumberInput
        label="Phone clock tolerance"
        description="A phone clock further off than this from the server's has its entries flagged for review"
        suffix=" min"
        min={1}
        max={60}
        allowDecimal={false}
        disabled={readOnly}
        {...record.inputProps('clockSkewToleranceMinutes')}
      />
    </Stack>
  );
  return (
    <SettingsFormFrame
      what="EVV settings"
      readOnly={readOnly}
      record={record}
      onSubmit={submit}
      onDone={onDone}
      pending={update.isPending}
    >
      {fields}
    </SettingsFormFrame>
  );
}

/** The "EVV settings" drawer: the company's EVV time rules, editable for roles holding updateEvvSettings. */
export function EvvSettingsDrawer(props: { opened: boolean; onClose: () => void; canEdit: boolean }) {
  const trpc = useTRPC();
  const settings = useQuery({ ...trpc.getEvvSettings.queryOptions(), enabled: props.opened });
  return (
    <SettingsDrawer
      title="EVV settings"
      opened={props.opened}
      onClose={props.onClose}
      settings={settings}
      description="The time rules of the check-ins and check-outs caregivers record on their phones, for every branch of the company. Offline entries are judged by the phone's time, so a visit recorded in time uploads whenever the phone is back online."
    >
      {(data) => <EvvSettingsForm settings={data} readOnly={!props.canEdit} onDone={props.onClose} />}
    </SettingsDrawer>
  );
}
