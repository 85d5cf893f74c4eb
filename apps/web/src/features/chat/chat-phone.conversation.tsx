import { useEffect } from 'react';
import { ActionIcon, Alert, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CHAT_OFFLINE_CACHE } from '@hearth/shared/chat/chat.constants';
import type { ChatMember, ChatMessage } from '@hearth/shared/chat/chat.schema';
import { errorMessageOf } from '@/api/api-error';
import { useCurrentUser } from '@/api/current-user';
import { useMarkRead } from './chat.queries';
import { ChatMessageItem } from './chat-message-item';
import { useOutbox } from './chat-offline.context';
import { conversationRows } from './chat-offline.outbox';
import type { ChatOfflineBox } from './chat-offline.store';
import { usePhoneConversation, usePhoneMessages } from './chat-phone.data';
import { ChatPhoneComposer } from './chat-phone.composer';
import { ChatPhoneOutboxRow } from './chat-phone.outbox-row';
import classes from './chat-phone.module.css';

/** The names of the other members who have read `message` (read receipts on one's own last message). */
function readers(members: ChatMember[], message: ChatMessage, myUserId: number): string[] {
  return members
    .filter((m) => m.userId !== myUserId && m.lastReadMessageId !== null && m.lastReadMessageId >= message.id)
    .map((m) => m.name);
}

/**
 * One conversation on the phone (issue 22 item 6): a title bar with Back, the newest messages (from the phone's copy
 * offline), the caregiver's messages still in the outbox after them, and the composer. Opening it online marks what
 * it shows as read; it scrolls to the newest message when one arrives.
 */
export function ChatPhoneConversation(props: {
  box: ChatOfflineBox;
  conversationId: number;
  online: boolean;
  onBack: () => void;
}) {
  const { box, conversationId, online, onBack } = props;
  const { t } = useTranslation('chatPhone');
  const myUserId = useCurrentUser().data?.id ?? 0;
  const conversation = usePhoneConversation(box, conversationId);
  const messages = usePhoneMessages(box, conversationId);
  const outbox = useOutbox(box);
  const markRead = useMarkRead();
  const detail = conversation.data?.detail;
  const list = messages.data?.messages ?? [];
  const rows = conversationRows(list, outbox, conversationId);
  const lastId = list.at(-1)?.id ?? null;
  const myReadId = detail?.members.find((m) => m.userId === myUserId)?.lastReadMessageId ?? null;

  // Marks the newest message read once it shows from the server (not from the phone's copy).
  const { mutate } = markRead;
  useEffect(() => {
    if (!detail?.isMember || lastId === null || messages.data?.fromCache) return;
    if (myReadId !== null && myReadId >= lastId) return;
    mutate({ conversationId, messageId: lastId });
  }, [detail?.isMember, lastId, myReadId, messages.data?.fromCache, conversationId, mutate]);

  // Follows the newest row, a message received or one written: the page scrolls to its end, where the newest row
  // sits just above the composer.
  useEffect(() => {
    window.scrollTo({ top: document.documentElement.scrollHeight });
  }, [rows.length]);

  const lastOwnId = [...list].reverse().find((m) => m.sender.userId === myUserId)?.id ?? null;
  const error = conversation.error ?? messages.error;

  return (
    <Stack gap="sm" className={classes.conversation}>
      <TitleBar
        title={detail?.title ?? t('page.title')}
        clientName={detail?.about.clientName ?? null}
        online={online}
        onBack={onBack}
      />
      {error && !detail && (
        <Alert color="red" title={t('conversation.loadFailed')}>
          {errorMessageOf(error)}
        </Alert>
      )}
      {messages.isPending && !error && (
        <Center py="lg">
          <Loader size="sm" />
        </Center>
      )}
      {messages.data?.hasMore && (
        <Text size="xs" c="dimmed" ta="center">
          {t('conversation.newestOnly', { count: CHAT_OFFLINE_CACHE.messagesPerConversation })}
        </Text>
      )}
      {messages.data && rows.length === 0 && (
        <Text size="sm" c="dimmed" ta="center" py="lg">
          {t('conversation.empty')}
        </Text>
      )}
      <Stack gap="sm" role="log" aria-label={t('conversation.messages')} className={classes.log}>
        {rows.map((row) =>
          row.kind === 'stored' ? (
            <ChatMessageItem
              key={row.message.clientMessageId}
              message={row.message}
              own={row.message.sender.userId === myUserId}
              readBy={row.message.id === lastOwnId && detail ? readers(detail.members, row.message, myUserId) : null}
              canDownload={Boolean(detail?.canDownload) && online}
              canCopy={false}
              clientId={null}
            />
          ) : (
            <ChatPhoneOutboxRow key={row.entry.clientMessageId} box={box} entry={row.entry} />
          ),
        )}
      </Stack>
      {detail && !detail.canSend && (
        <Text size="sm" c="dimmed" ta="center">
          {t('conversation.readOnly')}
        </Text>
      )}
      {detail?.canSend && (
        <ChatPhoneComposer box={box} conversationId={conversationId} canUpload={detail.canUpload} online={online} />
      )}
    </Stack>
  );
}

/** The conversation's title bar: Back, the title, what it is about, and "offline" while the phone has no network. */
function TitleBar(props: { title: string; clientName: string | null; online: boolean; onBack: () => void }) {
  const { title, clientName, online, onBack } = props;
  const { t } = useTranslation('chatPhone');
  return (
    <Group gap="xs" wrap="nowrap" className={classes.bar}>
      <ActionIcon variant="subtle" size="lg" onClick={onBack} aria-label={t('conversation.back')}>
        <IconArrowLeft size={20} />
      </ActionIcon>
      <Stack gap={0} className={classes.grow}>
        <Title order={2} size="h4" lineClamp={1}>
          {title}
        </Title>
        {clientName && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {t('conversation.about', { client: clientName })}
          </Text>
        )}
        {!online && (
          <Group gap={4} wrap="nowrap" role="status">
            <IconCloudOff size={12} aria-hidden />
            <Text size="xs" c="dimmed" lineClamp={1}>
              {t('offline.short')}
            </Text>
          </Group>
        )}
      </Stack>
    </Group>
  );
}
