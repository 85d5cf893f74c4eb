import { authedProcedure } from '../../trpc/init';
import { AppError } from '../../errors/app-error';

/**
 * The base of every chat procedure (issue 22; docs/architecture.md "Chat"): a signed-in caller whose role has
 * chatEnabled and whose user has chatEnabled (scope.chat.enabled, db/request-scope.ts chatRightsOf). The chat flags
 * are chat's permissions, so chat procedures are not action-guarded; each service checks the flag its action needs
 * (send, initiate, upload, ...).
 * @throws FORBIDDEN (403) "Chat is not enabled for you" for a role without chat or a user with chatEnabled false
 *   (issue 22 item 5: they see no chat).
 */
export const chatProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.scope.chat.enabled) throw new AppError('FORBIDDEN', 'Chat is not enabled for you');
  return next();
});
