/**
 * The phone's chat offline box (issue 22 item 6): the cache for reading (chat-offline.cache.ts) and the outbox for
 * writing (chat-offline.outbox.ts) over one key-value store of JSON values. In the app the store is the caregiver
 * app's encrypted cache (IndexedDB through Dexie, AES-GCM; handed in by the /chat route, since features do not import
 * each other); without one (a staff screen, a test) it is kept in memory for the page's life.
 *
 * The outbox is published to React through a snapshot (useSyncExternalStore), re-read after every change this box
 * makes; a flush already running is joined, not started twice.
 */
import type { ChatMessage, ConversationDetail, ConversationSummary } from '@hearth/shared/chat/chat.schema';
import type { SyncOutcome } from '@/api/sync-outcome';
import { i18n } from '@/i18n/i18n.setup';
import {
  CONVERSATIONS_KEY,
  conversationKey,
  keptConversations,
  keptMessages,
  keysToEvict,
  MESSAGES_PREFIX,
  CONVERSATION_PREFIX,
  messagesKey,
  OUTBOX_PREFIX,
  outboxKey,
  READ_PREFIX,
  readKey,
} from './chat-offline.cache';
import { base64ToBlob, blobToBase64, outboxFileKey, type StoredFileBytes } from './chat-offline.files';
import {
  byWrittenOrder,
  flushOutbox,
  type FlushResult,
  type OutboxFile,
  type OutboxFilePorts,
  type OutboxMessage,
} from './chat-offline.outbox';
import { flushReads, movedForward, withPendingReads, type PendingRead, type ReadFlushResult } from './chat-offline.reads';

/** A key-value store of JSON values: the shape of the caregiver app's encrypted cache (cacheGet, cacheSet, ...). */
export interface ChatOfflineStore {
  get: <T>(key: string) => Promise<T | undefined>;
  set: (key: string, value: unknown) => Promise<void>;
  delete: (key: string) => Promise<void>;
  list: <T>(prefix: string) => Promise<{ key: string; value: T }[]>;
}

/** A store kept in memory (values copied through JSON, as a real store would). */
export function memoryStore(): ChatOfflineStore {
  const entries = new Map<string, string>();
  return {
    get: <T>(key: string) => Promise.resolve(entries.has(key) ? (JSON.parse(entries.get(key)!) as T) : undefined),
    set: (key, value) => {
      entries.set(key, JSON.stringify(value));
      return Promise.resolve();
    },
    delete: (key) => {
      entries.delete(key);
      return Promise.resolve();
    },
    list: <T>(prefix: string) =>
      Promise.resolve(
        [...entries].filter(([key]) => key.startsWith(prefix)).map(([key, value]) => ({ key, value: JSON.parse(value) as T })),
      ),
  };
}

/** How the box reaches the server when it flushes the outbox. */
export interface ChatSender {
  /** chat.sendMessage {conversationId, clientMessageId, body, attachmentIds} -> the stored message. */
  send: (entry: OutboxMessage) => Promise<ChatMessage>;
  /** chat.createAttachment {conversationId, file: {filename, size, contentType}} -> {id, url, uploadUrlExpiresAt}. */
  createAttachment: (
    conversationId: number,
    file: { filename: string; size: number; contentType: string },
  ) => Promise<{ id: number; url: string; uploadUrlExpiresAt: string }>;
  /** PUTs bytes to an upload URL (api/file-upload.ts putFile); rejects with an HttpError or a failed fetch. */
  putBytes: (url: string, bytes: Blob) => Promise<void>;
  /** chat.deleteAttachment {attachmentId}. */
  deleteAttachment: (attachmentId: number) => Promise<unknown>;
  /** chat.markRead {conversationId, messageId}. */
  markRead: (read: PendingRead) => Promise<unknown>;
  /** Now in ms since the epoch (upload URLs expire); Date.now when absent. */
  now?: () => number;
  outcome: (error: unknown) => SyncOutcome;
  reasonOf: (error: unknown) => string;
}

/** The chat offline box over one store. */
export class ChatOfflineBox {
  private snapshot: OutboxMessage[] = [];
  private readonly listeners = new Set<() => void>();
  private flushing: Promise<FlushResult> | null = null;
  private flushAgain = false;
  private readonly delivered = new Set<(message: ChatMessage) => void>();
  private readsFlushing: Promise<ReadFlushResult> | null = null;

  constructor(
    private readonly store: ChatOfflineStore,
    private readonly sender: ChatSender,
  ) {}

  /** The outbox entries last read, in written order (for useSyncExternalStore). */
  readonly outboxSnapshot = (): OutboxMessage[] => this.snapshot;

  /** Adds a listener of outbox changes. @returns its removal */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Adds a listener told of each message the outbox delivered (the screen puts it in its list at once). */
  onDelivered(listener: (message: ChatMessage) => void): () => void {
    this.delivered.add(listener);
    return () => this.delivered.delete(listener);
  }

  /** Re-reads the outbox and tells the listeners. @returns the entries, written order */
  async refreshOutbox(): Promise<OutboxMessage[]> {
    const entries = (await this.store.list<OutboxMessage>(OUTBOX_PREFIX)).map((e) => e.value).sort(byWrittenOrder);
    this.snapshot = entries;
    for (const listener of this.listeners) listener();
    return entries;
  }

  /** Stores a message written on the phone (it shows at once as "Waiting to send") and flushes the outbox. */
  async write(entry: OutboxMessage): Promise<void> {
    await this.store.set(outboxKey(entry.clientMessageId), entry);
    await this.refreshOutbox();
    void this.flush().catch(() => undefined);
  }

  /** Puts a refused entry back in the queue and flushes (the caregiver's "Try again"). */
  async retry(clientMessageId: string): Promise<void> {
    const entry = await this.store.get<OutboxMessage>(outboxKey(clientMessageId));
    if (!entry) return;
    await this.store.set(outboxKey(clientMessageId), { ...entry, status: 'waiting', reason: null });
    await this.refreshOutbox();
    void this.flush().catch(() => undefined);
  }

  /**
   * Keeps the bytes of a file chosen in the composer, for a message not yet written (written with `write`, its
   * `files` naming the key returned). The caller checks the size first (chat-offline.files.ts fitsAttachmentLimit).
   * @returns the file's facts and the key of its stored bytes
   * @throws when the store cannot keep them (no cache key yet, the phone's storage full): nothing was queued
   */
  async keepFile(file: File): Promise<{ key: string; filename: string; size: number; contentType: string }> {
    const key = crypto.randomUUID();
    const contentType = file.type || 'application/octet-stream';
    const bytes: StoredFileBytes = { contentType, base64: await blobToBase64(file) };
    await this.store.set(outboxFileKey(key), bytes);
    return { key, filename: file.name, size: file.size, contentType };
  }

  /** Drops the kept bytes of files taken off the composer before sending (best effort). */
  async forgetFiles(keys: string[]): Promise<void> {
    for (const key of keys) await this.store.delete(outboxFileKey(key)).catch(() => undefined);
  }

  /** Removes an entry the caregiver discards (a refused one: "Delete"), with its files' bytes and pending attachments. */
  async discard(clientMessageId: string): Promise<void> {
    const entry = await this.store.get<OutboxMessage>(outboxKey(clientMessageId));
    for (const file of entry?.files ?? []) {
      if (file.created && !file.uploaded) void this.sender.deleteAttachment(file.created.id).catch(() => undefined);
    }
    await this.forgetFiles((entry?.files ?? []).map((f) => f.key));
    await this.store.delete(outboxKey(clientMessageId));
    await this.refreshOutbox();
  }

  /** The file ports of a flush: uploads through the sender, bytes from the store. */
  private filePorts(): OutboxFilePorts {
    return {
      create: (entry, file) =>
        this.sender.createAttachment(entry.conversationId, {
          filename: file.filename,
          size: file.size,
          contentType: file.contentType,
        }),
      put: async (url, file: OutboxFile) => {
        const stored = await this.store.get<StoredFileBytes>(outboxFileKey(file.key));
        // Refused for good (a code, not a failed fetch): waiting would never bring the bytes back.
        if (!stored)
          throw Object.assign(new Error(i18n.t('chatPhone:message.fileMissing', { name: file.filename })), { code: 'NOT_FOUND' });
        await this.sender.putBytes(url, base64ToBlob(stored));
      },
      removeAttachment: async (id) => {
        await this.sender.deleteAttachment(id);
      },
      dropBytes: (file) => this.store.delete(outboxFileKey(file.key)),
      now: () => (this.sender.now ?? Date.now)(),
    };
  }

  /**
   * Sends every waiting entry in written order (chat-offline.outbox.ts flushOutbox); a flush already running is
   * joined (and followed by one more, for what was written meanwhile). Each delivered message is added to its
   * conversation's cache before its entry is removed.
   * @returns what the flush did (sent, still waiting, refused)
   */
  flush(): Promise<FlushResult> {
    if (this.flushing) {
      // An entry written while a flush runs was not in its list: one more flush follows this one.
      this.flushAgain = true;
      return this.flushing;
    }
    this.flushing = flushOutbox({
      list: () => this.store.list<OutboxMessage>(OUTBOX_PREFIX).then((entries) => entries.map((e) => e.value)),
      send: (entry) => this.sender.send(entry),
      outcome: (error) => this.sender.outcome(error),
      reasonOf: (error) => this.sender.reasonOf(error),
      delivered: async (_entry, message) => {
        await this.saveMessages(message.conversationId, [message]);
        for (const listener of this.delivered) listener(message);
      },
      remove: (id) => this.store.delete(outboxKey(id)),
      put: async (entry) => {
        await this.store.set(outboxKey(entry.clientMessageId), entry);
        // Each upload step shows at once on the entry's row (the photo uploaded, the message still waiting).
        await this.refreshOutbox();
      },
      files: this.filePorts(),
    }).finally(() => {
      this.flushing = null;
      void this.refreshOutbox().catch(() => undefined);
      if (this.flushAgain) {
        this.flushAgain = false;
        void this.flush().catch(() => undefined);
      }
    });
    return this.flushing;
  }

  /** Resolves once no flush runs (nor one that follows it): what was written is sent, or waits for the next chance. */
  async idle(): Promise<void> {
    while (this.flushing) await this.flushing.catch(() => undefined);
  }

  /** The conversations kept for offline reading, newest activity first (empty when none). */
  async readConversations(): Promise<ConversationSummary[]> {
    return (await this.store.get<ConversationSummary[]>(CONVERSATIONS_KEY)) ?? [];
  }

  /**
   * Keeps the conversations just fetched (merged over those kept, the newest CHAT_OFFLINE_CACHE.conversations) and
   * deletes the details and messages of conversations that fell out, unless the outbox still holds one of theirs.
   */
  async saveConversations(fetched: ConversationSummary[]): Promise<void> {
    const kept = keptConversations(await this.readConversations(), fetched);
    await this.store.set(CONVERSATIONS_KEY, kept);
    const [messages, details] = await Promise.all([this.store.list(MESSAGES_PREFIX), this.store.list(CONVERSATION_PREFIX)]);
    const evict = keysToEvict(
      [...messages, ...details].map((e) => e.key),
      kept.map((c) => c.id),
      this.snapshot.map((e) => e.conversationId),
    );
    for (const key of evict) await this.store.delete(key);
  }

  /** One conversation's detail as last fetched, or undefined. */
  readConversation(conversationId: number): Promise<ConversationDetail | undefined> {
    return this.store.get<ConversationDetail>(conversationKey(conversationId));
  }

  /** Keeps one conversation's detail. */
  saveConversation(detail: ConversationDetail): Promise<void> {
    return this.store.set(conversationKey(detail.id), detail);
  }

  /** One conversation's kept messages, oldest first (empty when none). */
  async readMessages(conversationId: number): Promise<ChatMessage[]> {
    return (await this.store.get<ChatMessage[]>(messagesKey(conversationId))) ?? [];
  }

  /** Merges fetched messages into the conversation's kept ones (the newest CHAT_OFFLINE_CACHE.messagesPerConversation). */
  async saveMessages(conversationId: number, fetched: ChatMessage[]): Promise<void> {
    const kept = keptMessages(await this.readMessages(conversationId), fetched);
    await this.store.set(messagesKey(conversationId), kept);
  }

  /**
   * Records that the caregiver read `conversationId` up to `messageId` (online or not): kept locally only if it moves
   * the position forward, the kept conversation's unread count set to 0 at once (when read to its last message),
   * then sent (flushReads).
   * @returns whether the position moved (false: already read that far on this phone)
   */
  async markRead(read: PendingRead): Promise<boolean> {
    const next = movedForward(await this.store.get<PendingRead>(readKey(read.conversationId)), read);
    if (!next) return false;
    await this.store.set(readKey(read.conversationId), next);
    const kept = await this.readConversations();
    const shown = withPendingReads(kept, [next]);
    if (shown.some((c, i) => c !== kept[i])) await this.store.set(CONVERSATIONS_KEY, shown);
    void this.flushReads().catch(() => undefined);
    return true;
  }

  /** The read positions not yet sent (the list shows them as read until the server agrees). */
  async pendingReads(): Promise<PendingRead[]> {
    return (await this.store.list<PendingRead>(READ_PREFIX)).map((e) => e.value);
  }

  /**
   * Sends the read positions waiting (chat-offline.reads.ts flushReads); a flush already running is joined.
   * @returns what it did
   */
  flushReads(): Promise<ReadFlushResult> {
    if (this.readsFlushing) return this.readsFlushing;
    this.readsFlushing = flushReads({
      list: () => this.pendingReads(),
      get: (conversationId) => this.store.get<PendingRead>(readKey(conversationId)),
      send: (read) => this.sender.markRead(read),
      outcome: (error) => this.sender.outcome(error),
      remove: (conversationId) => this.store.delete(readKey(conversationId)),
    }).finally(() => {
      this.readsFlushing = null;
    });
    return this.readsFlushing;
  }
}
