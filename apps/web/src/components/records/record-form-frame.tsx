import type { ReactNode } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RecordForm } from '@/forms/use-record-form';

/**
 * The form inside a record modal: the refused save's message on top, the fields, then Cancel and Save. Submitting
 * runs the form's checks (the shared schema) and only then `onSubmit`.
 */
export function RecordFormFrame<Values extends object>(props: {
  record: RecordForm<Values>;
  onSubmit: (values: Values) => void;
  onCancel: () => void;
  pending: boolean;
  submitLabel?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const { record, onSubmit, onCancel, pending, submitLabel = t('actions.save'), children } = props;
  return (
    <form
      noValidate
      onSubmit={record.form.onSubmit((values) => {
        record.clearSaveError();
        onSubmit(values);
      }, record.onInvalid)}
    >
      <Stack gap="sm">
        {record.saveError && (
          <Alert color="red" role="alert" variant="light">
            {record.saveError}
          </Alert>
        )}
        {children}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" size="xs" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" size="xs" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
