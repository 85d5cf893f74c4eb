import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { ActionIcon, Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CHAT_OFFLINE_CACHE } from '@hearth/shared/chat/chat.constants';
import type { ChatMember, ChatMessage } from '@hearth/shared/chat/chat.schema';
import { errorMessageOf } from '@/api/api-error';
import { useCurrentUser } from '@/api/current-user';
import { ChatMessageItem } from './chat-message-item';
import { flattenPages } from './chat-messages.cache';
import { useOutbox } from './chat-offline.context';
import { conversationRows, type PhoneMessageRow } from './chat-offline.outbox';
import type { ChatOfflineBox } from './chat-offline.store';
import { usePhoneConversation, usePhoneConversations, usePhoneMarkRead, usePhoneMessages } from './chat-phone.data';
import { ChatPhoneComposer } from './chat-phone.composer';
import { ChatPhoneOutboxRow } from './chat-phone.outbox-row';
import classes from './chat-phone.module.css';

/** A row's stable key: the clientMessageId, the same for an outbox entry and the message it becomes. */
function rowKey(row: PhoneMessageRow): string {
  return row.kind === 'stored' ? row.message.clientMessageId : row.entry.clientMessageId;
}

/** The names of the other members who have read `message` (read receipts on one's own last message). */
function readers(members: ChatMember[], message: ChatMessage, myUserId: number): string[] {
  return members
    .filter((m) => m.userId !== myUserId && m.lastReadMessageId !== null && m.lastReadMessageId >= message.id)
    .map((m) => m.name);
}

/**
 * One conversation on the phone (issue 22 item 6): a title bar with Back, the newest messages (from the phone's copy
 * offline), the caregiver's messages still in the outbox after them, and the composer. Scrolling to the top loads the
 * page before (online; offline a note says older messages need a connection, unless the phone kept fewer than its
 * CHAT_OFFLINE_CACHE.messagesPerConversation, which means none older exist), keeping the place read. Opening it
 * marks what it shows as read, online or not (usePhoneMarkRead: the badge drops at once, the server hears it when
 * online); it scrolls to the newest message when one arrives.
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
  const markRead = usePhoneMarkRead(box);
  const unread = usePhoneConversations(box).data?.conversations.find((c) => c.id === conversationId)?.unreadCount ?? 0;
  const detail = conversation.data?.detail;
  const list = flattenPages(messages.data);
  const fromCache = messages.data?.pages[0]?.fromCache ?? false;
  const rows = conversationRows(list, outbox, conversationId);
  const lastId = list.at(-1)?.id ?? null;
  const myReadId = detail?.members.find((m) => m.userId === myUserId)?.lastReadMessageId ?? null;

  // Marks the newest message shown read, from the server or from the phone's copy (the box keeps it only if it moves
  // the position forward, and sends it when online).
  useEffect(() => {
    if (!detail?.isMember || lastId === null) return;
    if (myReadId !== null && myReadId >= lastId) return;
    markRead(conversationId, lastId, unread);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `unread` is what the badge showed, not a reason to mark again
  }, [detail?.isMember, lastId, myReadId, conversationId, markRead]);

  const lastRowKey = rows.length === 0 ? null : rowKey(rows[rows.length - 1]!);
  const { topRef, load: loadEarlier } = useEarlierPages(messages, online, lastRowKey);
  const { hasNextPage, isFetchingNextPage } = messages;

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
      <div ref={topRef}>
        {hasNextPage && online && (
          <Center>
            <Button size="compact-sm" variant="subtle" loading={isFetchingNextPage} onClick={loadEarlier}>
              {t('conversation.earlier')}
            </Button>
          </Center>
        )}
      </div>
      {messages.isFetchNextPageError && (
        <Text size="xs" c="red" ta="center" role="alert">
          {t('conversation.earlierFailed')}
        </Text>
      )}
      {((fromCache && list.length >= CHAT_OFFLINE_CACHE.messagesPerConversation) || (!online && hasNextPage)) && (
        <Text size="xs" c="dimmed" ta="center" role="note">
          {t('conversation.olderNeedConnection', { count: CHAT_OFFLINE_CACHE.messagesPerConversation })}
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

/**
 * The history's scrolling: follows the newest row (a message received or one written: the page scrolls to its end,
 * where the newest row sits above the composer), and once that was shown, scrolling to the top (the `top` element
 * coming into view) loads the page before, online; the place read stays where it was (its distance from the page's
 * end), since an older page is added above it.
 * @returns `topRef`, the ref of the element at the top of the history, and `load` (the "Show earlier messages" button)
 */
function useEarlierPages(
  messages: ReturnType<typeof usePhoneMessages>,
  online: boolean,
  lastRowKey: string | null,
): { topRef: RefObject<HTMLDivElement | null>; load: () => void } {
  const top = useRef<HTMLDivElement>(null);
  const fromEnd = useRef<number | null>(null);
  const shownNewest = useRef(false);
  const { fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError } = messages;
  const canLoad = online && Boolean(hasNextPage) && !isFetchingNextPage && !isFetchNextPageError;
  const load = useCallback(() => {
    if (!canLoad) return;
    fromEnd.current = document.documentElement.scrollHeight - window.scrollY;
    void fetchNextPage();
  }, [canLoad, fetchNextPage]);

  useEffect(() => {
    window.scrollTo({ top: document.documentElement.scrollHeight });
    if (lastRowKey !== null) shownNewest.current = true;
  }, [lastRowKey]);

  const pageCount = messages.data?.pages.length ?? 0;
  useLayoutEffect(() => {
    if (fromEnd.current === null) return;
    window.scrollTo({ top: document.documentElement.scrollHeight - fromEnd.current });
    fromEnd.current = null;
  }, [pageCount]);

  useEffect(() => {
    const element = top.current;
    if (!element || !canLoad) return;
    const observer = new IntersectionObserver((entries) => {
      if (shownNewest.current && entries.some((e) => e.isIntersecting)) load();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [canLoad, load]);

  return { topRef: top, load };
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
