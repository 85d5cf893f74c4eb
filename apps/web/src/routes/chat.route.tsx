import { ChatPage } from '@/features/chat/chat.page';
import { ChatOfflineProvider } from '@/features/chat/chat-offline.context';
import type { ChatOfflineStore } from '@/features/chat/chat-offline.store';

/** The caregiver app's encrypted cache (Dexie and WebCrypto) loads only when the phone chat first reads or writes. */
const offlineCache = () => import('@/features/caregiver-app/offline/offline-cache');

/**
 * The phone chat's offline copy and outbox live in the caregiver app's encrypted cache (spec section 9 "Local cache":
 * one IndexedDB database, entries per user, AES-GCM), like the schedule's windows and the visits waiting to upload:
 * chat is health information too. Its entries are prefixed `chat-` (chat-offline.cache.ts).
 */
const encryptedStore: ChatOfflineStore = {
  get: (key) => offlineCache().then((cache) => cache.cacheGet(key)),
  set: (key, value) => offlineCache().then((cache) => cache.cacheSet(key, value)),
  delete: (key) => offlineCache().then((cache) => cache.cacheDelete(key)),
  list: (prefix) => offlineCache().then((cache) => cache.cacheList(prefix)),
};

/**
 * /chat (issue 22 item 6): the chat page with the caregiver app's encrypted cache as the phone chat's offline store.
 * Composed here because features do not import each other.
 */
export function ChatRoute() {
  return (
    <ChatOfflineProvider store={encryptedStore}>
      <ChatPage />
    </ChatOfflineProvider>
  );
}
