import { z } from 'zod';
import { ZGetUsersInput, ZUpdateUserInput } from '@hearth/shared/users/users.schema';
import { authedProcedure, permissionProcedure, router } from '../../trpc/init';
import { toCurrentUser } from './users.output';
import * as service from './users.service';

const ZId = z.object({ id: z.number().int().positive() });

export const usersRouter = router({
  /** The signed-in user with derived flags (spec section 7). Any signed-in user. */
  getCurrentUser: authedProcedure.query(({ ctx }) => toCurrentUser(ctx.caller)),
  /** A page of staff users in scope: {search?, page, pageSize} -> {rows, totalCount, page, pageSize, totalPages}. */
  getUsers: permissionProcedure.input(ZGetUsersInput).query(({ ctx, input }) => service.getUsers({ scope: ctx.scope, input })),
  /** One user in scope {id} with what the caller may change of them (users.management.ts); 404 outside it. */
  getUser: permissionProcedure.input(ZId).query(({ ctx, input }) => service.getUser({ scope: ctx.scope, input })),
  /** Edits a staff user (spec section 5 rules; who may manage whom: users.management.ts, issue 28). */
  updateUser: permissionProcedure
    .input(ZUpdateUserInput)
    .mutation(({ ctx, input }) => service.updateUser({ scope: ctx.scope, input })),
  /** Acts as another user {userId} inside the caller's reach (users.management.ts) until users.stopImpersonatingUser. */
  startImpersonatingUser: permissionProcedure
    .input(z.object({ userId: z.number().int().positive() }))
    .mutation(({ ctx, input }) => service.startImpersonatingUser({ scope: ctx.scope, input })),
  users: router({
    /** Stops impersonating; any signed-in user, so an impersonated role without it can still stop. */
    stopImpersonatingUser: authedProcedure.mutation(({ ctx }) => service.stopImpersonatingUser({ scope: ctx.scope })),
  }),
});
