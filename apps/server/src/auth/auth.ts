import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, username } from 'better-auth/plugins';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { PASSWORD_MAX_LENGTH, passwordPolicyError } from '@hearth/shared/auth/password.rules';
import { SESSION } from '@hearth/shared/app/app.constants';
import type { Db } from '../db/client';
import { users, sessions, accounts, verifications, rateLimits } from '../features/users/users.schema';

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
  db: Db;
  secret: string;
  baseUrl: string;
  trustedOrigins: string[];
  signInRateLimit: { max: number; windowSeconds: number };
}

/**
 * Builds better-auth: username or email + password sign-in, bearer tokens (`set-auth-token` header), sessions
 * of 12 hours from sign-in, never extended by use (spec section 9, maximum sign-in age), the spec's password policy on every endpoint that sets a
 * password, and rate-limited sign-in attempts per client IP address. Public sign-up is disabled: staff create users.
 */
export function createAuth(options: AuthOptions) {
  return betterAuth({
    secret: options.secret,
    baseURL: options.baseUrl,
    basePath: '/api/auth',
    trustedOrigins: options.trustedOrigins,
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
    }),
    // Users are created by Hearth (seed, admin screens), never by public sign-up; better-auth only reads role_id.
    user: { additionalFields: { roleId: { type: 'number', required: true, input: false } } },
    // Sign-in and every password-setting path share one maximum length (password.rules.ts); a reset ends every
    // session of the user, so whoever held the old password is signed out.
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
    },
    // The maximum sign-in age counts from sign-in (spec section 9): use never moves a session's end forward.
    // resolveCaller (caller.ts) also refuses a session older than that by its creation time, whatever its expiry.
    session: { expiresIn: SESSION.maxSignInAgeMs / 1000, disableSessionRefresh: true },
    advanced: {
      database: { generateId: 'serial' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/*': { window: options.signInRateLimit.windowSeconds, max: options.signInRateLimit.max },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const field = NEW_PASSWORD_FIELDS[ctx.path];
        if (!field) return;
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const error = passwordPolicyError(String(body[field] ?? ''));
        if (error) throw new APIError('BAD_REQUEST', { message: error });
      }),
    },
    plugins: [username(), bearer()],
  });
}

/** The better-auth instance type. */
export type Auth = ReturnType<typeof createAuth>;
