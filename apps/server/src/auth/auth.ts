import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, twoFactor, username } from 'better-auth/plugins';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { PASSWORD_MAX_LENGTH, passwordPolicyError } from '@hearth/shared/auth/password.rules';
import { SESSION } from '@hearth/shared/app/app.constants';
import type { Db } from '../db/client';
import { users, sessions, accounts, verifications, rateLimits } from '../features/users/users.schema';
import { twoFactors } from '../features/mfa/mfa.schema';
import { AttemptLimits } from './attempt-limits';
import { twoFactorOptions } from './two-factor';
import { startSessionActivity } from './session-activity';
import { emailPasswordReset, refuseResetOfBlockedUser } from './password-reset';
import { refuseCodeFlood } from './mfa-sms';
import { PASSWORD_RESET_TTL_MINUTES } from '@hearth/shared/auth/password-reset.schema';

/** Header carrying the client's address from Fastify to better-auth's rate limiter (always overwritten). */
export const CLIENT_IP_HEADER = 'x-hearth-client-ip';

/** Auth endpoints whose body carries a new password, and the body field holding it. */
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  '/sign-up/email': 'password',
  '/change-password': 'newPassword',
  '/reset-password': 'newPassword',
  '/set-password': 'newPassword',
};

export interface AuthOptions {
  /** Texts a sign-in code to a user's verified phone (auth/mfa-sms.ts); without it no texted codes are offered. */
  textSignInCode?: (db: Db, userId: number, code: string) => Promise<unknown>;
  db: Db;
  secret: string;
  baseUrl: string;
  trustedOrigins: string[];
  /**
   * Failed sign-ins allowed per client address (`max`) and per account (`perAccount`, default the lower of 5 and
   * `max`) in each window; the username and email paths share the account's count (attempt-limits.ts).
   */
  signInRateLimit: { max: number; windowSeconds: number; perAccount?: number };
  /**
   * Failed login-link redemptions allowed per address and redemptions per user in each window (default 10 and 5 in
   * 15 minutes).
   */
  loginLinkRateLimit?: { perAddress: number; perUser: number; windowSeconds: number };
}

/** Default limits of login-link redemption (config.ts LOGIN_LINK_RATE_LIMIT_*). */
export const DEFAULT_LOGIN_LINK_RATE_LIMIT = { perAddress: 10, perUser: 5, windowSeconds: 15 * 60 };

/**
 * Builds better-auth: username or email + password sign-in, bearer tokens (`set-auth-token` header), sessions
 * of 12 hours from sign-in, never extended by use (spec section 9, maximum sign-in age), the spec's password policy on every endpoint that sets a
 * password. Public sign-up is disabled: staff create users. Carries `attemptLimits`, the limits on failed sign-ins
 * (per account and per address, both sign-in paths sharing one count) and on login-link redemption, which the
 * routes of http/auth.routes.ts and http/login-links.routes.ts apply; better-auth's own limiter keeps a broad bound
 * on every other auth endpoint.
 */
export function createAuth(options: AuthOptions) {
  const signIn = options.signInRateLimit;
  const attemptLimits = new AttemptLimits(options.db, {
    signIn: {
      perAccount: signIn.perAccount ?? Math.min(5, signIn.max),
      perAddress: signIn.max,
      windowSeconds: signIn.windowSeconds,
    },
    loginLink: options.loginLinkRateLimit ?? DEFAULT_LOGIN_LINK_RATE_LIMIT,
  });
  const auth = betterAuth({
    secret: options.secret,
    baseURL: options.baseUrl,
    basePath: '/api/auth',
    trustedOrigins: options.trustedOrigins,
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
        twoFactor: twoFactors,
      },
    }),
    // Users are created by Hearth (seed, admin screens), never by public sign-up; better-auth only reads role_id.
    user: { additionalFields: { roleId: { type: 'number', required: true, input: false } } },
    // Sign-in and every password-setting path share one maximum length (password.rules.ts); a reset ends every
    // session of the user, so whoever held the old password is signed out. "Forgot password?" emails a one-use
    // link to the web's /reset-password (password-reset.ts); a reset leaves the second factor as it was.
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: emailPasswordReset(options.db, options.baseUrl),
      resetPasswordTokenExpiresIn: PASSWORD_RESET_TTL_MINUTES * 60,
    },
    // The maximum sign-in age counts from sign-in (spec section 9): use never moves a session's end forward.
    // resolveCaller (caller.ts) also refuses a session older than that by its creation time, whatever its expiry.
    session: { expiresIn: SESSION.maxSignInAgeMs / 1000, disableSessionRefresh: true },
    // A new session's sign-in is its first activity, from which the inactivity limit counts (session-activity.ts).
    databaseHooks: {
      session: {
        create: { after: (session) => startSessionActivity(options.db, Number(session.id), new Date(session.createdAt)) },
      },
    },
    advanced: {
      database: { generateId: 'serial' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      // Sign-in is limited by attemptLimits instead: better-auth counts each path and address apart (twice the
      // guesses over the username and email paths) and counts successful sign-ins of a whole office alike.
      customRules: {
        '/sign-in/*': false,
        // Code checks are also limited per user by the plugin's lockout (two-factor.ts); per address as sign-in is.
        '/two-factor/*': { window: signIn.windowSeconds, max: signIn.max },
        // Each request may send an email: 3 a minute per address (better-auth's default, stated here).
        '/request-password-reset': { window: 60, max: 3 },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/two-factor/send-otp') {
          // The plugin swallows a sendOTP failure and answers 200: the texted-code limit is checked before it.
          const pending = await ctx.getSignedCookie(ctx.context.createAuthCookie('two_factor').name, ctx.context.secret);
          const userId = pending ? (await ctx.context.internalAdapter.findVerificationValue(pending))?.value : null;
          if (userId) await refuseCodeFlood(options.db, Number(userId));
          return;
        }
        const field = NEW_PASSWORD_FIELDS[ctx.path];
        if (!field) return;
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const error = passwordPolicyError(String(body[field] ?? ''));
        if (error) throw new APIError('BAD_REQUEST', { message: error });
        if (ctx.path === '/reset-password') await refuseResetOfBlockedUser(options.db, body.token);
      }),
    },
    plugins: [username(), bearer(), twoFactor(twoFactorOptions(options.db, options.textSignInCode))],
  });
  return Object.assign(auth, { attemptLimits });
}

/** The better-auth instance type. */
export type Auth = ReturnType<typeof createAuth>;
