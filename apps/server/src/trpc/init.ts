import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { Context } from './context';
import { withRequestScope } from '../db/request-scope';
import { AppError, APP_ERROR_STATUS } from '../errors/app-error';
import { describeZodError } from '../errors/zod-errors';
import { isActionAllowed } from '../features/roles/roles.permissions';

/** JSON-RPC error numbers of tRPC per AppError code. */
const RPC_CODE = {
  BAD_REQUEST: -32600,
  UNAUTHORIZED: -32001,
  FORBIDDEN: -32003,
  NOT_FOUND: -32004,
  CONFLICT: -32009,
  TOO_MANY_REQUESTS: -32029,
  INTERNAL_SERVER_ERROR: -32603,
} as const;

const t = initTRPC.context<Context>().create({
  /** The one place errors are mapped: AppError codes and zod input errors to statuses and human messages. */
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    if (cause instanceof AppError) {
      return {
        ...shape,
        code: RPC_CODE[cause.code],
        message: cause.message,
        data: {
          ...shape.data,
          code: cause.code,
          httpStatus: cause.httpStatus,
          fieldErrors: cause.fieldErrors ?? null,
          stack: undefined,
        },
      };
    }
    if (cause instanceof ZodError) {
      const { message, fieldErrors } = describeZodError(cause);
      return {
        ...shape,
        message,
        data: { ...shape.data, httpStatus: APP_ERROR_STATUS.BAD_REQUEST, fieldErrors, stack: undefined },
      };
    }
    const hidden = error.code === 'INTERNAL_SERVER_ERROR';
    return {
      ...shape,
      message: hidden ? 'Internal server error' : shape.message,
      data: { ...shape.data, fieldErrors: null, stack: undefined },
    };
  },
});

export const router = t.router;

/** A procedure anyone may call, signed in or not. */
export const publicProcedure = t.procedure;

/**
 * A procedure for any signed-in user, run in one transaction that sets `app.user_id` (read by the audit
 * triggers). A failed call rolls the transaction back. Adds `scope` to the context.
 * @throws UNAUTHORIZED (401) without a valid session.
 */
export const authedProcedure = t.procedure.use(async ({ ctx, next }) => {
  const caller = ctx.caller;
  if (!caller) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to continue' });
  return withRequestScope(ctx.db, caller, async (scope) => {
    const result = await next({ ctx: { caller, scope } });
    // Rethrown so the transaction rolls back; tRPC turns it back into the same error response.
    if (!result.ok) throw result.error;
    return result;
  });
});

/**
 * A procedure guarded by its action name, which is its path (ARCHITECTURE.md "API contract"): the caller's role
 * must list it in its action permissions (Developer, with system-level access, is allowed everything).
 * @throws FORBIDDEN (403) naming the action.
 */
export const permissionProcedure = authedProcedure.use(({ ctx, path, next }) => {
  if (!isActionAllowed(ctx.caller.role, path)) {
    throw new TRPCError({ code: 'FORBIDDEN', message: `Your role may not use ${path}` });
  }
  return next();
});
