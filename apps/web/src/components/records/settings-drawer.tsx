import type { ReactNode } from 'react';
import { Alert, Button, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/api/api-error';
import type { RecordForm } from '@/forms/use-record-form';
import { RecordFormFrame } from './record-form-frame';

/**
 * A drawer of company settings (payroll, EVV): `title`, the settings as `settings` loads them (a loader named
 * `loadingLabel`, "Loading payroll settings", then the error's message or `description` above `children(data)`).
 * Texts come whole in the shown language from the caller's catalogue.
 */
export function SettingsDrawer<T>(props: {
  title: string;
  loadingLabel: string;
  opened: boolean;
  onClose: () => void;
  settings: UseQueryResult<T, unknown>;
  description: ReactNode;
  children: (settings: T) => ReactNode;
}) {
  const { title, loadingLabel, opened, onClose, settings, description, children } = props;
  return (
    <Drawer opened={opened} onClose={onClose} title={title} position="right" size="md">
      {settings.isPending && opened && <Loader size="sm" aria-label={loadingLabel} />}
      {settings.isError && (
        <Alert color="red" variant="light">
          {errorMessageOf(settings.error)}
        </Alert>
      )}
      {settings.data !== undefined && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {description}
          </Text>
          {children(settings.data)}
        </Stack>
      )}
    </Drawer>
  );
}

/**
 * The settings' fields in their form: with Cancel and Save for a role that may change them, else read-only under
 * `readOnlyNote` ("Only a company admin can change the payroll settings.", a whole sentence of the caller's
 * catalogue in the shown language) with a Close button.
 */
export function SettingsFormFrame<Values extends object>(props: {
  readOnlyNote: string;
  readOnly: boolean;
  record: RecordForm<Values>;
  onSubmit: (values: Values) => void;
  onDone: () => void;
  pending: boolean;
  children: ReactNode;
}) {
  const { readOnlyNote, readOnly, record, onSubmit, onDone, pending, children } = props;
  const { t } = useTranslation('common');
  if (readOnly) {
    return (
      <Stack gap="sm">
        <Alert variant="light" color="gray">
          {readOnlyNote}
        </Alert>
        {children}
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={onDone}>
            {t('actions.close')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <RecordFormFrame record={record} onSubmit={onSubmit} onCancel={onDone} pending={pending}>
      {children}
    </RecordFormFrame>
  );
}
