import type { ZodType } from 'zod';
import type { ActionCall, ActionInfo, ActionResultEntry } from '@hearth/shared/actions/actions.schema';
import type { Caller } from '../auth/caller';
import type { Context } from './context';
import { appRouter } from './app.router';
import { assertActionAllowed, createCallerFactory, isActionGuarded, publicErrorOf } from './init';
import { isActionAllowed } from '../features/roles/roles.permissions';

/** The parts of a tRPC procedure the actions read: its kind, meta and input parsers. */
interface ProcedureLike {
  _def: { type: string; meta?: unknown; inputs: unknown[] };
}

/** A signed-in request's context: what POST /api/actions runs calls with. */
export type SignedInContext = Context & { caller: Caller };

// Typed as the nested router record, but at runtime a flat record by dotted path (as action-catalog.ts reads it).
const procedures = appRouter._def.procedures as unknown as Record<string, ProcedureLike>;
const createCaller = createCallerFactory(appRouter);

function procedureNamed(name: string): ProcedureLike | undefined {
  return Object.hasOwn(procedures, name) ? procedures[name] : undefined;
}

function isCallable(procedure: ProcedureLike): procedure is ProcedureLike & { _def: { type: ActionInfo['type'] } } {
  return procedure._def.type === 'query' || procedure._def.type === 'mutation';
}

/**
 * The actions a caller may call (GET /api/actions, spec section 7 "REST-style"): every query and mutation of the
 * root tRPC router, by procedure path, that the caller's role allows. Procedures built on permissionProcedure
 * need the path in the role's action permissions (system-level roles have all); the others (authedProcedure,
 * e.g. getCurrentUser and users.stopImpersonatingUser) are open to every signed-in user.
 * @returns `[{name, type: 'query' | 'mutation'}]` sorted by name.
 */
export function listActions(caller: Pick<Caller, 'role'>): ActionInfo[] {
  const actions: ActionInfo[] = [];
  for (const [name, procedure] of Object.entries(procedures)) {
    if (!isCallable(procedure)) continue;
    if (isActionGuarded(procedure) && !isActionAllowed(caller.role, name)) continue;
    actions.push({ name, type: procedure._def.type });
  }
  return actions.sort((a, b) => a.name.localeCompare(b.name));
}

function isZodType(parser: unknown): parser is ZodType {
  return typeof parser === 'object' && parser !== null && typeof (parser as ZodType).safeParseAsync === 'function';
}

/**
 * Validates an input against a procedure's zod input schemas without running anything (spec section 5: the
 * returned object becomes the field errors).
 * @returns `{field: "first message"}` per dotted field path ("" for the input as a whole); `{}` when valid.
 */
async function fieldErrorsOf(procedure: ProcedureLike, input: unknown): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  for (const parser of procedure._def.inputs) {
    if (!isZodType(parser)) throw new Error('Parse-only needs a zod input schema');
    const result = await parser.safeParseAsync(input);
    if (result.success) continue;
    for (const issue of result.error.issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  }
  return errors;
}

/** Calls the procedure at a dotted path on a tRPC caller (`users.stopImpersonatingUser` -> caller.users.stop...). */
function callAt(caller: unknown, path: string, input: unknown): Promise<unknown> {
  let target = caller;
  for (const key of path.split('.')) target = (target as Record<string, unknown>)[key];
  return (target as (input: unknown) => Promise<unknown>)(input);
}

/**
 * Runs the calls of a POST /api/actions batch (spec section 7 "REST-style"), one after the other in order, each
 * through the tRPC caller of the root router: the same permission check, per-call transaction and audit as
 * /api/trpc, so one call failing rolls back only itself. A parse-only call checks the permission and validates
 * the input with the procedure's input schema; nothing runs and its data is the field errors (see fieldErrorsOf).
 * All calls share the context resolved for the request: a call that starts or stops impersonating does not
 * change who the later calls of the same batch run as.
 * @param calls `[{name, input, parseOnly}]`, already checked against ZActionBatchRequest.
 * @param onUnexpectedError receives errors whose cause is hidden from the caller, for logging.
 * @returns one entry per call, in order: `{result: {data}}`, or `{result: {error: message}}` with
 * "Unknown action: <name>", a 403 "Your role may not use <name>", an AppError's or input error's message, or
 * "Internal server error". Never throws for a single call's failure.
 */
export async function runActionCalls({
  ctx,
  calls,
  onUnexpectedError,
}: {
  ctx: SignedInContext;
  calls: readonly ActionCall[];
  onUnexpectedError?: (error: unknown, call: ActionCall) => void;
}): Promise<ActionResultEntry[]> {
  const caller = createCaller(ctx);
  const entries: ActionResultEntry[] = [];
  for (const call of calls) {
    const procedure = procedureNamed(call.name);
    if (!procedure || !isCallable(procedure)) {
      entries.push({ result: { error: `Unknown action: ${call.name}` } });
      continue;
    }
    try {
      if (call.parseOnly) {
        if (isActionGuarded(procedure)) assertActionAllowed(ctx.caller, call.name);
        entries.push({ result: { data: await fieldErrorsOf(procedure, call.input) } });
      } else {
        // JSON has no undefined: a procedure returning nothing answers data null.
        entries.push({ result: { data: (await callAt(caller, call.name, call.input)) ?? null } });
      }
    } catch (error) {
      const { message, unexpected } = publicErrorOf(error, ctx.language);
      if (unexpected) onUnexpectedError?.(error, call);
      entries.push({ result: { error: message } });
    }
  }
  return entries;
}
