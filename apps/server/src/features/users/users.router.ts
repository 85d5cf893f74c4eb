import { z } from 'zod';
import { ZCurrentUser, ZGetUsersInput, ZGetUsersOutput, ZUpdateUserInput, ZUserDetail } from '@hearth/shared/users/users.schema';
import { ZOkOutput } from '@hearth/shared/app/outputs.schema';
import { ZId } from '@hearth/shared/app/input-rules';
import { authedProcedure, permissionProcedure, router } from '../../trpc/init';
import { getCurrentUser } from './users.current';
import { setMyLanguage } from './users.language';
import { ZMyLanguageOutput, ZSetMyLanguageInput } from '@hearth/shared/users/users.schema';
import * as service from './users.service';
import { resetUserMfa } from './users.mfa';
import { ZResetUserMfaInput } from '@hearth/shared/mfa/mfa.schema';

const ZIdInput = z.object({ id: ZId });

/**
 * The staff user procedures (spec sections 3, 5 and 7). Outputs are declared, so a user leaves as a whitelist of
 * fields: the SSN masked, no session token, chat id or push endpoint of the users row.
 */
export const usersRouter = router({
  /** The signed-in user with derived flags (spec section 7) -> CurrentUser. Any signed-in user. */
  getCurrentUser: authedProcedure
    .output(ZCurrentUser)
    .query(({ ctx }) => getCurrentUser({ scope: ctx.scope, caller: ctx.caller })),
  /** Sets one's own language {language: 'en' | 'es' | null} -> {language} (users.language.ts). Any signed-in user. */
  setMyLanguage: authedProcedure
    .input(ZSetMyLanguageInput)
    .output(ZMyLanguageOutput)
    .mutation(({ ctx, input }) => setMyLanguage({ scope: ctx.scope, input })),
  /** A page of staff users in scope: {search?, page, pageSize} -> {rows, totalCount, page, pageSize, totalPages}. */
  getUsers: permissionProcedure
    .input(ZGetUsersInput)
    .output(ZGetUsersOutput)
    .query(({ ctx, input }) => service.getUsers({ scope: ctx.scope, input })),
  /** One user in scope {id} -> UserDetail, with what the caller may change of them (users.management.ts); 404 outside. */
  getUser: permissionProcedure
    .input(ZIdInput)
    .output(ZUserDetail)
    .query(({ ctx, input }) => service.getUser({ scope: ctx.scope, input })),
  /** Edits a staff user -> UserDetail (spec section 5 rules; who may manage whom: users.management.ts, issue 28). */
  updateUser: permissionProcedure
    .input(ZUpdateUserInput)
    .output(ZUserDetail)
    .mutation(({ ctx, input }) => service.updateUser({ scope: ctx.scope, input })),
  /** Acts as another user {userId} inside the caller's reach (users.management.ts) until users.stopImpersonatingUser. */
  startImpersonatingUser: permissionProcedure
    .input(z.object({ userId: ZId }))
    .output(ZOkOutput)
    .mutation(({ ctx, input }) => service.startImpersonatingUser({ scope: ctx.scope, input })),
  /** Removes a user's second factors and sessions {userId} -> {ok} (users.mfa.ts; audited by the users trigger). */
  resetUserMfa: permissionProcedure
    .input(ZResetUserMfaInput)
    .output(ZOkOutput)
    .mutation(({ ctx, input }) => resetUserMfa({ scope: ctx.scope, input })),
  users: router({
    /** Stops impersonating -> {ok}; any signed-in user, so an impersonated role without it can still stop. */
    stopImpersonatingUser: authedProcedure
      .output(ZOkOutput)
      .mutation(({ ctx }) => service.stopImpersonatingUser({ scope: ctx.scope })),
  }),
});
