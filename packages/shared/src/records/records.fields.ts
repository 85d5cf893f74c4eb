import { z } from 'zod';
import { zText, ZId } from '../app/input-rules';
import { phoneText } from './records.schema';

/**
 * Generic field schemas of the record forms and procedures of every feature: dates, required and optional text,
 * phone, email, the id input. Optional text fields accept null, an empty string (both stored as null) or text; no
 * field has a default, so the update schemas built from them with `.partial()` leave an omitted field unchanged.
 * (The caregiver schemas keep their own variants, whose messages differ.)
 */

/**
 * A calendar date written YYYY-MM-DD that exists (2025-02-30 does not). It aborts: a text that is no date gets
 * that one message, not also the range rules refined after it ("cannot be in the future").
 */
export const ZDateString = z.iso.date({ message: 'Use a real date written YYYY-MM-DD', abort: true });

/** Required text, trimmed, with "<label> is required" when empty. */
export function requiredText(label: string, max: number) {
  return zText({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

/** Optional text, trimmed; null or '' clears it. */
export function optionalText(label: string, max: number) {
  return zText().trim().max(max, `${label} must be at most ${max} characters`).nullish();
}

/** An optional phone number: digits, spaces, + ( ) . - and an optional extension ("x12", "ext. 12"). */
export const ZOptionalPhone = phoneText('Phone number must be at most 40 characters').nullish();

/** An optional email address; null or '' clears it. */
export const ZOptionalEmail = zText()
  .trim()
  .max(254, 'Email must be at most 254 characters')
  .refine((v) => v === '' || z.email().safeParse(v).success, 'Invalid email')
  .nullish();

/** Today's date (YYYY-MM-DD) in the earliest time zone on Earth (UTC+14), so no one's today is in the future. */
export function latestToday(now = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** Input of a procedure on one record by id, e.g. getClient or deleteClientAddress. */
export const ZIdInput = z.object({ id: ZId });
export type IdInput = z.infer<typeof ZIdInput>;
