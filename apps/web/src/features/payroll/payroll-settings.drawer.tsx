import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZUpdatePayrollSettingsInput } from '@hearth/shared/payroll/payroll.schema';
import type { PayrollSettings } from '@hearth/shared/payroll/payroll-settings';
import { useTRPC } from '@/api/trpc';
import { SettingsDrawer, SettingsFormFrame } from '@/components/records/settings-drawer';
import { useRecordForm } from '@/forms/use-record-form';
import { PayrollSettingsFields } from './payroll-settings.fields';
import { settingsFieldOf, settingsFormValues, settingsPayload, type PayrollSettingsFormValues } from './payroll-settings.values';

/**
 * The company's payroll rules as a form: weekly and optional daily overtime, the multiplier, paid travel and its
 * speed, the mileage rate. Checked by the shared schema (ZUpdatePayrollSettingsInput) and the server as the user
 * types; read-only without updatePayrollSettings (only a company admin changes them).
 */
function PayrollSettingsForm(props: { settings: PayrollSettings; readOnly: boolean; onDone: () => void }) {
  const { settings, readOnly, onDone } = props;
  const { t } = useTranslation('finance');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.updatePayrollSettings.mutationOptions());
  const record = useRecordForm<PayrollSettingsFormValues, ReturnType<typeof settingsPayload>>({
    initialValues: settingsFormValues(settings),
    toPayload: settingsPayload,
    schema: ZUpdatePayrollSettingsInput,
    fieldOf: settingsFieldOf,
    check: (input) => (readOnly ? null : { action: 'updatePayrollSettings', input }),
  });
  const submit = (values: PayrollSettingsFormValues) =>
    update.mutate(settingsPayload(values), {
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.getPayrollSettings.queryKey(), saved);
        notifications.show({ color: 'teal', message: t('payrollSettings.saved') });
        onDone();
      },
      onError: record.onSaveError,
    });
  return (
    <SettingsFormFrame
      readOnlyNote={t('payrollSettings.readOnly')}
      readOnly={readOnly}
      record={record}
      onSubmit={submit}
      onDone={onDone}
      pending={update.isPending}
    >
      <PayrollSettingsFields record={record} readOnly={readOnly} />
    </SettingsFormFrame>
  );
}

/** The "Payroll settings" drawer: the company's settings, editable for roles holding updatePayrollSettings. */
export function PayrollSettingsDrawer(props: { opened: boolean; onClose: () => void; canEdit: boolean }) {
  const { t } = useTranslation('finance');
  const trpc = useTRPC();
  const settings = useQuery({ ...trpc.getPayrollSettings.queryOptions(), enabled: props.opened });
  return (
    <SettingsDrawer
      title={t('payrollSettings.title')}
      loadingLabel={t('payrollSettings.loadingSettings')}
      opened={props.opened}
      onClose={props.onClose}
      settings={settings}
      description={t('payrollSettings.description')}
    >
      {(data) => <PayrollSettingsForm settings={data} readOnly={!props.canEdit} onDone={props.onClose} />}
    </SettingsDrawer>
  );
}
