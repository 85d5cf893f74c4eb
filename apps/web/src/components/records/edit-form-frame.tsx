import type { ReactNode } from 'react';
import { Alert, Button, Divider, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RecordForm } from '@/forms/use-record-form';

/**
 * The form of an edit page (a payer source, an import or export type): the refused save's message on top, the
 * sections, then Reset (back to the last saved values) and Save. `readOnly` disables every field and drops the
 * buttons. Submitting runs the form's checks (the shared schema) and only then `onSubmit`.
 */
export function EditFormFrame<Values extends object>(props: {
  record: RecordForm<Values>;
  onSubmit: (values: Values) => void;
  pending: boolean;
  readOnly: boolean;
  children: ReactNode;
}) {
  const { record, onSubmit, pending, readOnly, children } = props;
  const { form } = record;
  const { t } = useTranslation('common');
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        record.clearSaveError();
        onSubmit(values);
      }, record.onInvalid)}
    >
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="md">
          {record.saveError && (
            <Alert color="red" role="alert">
              {record.saveError}
            </Alert>
          )}
          {children}
          {!readOnly && (
            <>
              <Divider />
              <Group justify="flex-end" gap="sm">
                <Button variant="default" size="xs" disabled={!form.isDirty()} onClick={() => form.reset()}>
                  {t('actions.reset')}
                </Button>
                <Button type="submit" size="xs" loading={pending}>
                  {t('actions.save')}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}
