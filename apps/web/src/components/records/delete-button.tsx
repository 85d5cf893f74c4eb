import { useState } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/api/api-error';
import { ConfirmPopover } from '@/components/confirm/confirm-popover';

/**
 * A small trash button that asks before it deletes: "Delete {what}?" with Cancel and Delete (`what` in the shown
 * language, e.g. "address 12 Elm St"). `onConfirm` may
 * return a promise; the popover (ConfirmPopover) stays open, busy, until it settles, and a failure is shown as a notification.
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
    <ConfirmPopover
      opened={opened}
      onChange={setOpened}
      question={t('record.deleteQuestion', { what })}
      confirmLabel={t('actions.delete')}
      busy={busy}
      onConfirm={() => void confirm()}
      target={
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
      }
    />
  );
}
