import { memo, useState } from 'react';
import { ActionIcon, Box, Button, Group, Menu, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CHAT_MESSAGE_MAX_LENGTH } from '@hearth/shared/chat/chat.constants';
import type { ChatMessage } from '@hearth/shared/chat/chat.schema';
import { errorMessageOf } from '@/api/api-error';
import { useUserTimeZone } from '@/api/display-zone';
import { ChatAttachmentChip } from './chat-attachment';
import type { CopyCaregiver } from './chat-members';
import { shortWhen, withinEditWindow } from './chat-format';
import { useDeleteMessage, useEditMessage } from './chat.queries';
import classes from './chat-staff.module.css';

/**
 * One message: the sender (others' messages), the text or "Message deleted", "edited", the time, its attachments,
 * and on one's own last message who has read it. The author edits or deletes it within the edit window (the server
 * decides; a late try shows its reason). Memoized: the list re-renders as rows come into view, and a row whose
 * message and rights did not change is not drawn again.
 */
export const ChatMessageItem = memo(function ChatMessageItem(props: {
  message: ChatMessage;
  own: boolean;
  readBy: string[] | null;
  canDownload: boolean;
  canCopy: boolean;
  clientId: number | null;
  /** The conversation's caregiver members, whose files an attachment may be copied to. */
  caregivers?: CopyCaregiver[];
}) {
  const { message, own, readBy } = props;
  const { t } = useTranslation('chat');
  const zone = useUserTimeZone();
  const [editing, setEditing] = useState(false);
  const deleted = message.deletedAt !== null;
  const changeable = own && withinEditWindow(message);
  const remove = useDeleteMessage();

  return (
    <Stack gap={2} align={own ? 'flex-end' : 'flex-start'} data-testid={`message-${message.id}`}>
      {!own && (
        <Text size="xs" fw={600}>
          {message.sender.name}
        </Text>
      )}
      <Group gap={4} wrap="nowrap" justify={own ? 'flex-end' : 'flex-start'} w="100%">
        {changeable && !editing && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('message.actions')}>
                <IconDots size={14} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setEditing(true)}>{t('message.edit')}</Menu.Item>
              <Menu.Item
                color="red"
                onClick={() =>
                  remove.mutate(
                    { messageId: message.id },
                    { onError: (error) => notifications.show({ color: 'red', message: errorMessageOf(error) }) },
                  )
                }
              >
                {t('message.delete')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
        {editing ? (
          <EditBox message={message} onDone={() => setEditing(false)} />
        ) : (
          <Box className={classes.bubble} data-own={own || undefined}>
            {deleted ? (
              <Text size="sm" fs="italic" c="dimmed">
                {t('message.deleted')}
              </Text>
            ) : (
              message.body && <Text size="sm">{message.body}</Text>
            )}
            {!deleted && message.attachments.length > 0 && (
              <Stack gap={4} mt={message.body ? 4 : 0}>
                {message.attachments.map((attachment) => (
                  <ChatAttachmentChip
                    key={attachment.id}
                    attachment={attachment}
                    canDownload={props.canDownload}
                    canCopy={props.canCopy}
                    clientId={props.clientId}
                    caregivers={props.caregivers}
                  />
                ))}
              </Stack>
            )}
          </Box>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {shortWhen(message.createdAt, zone)}
        {message.editedAt && !deleted ? ` · ${t('message.edited')}` : ''}
        {readBy && readBy.length > 0 ? ` · ${t('message.readBy', { names: readBy.join(', ') })}` : ''}
      </Text>
    </Stack>
  );
});

/** Edits the text in place; Save sends it, Cancel leaves it as it was. */
function EditBox({ message, onDone }: { message: ChatMessage; onDone: () => void }) {
  const { t } = useTranslation('chat');
  const [body, setBody] = useState(message.body);
  const edit = useEditMessage();
  const save = () =>
    edit.mutate(
      { messageId: message.id, body: body.trim() },
      {
        onSuccess: onDone,
        onError: (error) => notifications.show({ color: 'red', message: errorMessageOf(error) }),
      },
    );
  return (
    <Stack gap={4} w="min(75%, 640px)">
      <Textarea
        aria-label={t('message.editLabel')}
        value={body}
        onChange={(event) => setBody(event.currentTarget.value)}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        autosize
        minRows={1}
        maxRows={6}
        data-autofocus
        autoFocus
      />
      <Group gap="xs" justify="flex-end">
        <Button size="xs" variant="default" onClick={onDone}>
          {t('message.cancel')}
        </Button>
        <Button size="xs" onClick={save} loading={edit.isPending} disabled={!body.trim()}>
          {t('message.save')}
        </Button>
      </Group>
    </Stack>
  );
}
