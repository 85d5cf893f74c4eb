import { ZClientAppClientInput } from '@hearth/shared/client-app/client-app.schema';
import { ZClientAppConversationOutput } from '@hearth/shared/client-app/client-app-messages.schema';
import { permissionProcedure, router } from '../../trpc/init';
import { clientAppStartConversation } from './client-app-messages.service';

/** The client app's messages calls; see client-app.router.ts. The messages themselves go through chat's calls. */
export const clientAppMessagesRouter = router({
  /**
   * The caller's conversation with the office about a client {clientId} -> {conversationId}, found or started
   * (messages permission; 404 without it or for a client out of reach). A mutation: it may create the conversation.
   */
  clientAppStartConversation: permissionProcedure
    .input(ZClientAppClientInput)
    .output(ZClientAppConversationOutput)
    .mutation(({ ctx, input }) => clientAppStartConversation({ scope: ctx.scope, input })),
});
