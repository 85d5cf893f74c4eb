import type { ZodError } from 'zod';

/**
 * Flattens a zod error into field errors ({"email": ["Invalid email"]}, "" for the root) and one human message
 * naming the first field at fault ("email: Invalid email").
 */
export function describeZodError(error: ZodError): { message: string; fieldErrors: Record<string, string[]> } {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    (fieldErrors[key] ??= []).push(issue.message);
  }
  const first = error.issues[0];
  const message = first ? (first.path.length ? `${first.path.join('.')}: ${first.message}` : first.message) : 'Invalid input';
  return { message, fieldErrors };
}
