/**
 * Which store the phone chat keeps its offline copy and outbox in (issue 22 item 6). The /chat route hands in the
 * caregiver app's encrypted cache (routes/chat.route.tsx: features do not import each other); without a provider the
 * box lives in memory for the page's life, which is enough for a screen that is never used offline.
 *
 * One box per store for the page's life (not per render or mount), so that leaving and reopening the chat never runs
 * two flushes of one outbox side by side.
 */
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { errorMessageOf } from '@/api/api-error';
import { putFile } from '@/api/file-upload';
import { trpcClient } from '@/api/trpc';
import { ChatOfflineBox, memoryStore, type ChatOfflineStore, type ChatSender } from './chat-offline.store';
import { attachmentIdsOf, outboxOutcome, type OutboxMessage } from './chat-offline.outbox';

/**
 * Reaches the server for the offline box: chat.sendMessage (its clientMessageId makes a resend answer the stored
 * message), chat.createAttachment and the PUT of its bytes, chat.deleteAttachment, chat.markRead.
 */
const sender: ChatSender = {
  send: (entry) =>
    trpcClient.chat.sendMessage.mutate({
      conversationId: entry.conversationId,
      clientMessageId: entry.clientMessageId,
      body: entry.body,
      attachmentIds: attachmentIdsOf(entry),
    }),
  createAttachment: (conversationId, file) => trpcClient.chat.createAttachment.mutate({ conversationId, file }),
  putBytes: (url, bytes) => putFile(url, bytes),
  deleteAttachment: (attachmentId) => trpcClient.chat.deleteAttachment.mutate({ attachmentId }),
  markRead: (read) => trpcClient.chat.markRead.mutate(read),
  outcome: outboxOutcome,
  reasonOf: errorMessageOf,
};

const boxes = new WeakMap<ChatOfflineStore, ChatOfflineBox>();

/** The page's one box over `store`. */
function boxOf(store: ChatOfflineStore): ChatOfflineBox {
  let box = boxes.get(store);
  if (!box) boxes.set(store, (box = new ChatOfflineBox(store, sender)));
  return box;
}

const fallbackStore = memoryStore();
const StoreContext = createContext<ChatOfflineStore>(fallbackStore);

/** Gives the chat screens below it `store` for their offline copy and outbox. */
export function ChatOfflineProvider(props: { store: ChatOfflineStore; children: ReactNode }) {
  return <StoreContext.Provider value={props.store}>{props.children}</StoreContext.Provider>;
}

/** The offline box of the store in context. */
export function useChatOfflineBox(): ChatOfflineBox {
  const store = useContext(StoreContext);
  return useMemo(() => boxOf(store), [store]);
}

/** The outbox's entries, written order, live. */
export function useOutbox(box: ChatOfflineBox): OutboxMessage[] {
  return useSyncExternalStore(box.subscribe, box.outboxSnapshot);
}
