import { z } from 'zod';
import { ZPassword } from './password.rules';

/** How long a password-reset link works, in minutes (better-auth's resetPasswordTokenExpiresIn is set from it). */
export const PASSWORD_RESET_TTL_MINUTES = 60;

/** The web route a password-reset email links to, with `?token=<token>`. */
export const RESET_PASSWORD_PATH = '/reset-password';

/** "Forgot password?": the email address of the account to send a reset link to. */
export const ZRequestPasswordResetInput = z.object({ email: z.string().trim().email('Invalid email') });
export type RequestPasswordResetInput = z.infer<typeof ZRequestPasswordResetInput>;

/**
 * The reset form: the new password under the policy (ZPassword, spec section 5; the server checks the same rule in
 * apps/server/src/auth/auth.ts) and its confirmation, which must match.
 */
export const ZResetPasswordForm = z
  .object({ newPassword: ZPassword, confirmPassword: z.string() })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: 'The passwords do not match',
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof ZResetPasswordForm>;
