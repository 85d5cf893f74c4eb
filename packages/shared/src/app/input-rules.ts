import { z } from 'zod';

/**
 * The two rules every input obeys (issue 28 "No answer of 500 to bad input"), declared once and used by every schema
 * instead of per field:
 * - an id is a whole number from 1 to 2147483647, the range of the PostgreSQL `integer` columns ids live in, so an
 *   id of 2^31 is refused as input, not by the database;
 * - a text holds no NUL character (PostgreSQL refuses \u0000 in `text`) and is at most MAX_TEXT_LENGTH characters
 *   unless its field sets a shorter maximum.
 * The message names the rule; the field is named by its path ("clientId: Ids go from 1 to 2147483647").
 */

/** The largest value of a PostgreSQL `integer` column: the last valid id. */
export const MAX_ID = 2_147_483_647;

/** The longest text any field accepts; fields with their own `.max()` accept less. */
export const MAX_TEXT_LENGTH = 100_000;

/** A record id: a whole number from 1 to MAX_ID. */
export const ZId = z
  .number({ message: 'Must be a number' })
  .int('Must be a whole number')
  .min(1, `Ids go from 1 to ${MAX_ID}`)
  .max(MAX_ID, `Ids go from 1 to ${MAX_ID}`);

/** A whole number that fits an `integer` column (minutes, cents, counts), with the column's range in the message. */
export const ZInt32 = z
  .number({ message: 'Must be a number' })
  .int('Must be a whole number')
  .min(-MAX_ID - 1, `Must be at least ${-MAX_ID - 1}`)
  .max(MAX_ID, `Must be at most ${MAX_ID}`);

/** Whether a text holds a NUL character. */
export function hasNulCharacter(text: string): boolean {
  return text.includes('\u0000');
}

/**
 * A text: z.string with the one text rule (no NUL character, at most MAX_TEXT_LENGTH characters). Chains like
 * z.string (`zText().trim().min(1).max(80)`); `params` are z.string's (its type message).
 */
export function zText(params?: Parameters<typeof z.string>[0]) {
  return z
    .string(params)
    .refine((v) => !hasNulCharacter(v), { message: 'Text cannot contain a NUL character (\\u0000)', abort: true })
    .max(MAX_TEXT_LENGTH, `At most ${MAX_TEXT_LENGTH} characters`);
}
