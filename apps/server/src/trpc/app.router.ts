import { router } from './init';
import { registerActions } from './action-catalog';
import { usersRouter } from '../features/users/users.router';
import { branchesRouter } from '../features/branches/branches.router';
import { rolesRouter } from '../features/roles/roles.router';
import { viewsRouter } from '../features/views/views.router';

/** The root router at /api/trpc: procedure paths are the spec's call names. */
export const appRouter = router({
  ...usersRouter._def.record,
  ...branchesRouter._def.record,
  ...rolesRouter._def.record,
  ...viewsRouter._def.record,
});

registerActions(Object.keys(appRouter._def.procedures));

export type AppRouter = typeof appRouter;
