import { z } from 'zod';
import { zText } from '../app/input-rules';
import { zipField } from './zip';

/**
 * Building blocks of the records kept on a person (client or caregiver): the parts of the address and journal
 * entry schemas that are the same for both, and the cross-field rule helper. The owner's own schema adds its owner
 * id (clientId, caregiverId) and the fields and messages that differ.
 */

/** Reports the errors of a cross-field rule on `ctx` (for `superRefine`), as {field: message}. */
export function addFieldIssues(ctx: z.RefinementCtx, errors: Record<string, string>): void {
  for (const [field, message] of Object.entries(errors)) ctx.addIssue({ code: 'custom', path: [field], message });
}

/**
 * Phone number text: trimmed, at most 40 characters (`maxMessage` when longer), digits, spaces, + ( ) . - and an
 * optional extension ("x12", "ext. 12"); '' passes, anything else needs at least 7 digits.
 */
export function phoneText(maxMessage: string) {
  return zText()
    .trim()
    .max(40, maxMessage)
    .regex(/^[0-9+().\-\s]*(\s*(x|ext\.?)\s*\d+)?$/i, 'Invalid phone number')
    .refine((v) => v === '' || (v.match(/\d/g)?.length ?? 0) >= 7, 'Invalid phone number');
}

/** The place fields of an address form: two-letter state, ZIP (stored in its normal form, zip.ts), WGS84 coordinates (optional). */
export const addressPlaceFields = {
  state: zText({ message: 'State is required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Use the two-letter state code'),
  zip: zipField(),
  lat: z.number().min(-90, 'Latitude must be between -90 and 90').max(90, 'Latitude must be between -90 and 90').nullish(),
  lon: z
    .number()
    .min(-180, 'Longitude must be between -180 and 180')
    .max(180, 'Longitude must be between -180 and 180')
    .nullish(),
};

/** An address as returned, after its id, owner id and label (coordinates in WGS84 degrees). */
export const addressOutputFields = {
  line1: zText(),
  line2: zText().nullable(),
  city: zText(),
  state: zText(),
  zip: zText(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  isPrimary: z.boolean(),
  createdAt: zText(),
};
export type AddressOutputFields = z.infer<z.ZodObject<typeof addressOutputFields>>;

/** A journal entry as returned, after its id and owner id, with its author's name. */
export const journalEntryOutputFields = {
  entryDate: zText(),
  subject: zText(),
  body: zText(),
  authorUserId: z.number().nullable(),
  authorName: zText().nullable(),
  createdAt: zText(),
  updatedAt: zText(),
};
