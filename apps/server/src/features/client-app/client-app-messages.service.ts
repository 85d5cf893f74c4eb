import type { ClientAppClientInput } from '@hearth/shared/client-app/client-app.schema';
import type { ClientAppConversationOutput } from '@hearth/shared/client-app/client-app-messages.schema';
import type { Scope } from '../../auth/scope';
import { startFamilyConversation } from '../chat/chat.family';
import { reachClient } from './client-app.access';

/**
 * clientAppStartConversation (issue "client and family app" item 4): the caller's conversation with the office of
 * the client's branch about the client, found or started (chat.family.ts startFamilyConversation: members the
 * caller and the branch's office staff with chat). One per family user and client, so a contact's messages are not
 * read by another contact of the same client. Reading and writing in it are chat's calls, which let a client or
 * contact reach only such a conversation, and only while they hold the messages permission.
 * Input {clientId}. Output {conversationId}.
 * @throws AppError NOT_FOUND "Client N not found" for a client out of the caller's reach or without the messages
 *   permission (reachClient).
 */
export async function clientAppStartConversation({
  scope,
  input,
}: {
  scope: Scope;
  input: ClientAppClientInput;
}): Promise<ClientAppConversationOutput> {
  const client = await reachClient(scope, input.clientId, 'messages');
  const conversationId = await startFamilyConversation(scope, client);
  return { conversationId };
}
