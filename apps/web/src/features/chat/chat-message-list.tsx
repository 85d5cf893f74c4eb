import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Center, Loader, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { ChatMember, ChatMessage } from '@hearth/shared/chat/chat.schema';
import { ChatMessageItem } from './chat-message-item';
import { caregiversOf } from './chat-members';
import classes from './chat-staff.module.css';

/** Pixels from the top within which scrolling fetches the next older page (a few rows). */
const FETCH_OLDER_WITHIN_PX = 300;
/**
 * Heights of a one-line message row as the staff pane draws it: with the sender's name above (others') and without
 * (one's own). Estimates that match spare the list from moving rows as they are measured.
 */
const OTHERS_ROW_PX = 78;
const OWN_ROW_PX = 58;

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
  const { messages, members, myUserId } = props;
  const { t } = useTranslation('chat');
  const firstId = messages[0]?.id;
  // One array while the members stay the same, so the memoized rows are not drawn again for it.
  const caregivers = useMemo(() => caregiversOf(members), [members]);
  const scroller = useRef<HTMLDivElement>(null);
  const scrollerOf = useCallback(() => scroller.current, []);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders the list itself as it scrolls; the compiler's memoization has nothing to add here
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => estimatedRowHeight(messages[index]!, myUserId),
    // Opens at the newest messages: the first render draws the rows at the bottom rather than the oldest of the page.
    initialOffset: () => messages.length * OTHERS_ROW_PX,
    getItemKey: (index) => messages[index]!.id,
    overscan: 8,
    // Rows are placed and the list sized straight in the DOM as rows are measured, so a measurement re-renders
    // nothing unless the rows in view change (a re-render per measured row made opening a conversation slow).
    directDomUpdates: true,
  });
  // After the virtualizer's hooks: its layout effect sizes the list in the DOM before this one restores the place.
  const loadOlder = useOlderPages(scrollerOf, firstId, messages.length, props);
  const items = virtualizer.getVirtualItems();
  const lastId = messages[messages.length - 1]?.id;
  const lastOwnId = [...messages].reverse().find((m) => m.sender.userId === myUserId)?.id ?? null;

  // Opens at the newest message, and follows new ones while the reader is at the bottom.
  const atBottom = useRef(true);
  const opened = useRef(false);
  useEffect(() => {
    if (lastId === undefined || !atBottom.current) return;
    virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
    // Scrolling is the reader's from the next frame on: only then does nearing the top load older messages.
    const frame = requestAnimationFrame(() => (opened.current = true));
    return () => cancelAnimationFrame(frame);
  }, [lastId, messages.length, virtualizer]);

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
        if (opened.current && element.scrollTop < FETCH_OLDER_WITHIN_PX) loadOlder();
      }}
    >
      {props.loadingOlder && (
        <Center py={4}>
          <Loader size="xs" aria-label={t('pane.loadingOlder')} />
        </Center>
      )}
      {messages.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('pane.empty')}
        </Text>
      ) : (
        <div ref={virtualizer.containerRef} style={{ position: 'relative' }}>
          {items.map((item) => {
            const message = messages[item.index]!;
            return (
              <div key={item.key} data-index={item.index} ref={virtualizer.measureElement} className={classes.row}>
                <ChatMessageItem
                  message={message}
                  own={message.sender.userId === myUserId}
                  readBy={message.id === lastOwnId ? readers(members, message, myUserId) : null}
                  canDownload={props.canDownload}
                  canCopy={props.canCopy}
                  clientId={props.clientId}
                  caregivers={caregivers}
                />
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}

/**
 * Loading older pages: `loadOlder` (called when the reader scrolls near the top) notes the distance from the bottom
 * and asks for the next older page; when it arrives above, the same distance is restored, so the reader keeps their
 * place. A history that does not fill the pane loads older pages by itself.
 */
function useOlderPages(
  scrollerOf: () => HTMLDivElement | null,
  firstId: number | undefined,
  count: number,
  { hasOlder, loadingOlder, onLoadOlder }: { hasOlder: boolean; loadingOlder: boolean; onLoadOlder: () => void },
): () => void {
  const fromBottom = useRef<number | null>(null);
  const previousFirst = useRef(firstId);
  useLayoutEffect(() => {
    const element = scrollerOf();
    if (element && previousFirst.current !== undefined && firstId !== previousFirst.current && fromBottom.current !== null) {
      element.scrollTop = element.scrollHeight - fromBottom.current;
    }
    previousFirst.current = firstId;
  }, [firstId, scrollerOf]);

  const loadOlder = () => {
    const element = scrollerOf();
    if (!element || !hasOlder || loadingOlder) return;
    fromBottom.current = element.scrollHeight - element.scrollTop;
    onLoadOlder();
  };
  useEffect(() => {
    const element = scrollerOf();
    if (element && element.scrollHeight <= element.clientHeight && hasOlder && !loadingOlder) onLoadOlder();
  }, [count, hasOlder, loadingOlder, onLoadOlder, scrollerOf]);

  return loadOlder;
}

/** The height a message's row is expected to take before it is measured (one line of text, no attachment). */
function estimatedRowHeight(message: ChatMessage, myUserId: number): number {
  return message.sender.userId === myUserId ? OWN_ROW_PX : OTHERS_ROW_PX;
}

/** The other members whose read position is at or past `message` (the read receipt under one's last message). */
function readers(members: ChatMember[], message: ChatMessage, myUserId: number): string[] {
  return members
    .filter((m) => m.userId !== myUserId && m.lastReadMessageId !== null && m.lastReadMessageId >= message.id)
    .map((m) => m.name);
}
