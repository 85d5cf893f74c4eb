import type {
  ChatContacts,
  ConversationDetail,
  ConversationSummary,
  ListConversationsInput,
  StartConversationInput,
} from '@hearth/shared/chat/chat.schema';
import type { Page } from '@hearth/shared/app/outputs.schema';
import type { Scope } from '../../auth/scope';
import { AppError } from '../../errors/app-error';

const pending = () => new AppError('INTERNAL_SERVER_ERROR', 'Chat conversations are being built');

/** The caller's conversations. */
export async function listConversations(_: { scope: Scope; input: ListConversationsInput }): Promise<Page<ConversationSummary>> {
  throw pending();
}

/** One conversation. */
export async function getConversation(_: { scope: Scope; input: { conversationId: number } }): Promise<ConversationDetail> {
  throw pending();
}

/** Starts a conversation. */
export async function startConversation(_: { scope: Scope; input: StartConversationInput }): Promise<ConversationDetail> {
  throw pending();
}

/** The caller's contacts. */
export async function listContacts(_: { scope: Scope; input: { search?: string } }): Promise<ChatContacts> {
  throw pending();
}
