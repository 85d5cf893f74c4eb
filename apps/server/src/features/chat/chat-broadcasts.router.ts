import { ZBroadcastInput, ZBroadcastPage, ZBroadcastSummary, ZGetBroadcastsInput } from '@hearth/shared/chat/chat.schema';
import { chatProcedure } from './chat.procedure';
import * as broadcasts from './chat-broadcasts.service';

/**
 * The broadcast procedures of chat (issue 22 item 3), spread into chatRouter as `chat.broadcast` and
 * `chat.getBroadcasts`. Built on chatProcedure (403 "Chat is not enabled for you" without chat); the role flags
 * chatBroadcastEnabled and chatBroadcastAllEnabled are checked by the service. Outputs are declared whitelists.
 */
export const broadcastProcedures = {
  /**
   * Sends one message to every chat-enabled caregiver with a sign-in of a branch {audience: 'branch', branchId} or
   * of the company {audience: 'company'}, each in their `broadcast` conversation with the sender; idempotent on
   * clientMessageId -> BroadcastSummary. 403 without the audience's flag, 404 for a branch out of scope.
   */
  broadcast: chatProcedure
    .input(ZBroadcastInput)
    .output(ZBroadcastSummary)
    .mutation(({ ctx, input }) => broadcasts.broadcast({ scope: ctx.scope, input })),
  /** The caller's broadcasts {page, pageSize}, newest first, with how many received and read each -> page of BroadcastSummary. */
  getBroadcasts: chatProcedure
    .input(ZGetBroadcastsInput)
    .output(ZBroadcastPage)
    .query(({ ctx, input }) => broadcasts.getBroadcasts({ scope: ctx.scope, input })),
};
