import type { ReactNode } from 'react';
import { Alert, Button, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/api/api-error';
import type { RecordForm } from '@/forms/use-record-form';
import { RecordFormFrame } from './record-form-frame';

/**
 * A drawer of company settings (payroll, EVV): `title`, the settings as `settings` loads them (a loader, then the
 * error's message or `description` above `children(data)`).
 */
export function SettingsDrawer<T>(props: {
  title: string;
  opened: boolean;
  onClose: () => void;
  settings: UseQueryResult<T, unknown>;
  description: ReactNode;
  children: (settings: T) => ReactNode;
}) {
  const { title, opened, onClose, settings, description, children } = props;
  const { t } = useTranslation('common');
  return (
    <Drawer opened={opened} onClose={onClose} title={title} position="right" size="md">
      {settings.isPending && opened && <Loader size="sm" aria-label={t('loadingWhat', { what: title.toLowerCase() })} />}
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
 * "Only a company admin can change the {what}." with a Close button. `title`, `description` and `what` come in the
 * shown language (in Spanish `what` carries its article: "la configuración de nómina").
 */
export function SettingsFormFrame<Values extends object>(props: {
  what: string;
  readOnly: boolean;
  record: RecordForm<Values>;
  onSubmit: (values: Values) => void;
  onDone: () => void;
  pending: boolean;
  children: ReactNode;
}) {
  const { what, readOnly, record, onSubmit, onDone, pending, children } = props;
  const { t } = useTranslation('common');
  if (readOnly) {
    return (
      <Stack gap="sm">
        <Alert variant="light" color="gray">
          {t('record.settingsReadOnly', { what })}
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
