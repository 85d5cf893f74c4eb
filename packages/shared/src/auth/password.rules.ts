import { z } from 'zod';

/**
 * The longest password accepted, in characters: sign-in refuses longer ones (better-auth's maxPasswordLength is set
 * from it in apps/server/src/auth/auth.ts), so every path that sets a password refuses them too, through ZPassword,
 * rather than store a password nobody could sign in with.
 */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The password policy (spec section 5): at least 8 characters with a number, a lowercase letter, an uppercase
 * letter and a special character, and at most PASSWORD_MAX_LENGTH (what sign-in accepts). Each failed rule has its
 * own message, so the reason reaches the user.
 */
export const ZPassword = z
  .string()
  .min(8, 'Password must be at least 8 characters long')
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`)
  .regex(/[0-9]/, 'Password must contain a number')
  .regex(/[a-z]/, 'Password must contain a lowercase letter')
  .regex(/[A-Z]/, 'Password must contain an uppercase letter')
  .regex(/[^A-Za-z0-9]/, 'Password must contain a special character');

/**
 * Checks a password against the policy.
 * @returns null when it passes, else the message of the first rule it breaks.
 */
export function passwordPolicyError(password: string): string | null {
  const result = ZPassword.safeParse(password);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid password');
}
