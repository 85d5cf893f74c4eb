import { Alert, Badge, Button, Center, Group, Loader, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconClock, IconMessagePlus, IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ConversationSummary } from '@hearth/shared/chat/chat.schema';
import { errorMessageOf } from '@/api/api-error';
import { useUserTimeZone } from '@/api/display-zone';
import { countBadge } from '@/format/count-badge';
import { useChatContacts, useStartConversation } from './chat.queries';
import { shortWhen } from './chat-format';
import { useOutbox } from './chat-offline.context';
import { outboxCountByConversation } from './chat-offline.outbox';
import type { ChatOfflineBox } from './chat-offline.store';
import { usePhoneConversations } from './chat-phone.data';
import classes from './chat-phone.module.css';

/**
 * The caregiver's conversations on the phone (issue 22 items 1 and 6): "Write to the office" of each branch they may
 * write to (an office conversation, started or reopened), then their newest conversations with unread counts and
 * how many of their messages wait to send. Offline, the phone's copy.
 */
export function ChatPhoneList(props: { box: ChatOfflineBox; online: boolean; onOpen: (conversationId: number) => void }) {
  const { box, online, onOpen } = props;
  const { t } = useTranslation('chatPhone');
  const conversations = usePhoneConversations(box);
  const contacts = useChatContacts('', online);
  const start = useStartConversation();
  const waiting = outboxCountByConversation(useOutbox(box));
  const offices = contacts.data?.offices ?? [];
  const rows = conversations.data?.conversations ?? [];

  const writeToOffice = (branchId: number) =>
    start.mutate(
      { kind: 'office', branchId, userIds: [] },
      {
        onSuccess: (conversation) => onOpen(conversation.id),
        onError: (error) => notifications.show({ color: 'red', title: t('list.startFailed'), message: errorMessageOf(error) }),
      },
    );

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('page.title')}
      </Title>
      {online &&
        offices.map((office) => (
          <Button
            key={office.branchId}
            leftSection={<IconMessagePlus size={18} />}
            loading={start.isPending && start.variables?.branchId === office.branchId}
            onClick={() => writeToOffice(office.branchId)}
            variant={rows.length > 0 ? 'light' : 'filled'}
            fullWidth
          >
            {offices.length > 1 ? t('list.writeOfficeOf', { office: office.name }) : t('list.writeOffice')}
          </Button>
        ))}
      {conversations.isPending && (
        <Center py="lg">
          <Loader size="sm" />
        </Center>
      )}
      {conversations.error && <Alert color="orange">{errorMessageOf(conversations.error)}</Alert>}
      {conversations.data && rows.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('list.empty')}
        </Text>
      )}
      {rows.length > 0 && (
        <ul className={classes.items} aria-label={t('list.label')}>
          {rows.map((row) => (
            <li key={row.id}>
              <ConversationRow row={row} waiting={waiting.get(row.id) ?? 0} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
}

/** One conversation: title, unread count, last message and time, and "N waiting to send". */
function ConversationRow(props: { row: ConversationSummary; waiting: number; onOpen: (id: number) => void }) {
  const { row, waiting, onOpen } = props;
  const { t, i18n } = useTranslation('chatPhone');
  const zone = useUserTimeZone();
  const unread = countBadge(row.unreadCount, i18n.language);
  const last = row.lastMessage;
  const preview = last ? last.preview || (last.hasAttachments ? t('list.attachmentOnly') : '') : t('list.noMessages');
  return (
    <UnstyledButton className={classes.item} onClick={() => onOpen(row.id)} data-testid={`phone-conversation-${row.id}`}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={row.unreadCount > 0 ? 700 : 500} truncate>
          {row.title}
        </Text>
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed">
            {shortWhen(row.updatedAt, zone)}
          </Text>
          {unread && (
            <Badge size="sm" circle={row.unreadCount < 10}>
              <span aria-hidden>{unread}</span>
              <VisuallyHidden>{t('list.unread', { count: row.unreadCount })}</VisuallyHidden>
            </Badge>
          )}
        </Group>
      </Group>
      <Text size="sm" c="dimmed" truncate>
        {last ? `${last.senderName}: ` : ''}
        {last?.hasAttachments && <IconPaperclip size={12} aria-hidden />}
        {preview}
      </Text>
      {waiting > 0 && (
        <Group gap={4}>
          <IconClock size={12} aria-hidden />
          <Text size="xs" c="dimmed">
            {t('list.waiting', { count: waiting })}
          </Text>
        </Group>
      )}
    </UnstyledButton>
  );
}
