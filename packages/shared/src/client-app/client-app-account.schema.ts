import { z } from 'zod';
import { zText } from '../app/input-rules';
import { PASSWORD_MAX_LENGTH, ZPassword } from '../auth/password.rules';

/**
 * The family member's own sign-in in the client app (issue "client and family app" item 6): a client or trusted
 * contact who started from a login link sets a password, or changes it; the authenticator (MFA, optional for them,
 * spec section 6) is set up with the shared MFA calls.
 */

/** Output of clientAppGetAccount: who is signed in and whether they have a password yet. */
export const ZClientAppAccount = z.object({
  /** The name to sign in with (the email works too). */
  username: zText(),
  email: zText(),
  name: zText(),
  /** False for a sign-in made for a login link that never set a password. */
  hasPassword: z.boolean(),
});
export type ClientAppAccount = z.infer<typeof ZClientAppAccount>;

/**
 * Input of clientAppSetPassword: the new password (the spec section 5 policy, ZPassword) and, when the caller
 * already has one, the current password.
 */
export const ZClientAppSetPasswordInput = z.object({
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH, 'currentPassword is too long').optional(),
  newPassword: ZPassword,
});
export type ClientAppSetPasswordInput = z.infer<typeof ZClientAppSetPasswordInput>;

/** The account page's password form: the new password typed twice (and the current one when there is one). */
export const ZClientAppPasswordForm = ZClientAppSetPasswordInput.extend({ confirmPassword: z.string() }).refine(
  (v) => v.newPassword === v.confirmPassword,
  { path: ['confirmPassword'], message: 'The passwords do not match' },
);
export type ClientAppPasswordForm = z.infer<typeof ZClientAppPasswordForm>;
