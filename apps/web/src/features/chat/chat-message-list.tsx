import { useEffect, useLayoutEffect, useRef } from 'react';
import { Center, Loader, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { ChatMember, ChatMessage } from '@hearth/shared/chat/chat.schema';
import { ChatMessageItem } from './chat-message-item';
import classes from './chat-staff.module.css';

/** Rows this close to the top fetch the next older page. */
const FETCH_OLDER_WITHIN = 5;
/** Pixels from the bottom within which a new message keeps the view at the bottom. */
const STICK_TO_BOTTOM_PX = 120;

/**
 * A conversation's messages, oldest first, virtualized (@tanstack/react-virtual: only the rows in view and a few
 * around them are in the page, so a 10,000-message history scrolls smoothly, issue 22 "Performance"). Opens at the
 * newest message; scrolling near the top fetches older pages and keeps the reader's place; a new message scrolls
 * into view when the reader was at the bottom.
 */
export function ChatMessageList(props: {
  messages: ChatMessage[];
  members: ChatMember[];
  myUserId: number;
  canDownload: boolean;
  canCopy: boolean;
  clientId: number | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}) {
  const { messages, members, myUserId, hasOlder, loadingOlder, onLoadOlder } = props;
  const { t } = useTranslation('chat');
  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders the list itself as it scrolls; the compiler's memoization has nothing to add here
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 64,
    getItemKey: (index) => messages[index]!.id,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const firstId = messages[0]?.id;
  const lastId = messages[messages.length - 1]?.id;
  const lastOwnId = [...messages].reverse().find((m) => m.sender.userId === myUserId)?.id ?? null;

  // Keeps the reader's place when older messages are put above: the distance from the bottom stays the same.
  const fromBottom = useRef<number | null>(null);
  const previousFirst = useRef(firstId);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && previousFirst.current !== undefined && firstId !== previousFirst.current && fromBottom.current !== null) {
      element.scrollTop = element.scrollHeight - fromBottom.current;
    }
    previousFirst.current = firstId;
  }, [firstId]);

  // Opens at the newest message, and follows new ones while the reader is at the bottom.
  const atBottom = useRef(true);
  useEffect(() => {
    if (lastId !== undefined && atBottom.current) virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
  }, [lastId, messages.length, virtualizer]);

  useEffect(() => {
    const first = items[0];
    if (first && first.index < FETCH_OLDER_WITHIN && hasOlder && !loadingOlder) {
      const element = scroller.current;
      if (element) fromBottom.current = element.scrollHeight - element.scrollTop;
      onLoadOlder();
    }
  }, [items, hasOlder, loadingOlder, onLoadOlder]);

  return (
    <div
      ref={scroller}
      className={classes.scroller}
      role="log"
      aria-label={t('pane.messages')}
      aria-live="polite"
      tabIndex={0}
      data-testid="chat-messages"
      onScroll={(event) => {
        const element = event.currentTarget;
        atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
      }}
    >
      {loadingOlder && (
        <Center py={4}>
          <Loader size="xs" aria-label={t('pane.loadingOlder')} />
        </Center>
      )}
      {messages.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('pane.empty')}
        </Text>
      ) : (
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const message = messages[item.index]!;
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className={classes.row}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <ChatMessageItem
                  message={message}
                  own={message.sender.userId === myUserId}
                  readBy={message.id === lastOwnId ? readers(members, message, myUserId) : null}
                  canDownload={props.canDownload}
                  canCopy={props.canCopy}
                  clientId={props.clientId}
                />
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}

/** The other members whose read position is at or past `message` (the read receipt under one's last message). */
function readers(members: ChatMember[], message: ChatMessage, myUserId: number): string[] {
  return members
    .filter((m) => m.userId !== myUserId && m.lastReadMessageId !== null && m.lastReadMessageId >= message.id)
    .map((m) => m.name);
}
