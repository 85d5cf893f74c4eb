import { useState } from 'react';
import { ActionIcon, Button, Group, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/api/api-error';

/**
 * A small trash button that asks before it deletes: "Delete {what}?" with Cancel and Delete (`what` in the shown
 * language, e.g. "address 12 Elm St"). `onConfirm` may
 * return a promise; the popover stays open, busy, until it settles, and a failure is shown as a notification.
 */
export function DeleteButton({ what, onConfirm }: { what: string; onConfirm: () => Promise<unknown> | void }) {
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation('common');
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      setOpened(false);
      notifications.show({ color: 'teal', message: t('record.deleted', { what }) });
    } catch (error) {
      notifications.show({ color: 'red', title: t('record.deleteFailed', { what }), message: errorMessageOf(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <Tooltip label={t('record.deleteWhat', { what })}>
          <ActionIcon
            variant="subtle"
            color="red"
            size="sm"
            aria-label={t('record.deleteWhat', { what })}
            onClick={() => setOpened((o) => !o)}
          >
            <IconTrash size={15} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="sm">{t('record.deleteQuestion', { what })}</Text>
          <Group gap="xs" justify="flex-end">
            <Button size="compact-xs" variant="default" onClick={() => setOpened(false)}>
              {t('actions.cancel')}
            </Button>
            <Button size="compact-xs" color="red" loading={busy} onClick={() => void confirm()}>
              {t('actions.delete')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
