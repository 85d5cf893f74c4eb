import type { ChatMessage, MessagesOutput } from '@hearth/shared/chat/chat.schema';

/*
 * The loaded part of a conversation's history, as the message pane keeps it (TanStack's infinite query data): pages
 * newest first, each page's messages oldest first, each older page fetched with beforeId = the first id of the page
 * before it. Live events and sends update it in place instead of refetching every page scrolled back to (a
 * 10,000-message conversation must stay smooth, issue 22 "Performance").
 */

/** The infinite query's data: pages[0] is the newest page; pageParams[i] is the beforeId it was fetched with. */
export interface MessagePages {
  pages: MessagesOutput[];
  pageParams: unknown[];
}

/** The highest message id held, or 0 when nothing is loaded. */
export function newestHeldId(data: MessagePages): number {
  const first = data.pages[0]?.messages;
  return first && first.length > 0 ? first[first.length - 1]!.id : 0;
}

/** Every loaded message, oldest first (the pane's rows). */
export function flattenPages(data: Pick<MessagePages, 'pages'> | undefined): ChatMessage[] {
  if (!data) return [];
  return data.pages
    .slice()
    .reverse()
    .flatMap((page) => page.messages);
}

/**
 * Whether `fresh`, the newest page fetched now, leaves a hole after what is held: it starts after the newest held
 * message and says older ones exist, so messages may lie between the two. Then the history is refetched whole.
 */
export function leavesGap(data: MessagePages, fresh: MessagesOutput): boolean {
  const newest = newestHeldId(data);
  const oldestFresh = fresh.messages[0]?.id;
  return newest > 0 && oldestFresh !== undefined && oldestFresh > newest && fresh.hasMore;
}

/**
 * `data` with `incoming` messages in place: a message already held is replaced (an edit, a deletion), a newer one
 * is appended to the newest page in id order; messages older than the newest held and not held (outside the loaded
 * window) are left out, since scrolling back fetches them. Returns `data` itself when nothing changed.
 */
export function upsertMessages(data: MessagePages, incoming: readonly ChatMessage[]): MessagePages {
  if (incoming.length === 0 || data.pages.length === 0) return data;
  const byId = new Map(incoming.map((message) => [message.id, message]));
  const newest = newestHeldId(data);
  let changed = false;
  const pages = data.pages.map((page) => {
    let pageChanged = false;
    const messages = page.messages.map((message) => {
      const next = byId.get(message.id);
      if (!next || next === message) return message;
      pageChanged = true;
      return next;
    });
    if (!pageChanged) return page;
    changed = true;
    return { ...page, messages };
  });
  const added = incoming.filter((message) => message.id > newest).sort((a, b) => a.id - b.id);
  const unique = added.filter((message, index) => index === 0 || added[index - 1]!.id !== message.id);
  if (unique.length > 0) {
    changed = true;
    pages[0] = { ...pages[0]!, messages: [...pages[0]!.messages, ...unique] };
  }
  return changed ? { ...data, pages } : data;
}
