import { zText } from '../app/input-rules';
import { englishOf } from '../i18n/english-messages';

/**
 * US ZIP codes as real files carry them, read into one normal form: five digits ("02108") or ZIP+4 with its hyphen
 * ("02108-1234"). Files write them in every way: Synthea 3.x writes ZIP+4 as nine bare digits ("693391143"),
 * spreadsheets drop leading zeros ("2108" for "02108", "21081234" for "02108-1234") and placeholders stand for
 * none ("00000"). The rule of what is possible: USPS ZIP codes begin at 00501 (prefixes 000 to 004 are not
 * assigned), and an add-on of "0000" is not a delivery segment, so it is dropped.
 */

/** What reading a ZIP gives: the normal form, or null with the reason when the text is not a usable ZIP. */
export type ZipReading = { zip: string; problem: null } | { zip: null; problem: string };

/** The lowest ZIP the USPS assigns: below it a ZIP is a placeholder or a typo. */
const LOWEST_ZIP = 501;

// The problems are the `server` catalogue's validation.zip English: a form's or the server's zod message is worded
// in the reader's language through the catalogue's English index; an import row's warning is stored as this English.
const MISSING = englishOf('validation.zip.missing');

function notAZip(raw: string): string {
  return englishOf('validation.zip.notAZip', { value: raw.slice(0, 20) });
}

/**
 * Reads a ZIP code (`text`, any spacing) into its normal form.
 * - "02108", "2108" (a dropped leading zero), "501" -> "02108", "02108", "00501"
 * - "02108-1234", "021081234", "21081234", "02108 1234" -> "02108-1234"; "02108-0000" -> "02108"
 * - "00000" -> null, a placeholder; "", "00123" (no ZIP is that low) -> null with a problem that names the value
 * - "ABCDE", "123456" -> null with a problem that names the value
 * @returns {zip, problem: null} or {zip: null, problem}; an empty text gives the problem "ZIP is missing".
 */
export function readZip(text: string): ZipReading {
  const raw = text.trim();
  if (raw === '') return { zip: null, problem: MISSING };
  const plus4 = /^(\d{3,5})[-\s]?(\d{4})$/.exec(raw);
  const five = /^\d{3,5}$/.exec(raw);
  let base: string;
  let addOn: string | null = null;
  if (five) base = raw.padStart(5, '0');
  else if (plus4 && /^\d{7,9}$/.test(raw)) {
    const nine = raw.padStart(9, '0');
    base = nine.slice(0, 5);
    addOn = nine.slice(5);
  } else if (plus4 && /[-\s]/.test(raw)) {
    base = plus4[1]!.padStart(5, '0');
    addOn = plus4[2]!;
  } else return { zip: null, problem: notAZip(raw) };
  if (/^0+$/.test(base)) return { zip: null, problem: englishOf('validation.zip.placeholder', { value: raw }) };
  if (Number(base) < LOWEST_ZIP) return { zip: null, problem: notAZip(raw) };
  return { zip: addOn && addOn !== '0000' ? `${base}-${addOn}` : base, problem: null };
}

/** The normal form of a ZIP, or null when `text` is not a usable ZIP (see readZip). */
export function normalizeZip(text: string): string | null {
  return readZip(text).zip;
}

/**
 * A required ZIP field of a form or import: any form readZip reads, stored in its normal form; otherwise the
 * problem readZip names ("ZIP is required" when empty). A check, not a transform, so the form's other rules (both
 * coordinates or neither) still run beside a bad ZIP.
 */
export function zipField() {
  return zText({ message: 'ZIP is required' })
    .superRefine((text, ctx) => {
      const { problem } = readZip(text);
      if (problem !== null) ctx.addIssue({ code: 'custom', message: problem === MISSING ? 'ZIP is required' : problem });
    })
    .overwrite((text) => normalizeZip(text) ?? text);
}

/** An optional ZIP field: '' (or only spaces) is none (null); anything else as zipField. */
export function optionalZipField() {
  return zText()
    .superRefine((text, ctx) => {
      const { problem } = readZip(text);
      if (text.trim() !== '' && problem !== null) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((text) => (text.trim() === '' ? null : (normalizeZip(text) ?? text)));
}
