import { NumberInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('reports');
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
        notifications.show({ color: 'teal', message: t('evvSettings.saved') });
        onDone();
      },
      onError: record.onSaveError,
    });
  const fields = (
    <Stack gap="sm">
      <NumberInput
        label={t('evvSettings.earlyLabel')}
        description={t('evvSettings.earlyDescription')}
        suffix={t('evvSettings.minutesSuffix')}
        min={0}
        max={1440}
        allowDecimal={false}
        disabled={readOnly}
        {...record.inputProps('earlyCheckInMinutes')}
      />
      <NumberInput
        label={t('evvSettings.lateLabel')}
        description={t('evvSettings.lateDescription')}
        suffix={t('evvSettings.hoursSuffix')}
        min={1}
        max={168}
        decimalScale={2}
        disabled={readOnly}
        {...record.inputProps('lateEntryLimitHours')}
      />
      <NumberInput
        label={t('evvSettings.skewLabel')}
        description={t('evvSettings.skewDescription')}
        suffix={t('evvSettings.minutesSuffix')}
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
      readOnlyNote={t('evvSettings.readOnly')}
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
  const { t } = useTranslation('reports');
  const trpc = useTRPC();
  const settings = useQuery({ ...trpc.getEvvSettings.queryOptions(), enabled: props.opened });
  return (
    <SettingsDrawer
      title={t('evvSettings.title')}
      loadingLabel={t('evvSettings.loadingSettings')}
      opened={props.opened}
      onClose={props.onClose}
      settings={settings}
      description={t('evvSettings.description')}
    >
      {(data) => <EvvSettingsForm settings={data} readOnly={!props.canEdit} onDone={props.onClose} />}
    </SettingsDrawer>
  );
}
