import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconClock, IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChatOfflineBox } from './chat-offline.store';
import type { OutboxMessage } from './chat-offline.outbox';
import classes from './chat-phone.module.css';

/**
 * A message the caregiver wrote that the server does not hold yet (issue 22 item 6): "Waiting to send" while it
 * waits for the network, or "Not sent: <the server's reason>" when the server refused it for good, with Try again and
 * Delete. It never disappears by itself unless it was sent. A photo queued with it shows its name and state: waiting
 * to upload, or uploaded (the message itself still waiting).
 */
export function ChatPhoneOutboxRow(props: { box: ChatOfflineBox; entry: OutboxMessage }) {
  const { box, entry } = props;
  const { t } = useTranslation('chatPhone');
  const refused = entry.status === 'refused';
  return (
    <Stack gap={2} align="flex-end" data-testid="outbox-message">
      <Box className={classes.pending} data-refused={refused || undefined}>
        {entry.body && <Text size="sm">{entry.body}</Text>}
        {entry.attachments.map((a) => (
          <Group key={a.id} gap={4} wrap="nowrap">
            <IconPaperclip size={12} aria-hidden />
            <Text size="xs" truncate maw={220}>
              {a.filename}
            </Text>
          </Group>
        ))}
        {(entry.files ?? []).map((f) => (
          <Group key={f.key} gap={4} wrap="nowrap" data-testid="outbox-file">
            {f.uploaded ? <IconCheck size={12} aria-hidden /> : <IconPaperclip size={12} aria-hidden />}
            <Text size="xs" truncate maw={160}>
              {f.filename}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {f.uploaded ? t('message.fileUploaded') : t('message.fileWaiting')}
            </Text>
          </Group>
        ))}
      </Box>
      {refused ? (
        <Group gap={4} justify="flex-end">
          <Text size="xs" c="red" ta="right">
            {t('message.refused', { reason: entry.reason ?? '' })}
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={() => void box.retry(entry.clientMessageId)}>
            {t('message.retry')}
          </Button>
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => void box.discard(entry.clientMessageId)}>
            {t('message.discard')}
          </Button>
        </Group>
      ) : (
        <Group gap={4}>
          <IconClock size={12} aria-hidden />
          <Text size="xs" c="dimmed">
            {t('message.waiting')}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
