import { eq } from 'drizzle-orm';
import type { ChatSettings } from '@hearth/shared/chat/chat.schema';
import type { Scope } from '../../auth/scope';
import { users } from '../users/users.schema';

/**
 * The caller's chat fallback settings (spec "User" chatSmsEnabled default true, chatEmailEnabled default false;
 * issue 22 item 5): whether a message left unread for CHAT_FALLBACK_MINUTES reaches them by SMS or email.
 * Always the caller's own row: no user id is taken from the input.
 */
export async function getMyChatSettings({ scope }: { scope: Scope }): Promise<ChatSettings> {
  const [row] = await scope.db
    .select({ chatSmsEnabled: users.chatSmsEnabled, chatEmailEnabled: users.chatEmailEnabled })
    .from(users)
    .where(eq(users.id, scope.userId));
  return row ?? { chatSmsEnabled: true, chatEmailEnabled: false };
}

/**
 * Changes the caller's own fallback settings {chatSmsEnabled?, chatEmailEnabled?} (a missing field stays) ->
 * ChatSettings after the change. Audited by the users trigger.
 */
export async function updateMyChatSettings({
  scope,
  input,
}: {
  scope: Scope;
  input: Partial<ChatSettings>;
}): Promise<ChatSettings> {
  const changes: Partial<ChatSettings> = {};
  if (input.chatSmsEnabled !== undefined) changes.chatSmsEnabled = input.chatSmsEnabled;
  if (input.chatEmailEnabled !== undefined) changes.chatEmailEnabled = input.chatEmailEnabled;
  if (Object.keys(changes).length > 0) {
    await scope.db.update(users).set(changes).where(eq(users.id, scope.userId));
  }
  return getMyChatSettings({ scope });
}
