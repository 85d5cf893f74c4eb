import type { ChatUnreadCount } from '@hearth/shared/chat/chat.schema';
import type { Scope } from '../../auth/scope';

/** The caller's unread chat messages. */
export async function getChatUnreadCount(_: { scope: Scope }): Promise<ChatUnreadCount> {
  return { count: 0, conversations: 0 };
}
