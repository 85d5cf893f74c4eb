import { useState } from 'react';
import { ActionIcon, Button, Group, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { errorMessageOf } from '@/api/api-error';

/**
 * A small trash button that asks before it deletes: "Delete {what}?" with Cancel and Delete. `onConfirm` may
 * return a promise; the popover stays open, busy, until it settles, and a failure is shown as a notification.
 */
export function DeleteButton({ what, onConfirm }: { what: string; onConfirm: () => Promise<unknown> | void }) {
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      setOpened(false);
      notifications.show({ color: 'teal', message: `Deleted ${what}` });
    } catch (error) {
      notifications.show({ color: 'red', title: `Could not delete ${what}`, message: errorMessageOf(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <Tooltip label={`Delete ${what}`}>
          <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Delete ${what}`} onClick={() => setOpened((o) => !o)}>
            <IconTrash size={15} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="sm">Delete {what}?</Text>
          <Group gap="xs" justify="flex-end">
            <Button size="compact-xs" variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button size="compact-xs" color="red" loading={busy} onClick={() => void confirm()}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
