import type {
  ChatMessage,
  EditMessageInput,
  GetMessagesInput,
  MarkReadInput,
  MessageIdInput,
  MessagesOutput,
  SearchMessagesInput,
  SendMessageInput,
} from '@hearth/shared/chat/chat.schema';
import type { Page } from '@hearth/shared/app/outputs.schema';
import type { Scope } from '../../auth/scope';
import { AppError } from '../../errors/app-error';

const pending = () => new AppError('INTERNAL_SERVER_ERROR', 'Chat messages are being built');

/** Messages of a conversation. */
export async function getMessages(_: { scope: Scope; input: GetMessagesInput }): Promise<MessagesOutput> {
  throw pending();
}

/** Sends a message. */
export async function sendMessage(_: { scope: Scope; input: SendMessageInput; now: Date }): Promise<ChatMessage> {
  throw pending();
}

/** Edits a message. */
export async function editMessage(_: { scope: Scope; input: EditMessageInput; now: Date }): Promise<ChatMessage> {
  throw pending();
}

/** Deletes a message. */
export async function deleteMessage(_: { scope: Scope; input: MessageIdInput; now: Date }): Promise<ChatMessage> {
  throw pending();
}

/** Marks read. */
export async function markRead(_: {
  scope: Scope;
  input: MarkReadInput;
  now: Date;
}): Promise<{ unreadCount: number; totalUnread: number }> {
  throw pending();
}

/** Searches messages. */
export async function searchMessages(_: {
  scope: Scope;
  input: SearchMessagesInput;
}): Promise<Page<{ message: ChatMessage; conversationTitle: string }>> {
  throw pending();
}
