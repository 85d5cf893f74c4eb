import { normalizeZip } from '../records/zip';

/**
 * Transforms of a file import's column mapping (issue "imports and exports", item 3): each turns a cell's text into
 * the text a field expects, e.g. "Massachusetts" -> "MA" or "José Eduardo181" -> "José Eduardo". A transform never
 * fails: what it cannot read it leaves as it is, so the row's validation names the problem ("Date of birth: Use a
 * real date written YYYY-MM-DD"). A mapping may chain transforms with "|", applied left to right
 * ("first_word|strip_digits"). An empty result means the cell is empty.
 */

/** A transform: its name (as mappings write it), what it does, and the function. */
export interface FileImportTransform {
  name: string;
  description: string;
  apply: (text: string) => string;
}

/** US states, DC and the inhabited territories by name, lower case -> USPS code. */
const STATE_CODES: Record<string, string> = {
  alabama: 'AL',
  alaska: 'AK',
  arizona: 'AZ',
  arkansas: 'AR',
  california: 'CA',
  colorado: 'CO',
  connecticut: 'CT',
  delaware: 'DE',
  'district of columbia': 'DC',
  florida: 'FL',
  georgia: 'GA',
  hawaii: 'HI',
  idaho: 'ID',
  illinois: 'IL',
  indiana: 'IN',
  iowa: 'IA',
  kansas: 'KS',
  kentucky: 'KY',
  louisiana: 'LA',
  maine: 'ME',
  maryland: 'MD',
  massachusetts: 'MA',
  michigan: 'MI',
  minnesota: 'MN',
  mississippi: 'MS',
  missouri: 'MO',
  montana: 'MT',
  nebraska: 'NE',
  nevada: 'NV',
  'new hampshire': 'NH',
  'new jersey': 'NJ',
  'new mexico': 'NM',
  'new york': 'NY',
  'north carolina': 'NC',
  'north dakota': 'ND',
  ohio: 'OH',
  oklahoma: 'OK',
  oregon: 'OR',
  pennsylvania: 'PA',
  'rhode island': 'RI',
  'south carolina': 'SC',
  'south dakota': 'SD',
  tennessee: 'TN',
  texas: 'TX',
  utah: 'UT',
  vermont: 'VT',
  virginia: 'VA',
  washington: 'WA',
  'west virginia': 'WV',
  wisconsin: 'WI',
  wyoming: 'WY',
  'puerto rico': 'PR',
  guam: 'GU',
  'u.s. virgin islands': 'VI',
  'virgin islands': 'VI',
  'american samoa': 'AS',
  'northern mariana islands': 'MP',
};

/** A plain decimal number in `text` once currency signs, thousands separators and spaces are gone, or null. */
function decimalOf(text: string): number | null {
  const cleaned = text.replace(/[$\s,]/g, '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** YYYY-MM-DD of a year, month and day when that day exists, else null. */
function isoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * Synthea's payer names (payers.csv NAME) -> PAYER_TYPES (payer-sources.constants.ts): Medicare, Medicaid and
 * "Dual Eligible" (Medicare and Medicaid, billed to Medicaid for home care), NO_INSURANCE (private pay), VA; the
 * commercial health plans (Humana, Aetna, Cigna, ...) become commercial insurance.
 */
function syntheaPayerType(text: string): string {
  const name = text.trim().toLowerCase();
  if (name === '') return '';
  if (name === 'medicare') return 'medicare';
  if (name === 'medicaid' || name === 'dual eligible') return 'medicaid';
  if (name === 'no_insurance' || name === 'no insurance' || name === 'self pay' || name === 'private pay') return 'private_pay';
  if (name === 'va' || name.includes('veteran')) return 'va';
  return 'commercial';
}

/**
 * A Synthea full name (providers.csv NAME) as [given, family]: Synthea appends digits to each part, so the given
 * name ends with the first word carrying digits ("Jorge Luis88 Rocha983"); without digits, the first word. Digits
 * are removed from both.
 */
function syntheaNameParts(text: string): [string, string] {
  const words = text
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');
  const end = words.findIndex((w) => /\d$/.test(w));
  const cut = end === -1 || end === words.length - 1 ? 1 : end + 1;
  const clean = (parts: string[]) => parts.join(' ').replace(/\d+/g, '').replace(/\s+/g, ' ').trim();
  return [clean(words.slice(0, cut)), clean(words.slice(cut))];
}

/** The transforms an import type's mapping may name, in the order the admin sees them. */
export const FILE_IMPORT_TRANSFORMS: readonly FileImportTransform[] = [
  { name: 'trim', description: 'Removes spaces around the text (every cell is trimmed anyway)', apply: (t) => t.trim() },
  { name: 'upper', description: 'Upper case', apply: (t) => t.trim().toUpperCase() },
  { name: 'lower', description: 'Lower case', apply: (t) => t.trim().toLowerCase() },
  {
    name: 'code',
    description: 'A label as a code: lower case, words joined by "_" ("On hold" -> "on_hold")',
    apply: (t) =>
      t
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, '_'),
  },
  {
    name: 'strip_digits',
    description: 'Removes digits from names, as Synthea appends them ("José Eduardo181" -> "José Eduardo")',
    apply: (t) => t.replace(/\d+/g, '').replace(/\s+/g, ' ').trim(),
  },
  {
    name: 'first_word',
    description: 'The first word ("Tomas436 Sauer652" -> "Tomas436"), e.g. a first name from a full name',
    apply: (t) => t.trim().split(/\s+/)[0] ?? '',
  },
  {
    name: 'rest_after_first_word',
    description: 'Everything after the first word ("Tomas436 Sauer652" -> "Sauer652"), e.g. a last name',
    apply: (t) => t.trim().split(/\s+/).slice(1).join(' '),
  },
  {
    name: 'synthea_given_name',
    description: 'The given name of a Synthea full name, whose parts end in digits ("Jorge Luis88 Rocha983" -> "Jorge Luis")',
    apply: (t) => syntheaNameParts(t)[0],
  },
  {
    name: 'synthea_family_name',
    description: 'The family name of a Synthea full name ("Homero668 de Jesús414" -> "de Jesús")',
    apply: (t) => syntheaNameParts(t)[1],
  },
  {
    name: 'state_name_to_code',
    description: 'A US state name to its two-letter code ("Massachusetts" -> "MA"); codes stay as they are',
    apply: (t) => STATE_CODES[t.trim().toLowerCase().replace(/\s+/g, ' ')] ?? t.trim(),
  },
  {
    name: 'zip',
    description:
      'A ZIP code in its normal form: a dropped leading zero back ("1013" -> "01013"), ZIP+4 hyphenated ("021081234" -> "02108-1234")',
    apply: (t) => normalizeZip(t) ?? t.trim(),
  },
  {
    name: 'date',
    description: 'A date as YYYY-MM-DD, read from YYYY-MM-DD (a time after it is dropped) or M/D/YYYY',
    apply: (t) => {
      const text = t.trim();
      const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(text);
      const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
      const parts = iso ? [iso[1], iso[2], iso[3]] : us ? [us[3], us[1], us[2]] : null;
      return (parts && isoDate(Number(parts[0]), Number(parts[1]), Number(parts[2]))) ?? text;
    },
  },
  {
    name: 'number',
    description: 'A number without currency signs or thousands separators ("1,250.50" -> "1250.5")',
    apply: (t) => {
      const n = decimalOf(t);
      return n === null ? t.trim() : String(n);
    },
  },
  {
    name: 'cents',
    description: 'Dollars to whole cents ("$12.34" -> "1234")',
    apply: (t) => {
      const n = decimalOf(t);
      return n === null ? t.trim() : String(Math.round(n * 100));
    },
  },
  {
    name: 'yes_no',
    description: 'Yes / No, Y / N, true / false, 1 / 0 -> "true" / "false"',
    apply: (t) => {
      const v = t.trim().toLowerCase();
      if (['yes', 'y', 'true', '1', 'x'].includes(v)) return 'true';
      if (['no', 'n', 'false', '0'].includes(v)) return 'false';
      return t.trim();
    },
  },
  {
    name: 'gender_mf',
    description: 'M / Male -> "M", F / Female -> "F", X / non-binary -> "X"',
    apply: (t) => {
      const v = t.trim().toLowerCase();
      if (v === 'm' || v === 'male') return 'M';
      if (v === 'f' || v === 'female') return 'F';
      if (v === 'x' || v === 'non-binary' || v === 'nonbinary') return 'X';
      return t.trim();
    },
  },
  {
    name: 'non_empty_means_deceased',
    description: 'Any text (e.g. a date of death) -> status "deceased"; empty stays empty (the status is kept)',
    apply: (t) => (t.trim() === '' ? '' : 'deceased'),
  },
  {
    name: 'synthea_payer_type',
    description:
      'A Synthea payer name to a payer type: Medicare, Medicaid and Dual Eligible, NO_INSURANCE -> private pay, other plans -> commercial insurance',
    apply: syntheaPayerType,
  },
  {
    name: 'adp_position_status',
    description: 'ADP "Position Status" to a caregiver status: Active -> active, Leave -> inactive, Terminated -> terminated',
    apply: (t) => {
      const v = t.trim().toLowerCase();
      if (v === 'active') return 'active';
      if (v === 'terminated') return 'terminated';
      if (v === 'leave' || v === 'inactive' || v === 'leave of absence') return 'inactive';
      return v;
    },
  },
];

const BY_NAME = new Map(FILE_IMPORT_TRANSFORMS.map((t) => [t.name, t]));

/** The names in a transform chain ("a|b" -> ["a", "b"]); an empty chain has none. */
export function transformNames(chain: string | undefined): string[] {
  return (chain ?? '')
    .split('|')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** The names of a chain that are not transforms (for the mapping's validation), in order. */
export function unknownTransforms(chain: string | undefined): string[] {
  return transformNames(chain).filter((name) => !BY_NAME.has(name));
}

/**
 * Applies a chain of transforms to a cell's text (trimmed first).
 * @throws Error "Unknown transform X" for a name that is not a transform (mappings are checked when saved).
 */
export function applyTransforms(chain: string | undefined, text: string): string {
  let value = text.trim();
  for (const name of transformNames(chain)) {
    const transform = BY_NAME.get(name);
    if (!transform) throw new Error(`Unknown transform ${name}`);
    value = transform.apply(value).trim();
  }
  return value;
}
