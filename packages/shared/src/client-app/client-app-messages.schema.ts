import { z } from 'zod';

/**
 * The client app's messages (issue "client and family app" item 4): a client or trusted contact writes to the office
 * of their client's branch through chat. clientAppStartConversation answers the conversation; reading and writing
 * in it are chat's own calls (chat.getMessages, chat.sendMessage, chat.markRead), which confine a client or contact
 * to such conversations. The input is ZClientAppClientInput (client-app.schema.ts).
 */

/** Output of clientAppStartConversation: the caller's conversation with the office about that client. */
export const ZClientAppConversationOutput = z.object({ conversationId: z.number() });
export type ClientAppConversationOutput = z.infer<typeof ZClientAppConversationOutput>;
