import { ZOkOutput } from '@hearth/shared/app/outputs.schema';
import { ZClientAppAccount, ZClientAppSetPasswordInput } from '@hearth/shared/client-app/client-app-account.schema';
import { permissionProcedure, router } from '../../trpc/init';
import { clientAppGetAccount, clientAppSetPassword } from './client-app-account.service';

/**
 * The session token of the request's `Authorization: Bearer` header (better-auth's bearer plugin; a signed one is
 * `token.signature`), or null. Read here rather than through better-auth's session lookup, which would wait on
 * the request's own transaction.
 */
function bearerTokenOf(headers: Headers): string | null {
  const value = /^Bearer\s+(\S+)$/i.exec(headers.get('authorization') ?? '')?.[1];
  return value ? decodeURIComponent(value) : null;
}

/** The client app's account calls (the caller's own sign-in); see client-app.router.ts. */
export const clientAppAccountRouter = router({
  /** The caller's sign-in -> {username, email, name, hasPassword}; 403 for a caller who is no client or contact. */
  clientAppGetAccount: permissionProcedure
    .output(ZClientAppAccount)
    .query(({ ctx }) => clientAppGetAccount({ scope: ctx.scope })),
  /**
   * Sets or changes the caller's password {currentPassword?, newPassword} -> {ok: true}; the caller's other sessions
   * end, this one stays. 400 naming the field for a password against the policy or a wrong current password; 403
   * while impersonating.
   */
  clientAppSetPassword: permissionProcedure
    .input(ZClientAppSetPasswordInput)
    .output(ZOkOutput)
    .mutation(({ ctx, input }) => clientAppSetPassword({ scope: ctx.scope, input, keepToken: bearerTokenOf(ctx.headers) })),
});
