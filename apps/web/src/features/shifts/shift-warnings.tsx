import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ShiftWarning } from '@hearth/shared/shifts/shifts.schema';

/**
 * The warnings a save's dry run returned (issue "Scheduling" item 3: client double-booked, authorization units,
 * overtime, credential expiry, max weekly hours), shown before the user confirms.
 */
export function ShiftWarningsAlert({ warnings }: { warnings: ShiftWarning[] }) {
  const { t } = useTranslation('schedule');
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={t('move.checkBeforeSaving')} role="alert">
      <List size="sm" spacing={4}>
        {warnings.map((w) => (
          <List.Item key={`${w.code}:${w.message}`}>{w.message}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** A confirm step for a change made on the calendar (drag or resize) whose dry run returned warnings. */
export function ShiftWarningsModal(props: {
  warnings: ShiftWarning[] | null;
  what: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { warnings, what, busy, onConfirm, onCancel } = props;
  const { t } = useTranslation('schedule');
  return (
    <Modal opened={warnings !== null} onClose={onCancel} title={t('move.confirmTitle')} size="md">
      <Stack gap="sm">
        <Text size="sm">{what}</Text>
        {warnings && <ShiftWarningsAlert warnings={warnings} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="xs" onClick={onCancel}>
            {t('move.keep')}
          </Button>
          <Button size="xs" color="yellow" loading={busy} onClick={onConfirm}>
            {t('move.saveAnyway')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
