import { getTRPCErrorFromUnknown, initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { Context } from './context';
import { scopeOf, withRequestScope } from '../db/request-scope';
import { recordPersonRead } from '../features/access-log/access-log.reads';
import { AppError, APP_ERROR_STATUS } from '../errors/app-error';
import { databaseInputError } from '../db/errors';
import { describeZodError } from '../errors/zod-errors';
import { isActionAllowed } from '../features/roles/roles.permissions';
import type { Caller } from '../auth/caller';
import { assertMfaEnrolled } from '../auth/mfa-enrolment';
import type { Language } from '@hearth/shared/i18n/languages';
import { msg, translate } from '../i18n/server-i18n';
import { translateEnglish } from '../i18n/english-messages';
import { LIVE_STREAM } from '@hearth/shared/live/live.schema';

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

/**
 * Procedure meta. `actionGuarded` is set by permissionProcedure: the caller's role must list the procedure's path
 * in its action permissions. Procedures without it (authedProcedure, publicProcedure) need no action permission.
 */
export interface ProcedureMeta {
  actionGuarded?: boolean;
}

/**
 * The cause of a failed call as the error formatter reads it: a database error that a bad value caused (an id out
 * of range, a NUL byte, an impossible date; db/errors.ts databaseInputError) becomes the 400 AppError it stands for;
 * a zod error is the input's only when tRPC says BAD_REQUEST (an answer that fails its declared output is the
 * server's fault, a 500 to log, never blamed on the input); anything else is the cause as thrown.
 */
function causeOf(error: { code: TRPCError['code']; cause?: unknown }): unknown {
  const cause = error.cause;
  if (cause instanceof ZodError) return error.code === 'BAD_REQUEST' ? cause : new Error('Output validation failed', { cause });
  if (cause === undefined || cause instanceof AppError) return cause;
  return databaseInputError(cause) ?? cause;
}

/**
 * The human message of a failed call in `language` (English unless given), worded as the error formatter words it
 * for /api/trpc: an AppError's own message, "field: message" for a zod input error, "Internal server error" for
 * anything unexpected, else the TRPCError's message (translated when the catalogue holds its English text).
 * `unexpected` is true when the real cause is hidden and should be logged.
 */
export function publicErrorOf(error: unknown, language: Language = 'en'): { message: string; unexpected: boolean } {
  const trpcError = getTRPCErrorFromUnknown(error);
  const cause = causeOf(trpcError);
  if (cause instanceof AppError) {
    return { message: cause.localized(language).message, unexpected: cause.code === 'INTERNAL_SERVER_ERROR' };
  }
  if (cause instanceof ZodError) return { message: describeZodError(cause, language).message, unexpected: false };
  if (trpcError.code === 'INTERNAL_SERVER_ERROR') {
    return { message: translate(msg('errors.internal'), language), unexpected: true };
  }
  return { message: translateEnglish(trpcError.message, language), unexpected: false };
}

const builder = initTRPC.context<Context>().meta<ProcedureMeta>();

const t = builder.create({
  // Event streams (live.onEvent): a ping comment every 15 s, and the client reconnects after 45 s without one
  // (spec section 9 "Event stream": heartbeat timeout 45 s; LIVE_STREAM).
  sse: {
    ping: { enabled: true, intervalMs: LIVE_STREAM.pingIntervalMs },
    client: { reconnectAfterInactivityMs: LIVE_STREAM.heartbeatTimeoutMs },
  },
  /**
   * The one place errors are mapped: AppError codes and zod input errors to statuses and human messages, in the
   * language of the request (its user's setting, else Accept-Language, else English: the context's `language`).
   */
  errorFormatter({ shape, error, ctx }) {
    const language = ctx?.language ?? 'en';
    const cause = causeOf(error);
    if (cause instanceof AppError) {
      const { message, fieldErrors } = cause.localized(language);
      return {
        ...shape,
        code: RPC_CODE[cause.code],
        message,
        data: {
          ...shape.data,
          code: cause.code,
          httpStatus: cause.httpStatus,
          fieldErrors: fieldErrors ?? null,
          stack: undefined,
        },
      };
    }
    if (cause instanceof ZodError) {
      const { message, fieldErrors } = describeZodError(cause, language);
      return {
        ...shape,
        message,
        data: { ...shape.data, httpStatus: APP_ERROR_STATUS.BAD_REQUEST, fieldErrors, stack: undefined },
      };
    }
    return {
      ...shape,
      message: publicErrorOf(error, language).message,
      data: { ...shape.data, fieldErrors: null, stack: undefined },
    };
  },
});

export const router = t.router;

/** A procedure anyone may call, signed in or not. */
export const publicProcedure = t.procedure;

/**
 * A procedure for any signed-in user. Adds `scope` to the context. A mutation runs in one transaction that sets
 * `app.user_id` (read by the audit triggers); a failed one rolls the transaction back. A query (or subscription)
 * runs on the database without a transaction (issue 26: a BEGIN, set_config and COMMIT per read, and a pooled
 * connection held for the whole call): it writes nothing but access log entries, each one insert that commits on its
 * own (query-writes.integration.test.ts calls every query and checks it).
 * @throws UNAUTHORIZED (401) without a valid session; FORBIDDEN (403) while a user who must have a second factor has
 *   none, for every procedure but the enrolment ones (auth/mfa-enrolment.ts, issue 20).
 */
export const authedProcedure = t.procedure.use(async ({ ctx, path, type, next }) => {
  const caller = ctx.caller;
  if (!caller) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to continue' });
  assertMfaEnrolled(caller, path);
  if (type !== 'mutation') return next({ ctx: { caller, scope: scopeOf(ctx.db, caller) } });
  return withRequestScope(ctx.db, caller, async (scope) => {
    const result = await next({ ctx: { caller, scope } });
    // Rethrown so the transaction rolls back; tRPC turns it back into the same error response.
    if (!result.ok) throw result.error;
    return result;
  });
});

/**
 * A procedure guarded by its action name, which is its path (docs/architecture.md "Permissions"): the caller's role
 * must list it in its action permissions (Developer, with system-level access, is allowed everything). A query that
 * answers about one client or caregiver is logged as a read of their record (recordPersonRead).
 * @throws FORBIDDEN (403) naming the action.
 */
export const permissionProcedure = authedProcedure
  .meta({ actionGuarded: true })
  .use(async ({ ctx, path, type, getRawInput, next }) => {
    assertActionAllowed(ctx.caller, path);
    const result = await next();
    // A query answered about one client or caregiver is a read of their record (access-log.reads.ts). The raw input
    // of a procedure that takes none may not parse ("undefined" in a URL): it names no one.
    if (result.ok && type === 'query') {
      await recordPersonRead(ctx.scope, path, await getRawInput().catch(() => undefined));
    }
    return result;
  });

/**
 * The check of permissionProcedure, for callers that validate without executing (POST /api/actions parse-only).
 * @throws TRPCError FORBIDDEN "Your role may not use <action>" when the caller's role does not list the action.
 */
export function assertActionAllowed(caller: Pick<Caller, 'role'>, action: string): void {
  if (!isActionAllowed(caller.role, action)) {
    throw new TRPCError({ code: 'FORBIDDEN', message: `Your role may not use ${action}` });
  }
}

/** Whether a procedure is built on permissionProcedure (its meta says so; meta merges down the builder chain). */
export function isActionGuarded(procedure: { _def: { meta?: unknown } }): boolean {
  const meta = procedure._def.meta as ProcedureMeta | undefined;
  return meta?.actionGuarded === true;
}

/** Makes a server-side caller of a router (runs every middleware, as a request to /api/trpc would). */
export const createCallerFactory = t.createCallerFactory;
