/**
 * The phone's chat outbox, its pure rules (issue 22 item 6: "queueing what is written (sent when online, never lost,
 * never doubled)"). Every message the caregiver writes becomes an outbox entry first, with the clientMessageId it
 * keeps for life; the entry leaves the outbox only once the server answers with the stored message. A resend of the
 * same clientMessageId answers the message already stored (chat.sendMessage is idempotent on it), so sending an
 * entry twice (two tabs, a reply lost on the way back) never doubles it.
 *
 * Storage and the network are passed in (chat-offline.sync.ts runs this with the encrypted cache and tRPC), so these
 * rules are tested without either.
 */
import type { ChatAttachment, ChatMessage } from '@hearth/shared/chat/chat.schema';
import { HttpError } from '@/api/api-error';
import { syncOutcome, type SyncOutcome } from '@/api/sync-outcome';

/** A message written on the phone and not yet stored by the server. */
export interface OutboxMessage {
  /** A UUID, given when written and sent with every attempt (the server's idempotency key). */
  clientMessageId: string;
  conversationId: number;
  body: string;
  /** Attachments already uploaded (chat.createAttachment then PUT) that the message carries. */
  attachments: ChatAttachment[];
  /**
   * Files chosen on the phone and not yet (all) uploaded: their bytes wait in the offline store (chat-offline.files.ts)
   * and the flush creates, PUTs and then sends them with the message. Absent on entries written before files queued.
   */
  files?: OutboxFile[];
  /** When it was written, ISO 8601 UTC: the send order. */
  createdAt: string;
  /** 'waiting' until sent; 'refused' when the server refused it for good (kept, shown with `reason`). */
  status: 'waiting' | 'refused';
  /** The server's message for a refused entry, in the reader's language; null while waiting. */
  reason: string | null;
}

/** A file queued with a message: its facts, and how far its upload went (each step is stored before the next). */
export interface OutboxFile {
  /** A UUID naming the stored bytes (`chat-outbox-file:<key>`). */
  key: string;
  filename: string;
  /** Bytes. */
  size: number;
  contentType: string;
  /**
   * The pending attachment chat.createAttachment made for it, and where its bytes go until when (ISO 8601 UTC); null
   * until created. Kept so that a flush cut off after the create PUTs to the same attachment instead of making a second.
   */
  created: { id: number; url: string; uploadUrlExpiresAt: string } | null;
  /** The bytes were PUT: the attachment only waits for the message (and the phone's copy of the bytes is gone). */
  uploaded: boolean;
}

/**
 * A new outbox entry, waiting.
 * @param input the conversation, the body (trimmed here; '' for attachments only), attachments already uploaded and
 *   files whose bytes the store already holds under their key
 * @param clientMessageId a fresh UUID (crypto.randomUUID())
 * @param now ISO 8601 UTC
 */
export function newOutboxMessage(
  input: {
    conversationId: number;
    body: string;
    attachments?: ChatAttachment[];
    files?: { key: string; filename: string; size: number; contentType: string }[];
  },
  clientMessageId: string,
  now: string,
): OutboxMessage {
  return {
    clientMessageId,
    conversationId: input.conversationId,
    body: input.body.trim(),
    attachments: input.attachments ?? [],
    files: (input.files ?? []).map((f) => ({ ...f, created: null, uploaded: false })),
    createdAt: now,
    status: 'waiting',
    reason: null,
  };
}

/**
 * syncOutcome, and for an upload PUT's HttpError (no tRPC code): a 5xx, 408 or 429 waits for the next flush, any other
 * status is refused for good (the entry shows the reason, "Try again" creates the attachment anew).
 */
export function outboxOutcome(error: unknown): SyncOutcome {
  if (error instanceof HttpError && !error.code) {
    return error.status >= 500 || error.status === 408 || error.status === 429 ? 'keep' : 'drop';
  }
  return syncOutcome(error);
}

/** Oldest first (written order), ties broken by clientMessageId so the order is the same on every read. */
export function byWrittenOrder(a: OutboxMessage, b: OutboxMessage): number {
  return a.createdAt.localeCompare(b.createdAt) || a.clientMessageId.localeCompare(b.clientMessageId);
}

/** The entries to send, in the order they were written; refused ones stay where they are until the caregiver acts. */
export function sendQueue(entries: OutboxMessage[]): OutboxMessage[] {
  return entries.filter((e) => e.status === 'waiting').sort(byWrittenOrder);
}

/** What a flush needs from the outside world. */
export interface OutboxPorts {
  /** Every stored entry (any order). */
  list: () => Promise<OutboxMessage[]>;
  /** chat.sendMessage with the entry's clientMessageId; resolves to the stored message, rejects with the API error. */
  send: (entry: OutboxMessage) => Promise<ChatMessage>;
  /** Classifies a failed attempt (api/sync-outcome.ts syncOutcome). */
  outcome: (error: unknown) => SyncOutcome;
  /** Stores the server's message where the conversation's cache and screen will show it. Called before `remove`. */
  delivered: (entry: OutboxMessage, message: ChatMessage) => Promise<void>;
  /** Removes the entry (after `delivered`). */
  remove: (clientMessageId: string) => Promise<void>;
  /** Replaces the entry (marked refused). */
  put: (entry: OutboxMessage) => Promise<void>;
  /** The reason to show for an error the server refused for good. */
  reasonOf: (error: unknown) => string;
  /** The file ports; an outbox without queued files never calls them. */
  files?: OutboxFilePorts;
}

/** What uploading a queued file needs (chat.createAttachment, the PUT, the stored bytes, the clock). */
export interface OutboxFilePorts {
  /** chat.createAttachment {conversationId, file facts} -> the pending attachment and its upload URL. */
  create: (entry: OutboxMessage, file: OutboxFile) => Promise<{ id: number; url: string; uploadUrlExpiresAt: string }>;
  /** PUTs the stored bytes of `file` to `url`; rejects with the PUT's error (an HttpError) or a failed fetch. */
  put: (url: string, file: OutboxFile) => Promise<void>;
  /** chat.deleteAttachment, best effort: a pending attachment the flush gives up (its URL expired, its PUT refused). */
  removeAttachment: (attachmentId: number) => Promise<void>;
  /** Deletes the phone's copy of the bytes (once PUT, or when the entry is discarded). */
  dropBytes: (file: OutboxFile) => Promise<void>;
  /** Now, in ms since the epoch (upload URLs expire). */
  now: () => number;
}

/** How long before its stated expiry an upload URL is no longer used (a PUT of a large photo takes a while). */
export const UPLOAD_URL_MARGIN_MS = 60_000;

/**
 * Uploads the files of `entry` not yet uploaded, one at a time, storing each step (`save`) before the next, so that a
 * flush cut off anywhere resumes where it stopped: a created attachment is PUT again to its URL while that is valid
 * (never a second attachment for one file); one whose URL expired is deleted and created anew.
 * @returns the entry as it now stands (every file uploaded), or throws the failing step's error with the entry as far
 *   as it went in `entry` of an OutboxUploadError
 */
export async function uploadFiles(
  entry: OutboxMessage,
  ports: OutboxFilePorts,
  save: (entry: OutboxMessage) => Promise<void>,
): Promise<OutboxMessage> {
  let current = entry;
  const setFile = async (key: string, change: Partial<OutboxFile>) => {
    current = { ...current, files: (current.files ?? []).map((f) => (f.key === key ? { ...f, ...change } : f)) };
    await save(current);
  };
  for (const file of entry.files ?? []) {
    if (file.uploaded) continue;
    let created = file.created;
    try {
      if (created && Date.parse(created.uploadUrlExpiresAt) - UPLOAD_URL_MARGIN_MS <= ports.now()) {
        await ports.removeAttachment(created.id).catch(() => undefined);
        await setFile(file.key, { created: null });
        created = null;
      }
      if (!created) {
        created = await ports.create(current, file);
        await setFile(file.key, { created });
      }
    } catch (error) {
      throw new OutboxUploadError(current, error, false);
    }
    try {
      await ports.put(created.url, file);
    } catch (error) {
      throw new OutboxUploadError(current, error, true);
    }
    await setFile(file.key, { uploaded: true });
    await ports.dropBytes(file).catch(() => undefined);
  }
  return current;
}

/** A step of uploadFiles failed: the entry as far as it went, the error, and whether it was the PUT. */
export class OutboxUploadError extends Error {
  constructor(
    readonly entry: OutboxMessage,
    readonly error: unknown,
    readonly duringPut: boolean,
  ) {
    super(error instanceof Error ? error.message : String(error));
  }
}

/** The attachment ids a message carries: those uploaded before it was queued, then its queued files'. */
export function attachmentIdsOf(entry: OutboxMessage): number[] {
  return [...entry.attachments.map((a) => a.id), ...(entry.files ?? []).flatMap((f) => (f.created ? [f.created.id] : []))];
}

/** What one flush did. */
export interface FlushResult {
  sent: number;
  /** Entries still waiting (network gone, server busy, signed out): tried again at the next flush. */
  waiting: number;
  refused: number;
}

/**
 * Sends every waiting entry, oldest first, one at a time (issue 22 item 6, in the spirit of spec section 8's offline
 * queue):
 * - files first (uploadFiles): each queued file is created, PUT and marked uploaded, step by step, then the message
 *   goes with their attachment ids; a PUT refused for good forgets that attachment (created anew at "Try again");
 * - sent: the server's message is handed to `delivered`, then the entry is removed (so a crash between the two
 *   leaves the entry, whose resend the server answers with the same message: never lost, never doubled);
 * - kept (no network, a retryable error, 401): the flush stops there, so later messages never overtake it;
 * - refused for good (any other error: 403 chat off, 404 conversation gone, 400): the entry is kept, marked refused
 *   with the server's reason, and the flush goes on with the next.
 * @returns the counts of sent, still waiting and newly refused entries
 */
export async function flushOutbox(ports: OutboxPorts): Promise<FlushResult> {
  const queue = sendQueue(await ports.list());
  const result: FlushResult = { sent: 0, waiting: 0, refused: 0 };
  for (const [i, queued] of queue.entries()) {
    let entry = queued;
    let message: ChatMessage | null = null;
    let error: unknown = null;
    try {
      if ((entry.files ?? []).some((f) => !f.uploaded)) {
        if (!ports.files) throw new Error('No file ports to upload queued files');
        entry = await uploadFiles(entry, ports.files, ports.put);
      }
      message = await ports.send(entry);
    } catch (e) {
      error = e;
      if (e instanceof OutboxUploadError) {
        error = e.error;
        entry = e.entry;
        if (e.duringPut && ports.outcome(e.error) !== 'keep') {
          // The PUT was refused for good (a URL no longer valid, a size the storage refuses): that attachment is given
          // up, so "Try again" creates a new one instead of PUTting to the refused URL again.
          const failed = (entry.files ?? []).find((f) => !f.uploaded && f.created);
          if (failed?.created) await ports.files?.removeAttachment(failed.created.id).catch(() => undefined);
          entry = { ...entry, files: (entry.files ?? []).map((f) => (f === failed ? { ...f, created: null } : f)) };
        }
      }
    }
    if (message) {
      await ports.delivered(entry, message);
      await ports.remove(entry.clientMessageId);
      result.sent++;
      continue;
    }
    if (ports.outcome(error) === 'keep') {
      result.waiting = queue.length - i;
      break;
    }
    await ports.put({ ...entry, status: 'refused', reason: ports.reasonOf(error) });
    result.refused++;
  }
  return result;
}

/** A row of a conversation on the phone: a message the server holds, or one still in the outbox. */
export type PhoneMessageRow = { kind: 'stored'; message: ChatMessage } | { kind: 'outbox'; entry: OutboxMessage };

/**
 * The rows of one conversation: the server's (or cached) messages oldest first, then the outbox entries of that
 * conversation in written order, except an entry whose clientMessageId the server's messages already hold (sent,
 * its removal not yet seen): it shows once, as the stored message.
 */
export function conversationRows(messages: ChatMessage[], outbox: OutboxMessage[], conversationId: number): PhoneMessageRow[] {
  const stored = new Set(messages.map((m) => m.clientMessageId));
  const pending = outbox
    .filter((e) => e.conversationId === conversationId && !stored.has(e.clientMessageId))
    .sort(byWrittenOrder);
  return [
    ...messages.map((message): PhoneMessageRow => ({ kind: 'stored', message })),
    ...pending.map((entry): PhoneMessageRow => ({ kind: 'outbox', entry })),
  ];
}

/** How many entries of each conversation are still in the outbox (the list shows "Waiting to send"). */
export function outboxCountByConversation(outbox: OutboxMessage[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const e of outbox) counts.set(e.conversationId, (counts.get(e.conversationId) ?? 0) + 1);
  return counts;
}
