import { z } from 'zod';
import { zText, ZId } from '../app/input-rules';
import { englishOf } from '../i18n/english-messages';
import { ZPassword } from '../auth/password.rules';
import { ZServiceCode } from '../payer-sources/payer-sources.schema';
import {
  addFieldIssues,
  addressOutputFields,
  addressPlaceFields,
  journalEntryOutputFields,
  phoneText,
} from '../records/records.schema';
import { CAREGIVER_GENDERS, CAREGIVER_STATUSES, CREDENTIAL_EXPIRY_STATUSES } from './caregivers.constants';

/**
 * Inputs and outputs of the caregiver procedures (spec section 7 "Caregiver"; issue 4 item 2). Create inputs
 * carry the owner id (branchId, caregiverId); update inputs carry the record id and only the fields to change (an
 * omitted field stays as it is; null or '' clears an optional one; lists are replaced as a whole). Dates are
 * YYYY-MM-DD, timestamps ISO 8601 UTC, money integer cents.
 */

// ---------------------------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------------------------

/** A record id: the shared id rule (app/input-rules.ts). */
export const ZRecordId = ZId;

/** Optional free text: trimmed, at most `max` characters; '' becomes null (cleared). */
export function optionalText(max: number) {
  return zText()
    .trim()
    .max(max, `At most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullish();
}

/** Required text: trimmed, 1 to `max` characters, with `label` in the message when empty. */
function requiredText(label: string, max: number) {
  return zText({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `At most ${max} characters`);
}

/** A calendar date as YYYY-MM-DD that exists (2026-02-30 does not). */
export const ZDateString = zText({ message: 'Use the date format YYYY-MM-DD' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use the date format YYYY-MM-DD', abort: true })
  .refine(
    (v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    },
    // abort: one message for a date that is not one, not also the range rules refined after it.
    { message: 'Not a valid date', abort: true },
  );

/** An optional date: YYYY-MM-DD, '' or null clears it. */
const ZOptionalDate = zText({ message: 'Use the date format YYYY-MM-DD' })
  .trim()
  .superRefine((v, ctx) => {
    if (v === '') return;
    const parsed = ZDateString.safeParse(v);
    if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Not a valid date' });
  })
  .transform((v) => (v === '' ? null : v))
  .nullish();

/** An optional email: trimmed and lowercased; '' clears it. */
const ZOptionalEmail = zText()
  .trim()
  .toLowerCase()
  .max(254, 'At most 254 characters')
  .refine((v) => v === '' || z.email().safeParse(v).success, 'Invalid email')
  .transform((v) => (v === '' ? null : v))
  .nullish();

/** An optional phone number: digits, spaces, + ( ) . - and an optional extension ("x12"); '' clears it. */
const ZOptionalPhone = phoneText('At most 40 characters')
  .transform((v) => (v === '' ? null : v))
  .nullish();

/** A local time of day "HH:MM" (24-hour); "24:00" is allowed as the end of a day. */
const ZTimeOfDay = zText().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'Use the time format HH:MM (24-hour)');

/**
 * A list of short labels (skills, languages): trimmed, non-empty, at most 60 characters each and `maxItems` in all,
 * duplicates dropped (case-insensitive). Its messages are the English of validation.caregivers.<what>* in the
 * `server` catalogue, which words them in the reader's language (a noun of its own per list: gender and plural).
 */
function labelList(what: 'skill' | 'language', maxItems: number) {
  const base = `validation.caregivers.${what}`;
  return z
    .array(
      zText()
        .trim()
        .min(1, englishOf(`${base}Empty`))
        .max(60, englishOf(`${base}MaxCharacters`, { max: 60 })),
    )
    .max(maxItems, englishOf(`${base}sMax`, { max: maxItems }))
    .transform((items) => {
      const seen = new Set<string>();
      return items.filter((item) => {
        const key = item.toLowerCase();
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    });
}

// ---------------------------------------------------------------------------------------------------------------
// Caregiver
// ---------------------------------------------------------------------------------------------------------------

/** A pay rate: a label ("Standard", "Weekend"), cents per hour, and optionally the service code it applies to. */
export const ZPayRate = z.object({
  label: requiredText('Label', 60),
  hourlyRateCents: z
    .number({ message: 'Hourly rate is required' })
    .int('Hourly rate must be whole cents')
    .positive('Hourly rate must be more than $0.00')
    .max(100_000, 'Hourly rate must be at most $1,000.00'),
  serviceCode: zText()
    .trim()
    .toUpperCase()
    .superRefine((v, ctx) => {
      if (v === '') return;
      const parsed = ZServiceCode.safeParse(v);
      if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Invalid service code' });
    })
    .transform((v) => (v === '' ? null : v))
    .nullish(),
});
export type PayRateInput = z.input<typeof ZPayRate>;

/** Pay rates of a caregiver: at most 20, no label + service code pair twice. */
const ZPayRates = z
  .array(ZPayRate)
  .max(20, 'At most 20 pay rates')
  .superRefine((rates, ctx) => {
    const seen = new Set<string>();
    rates.forEach((rate, i) => {
      const key = `${rate.label.toLowerCase()}|${rate.serviceCode ?? ''}`;
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', path: [i, 'label'], message: `Pay rate "${rate.label}" is listed twice` });
      }
      seen.add(key);
    });
  });

/** One availability window: weekday 0 (Sunday) to 6 (Saturday), local start and end "HH:MM", start before end. */
export const ZAvailabilityWindow = z
  .object({
    weekday: z
      .number({ message: 'Weekday is required' })
      .int('Weekday must be 0 (Sunday) to 6 (Saturday)')
      .min(0, 'Weekday must be 0 (Sunday) to 6 (Saturday)')
      .max(6, 'Weekday must be 0 (Sunday) to 6 (Saturday)'),
    start: ZTimeOfDay,
    end: ZTimeOfDay,
  })
  .refine((w) => w.start < w.end, { path: ['end'], message: 'End must be after start' });

/** Weekly availability: at most 50 windows; windows of one weekday may not overlap. */
const ZAvailability = z
  .array(ZAvailabilityWindow)
  .max(50, 'At most 50 availability windows')
  .superRefine((windows, ctx) => {
    windows.forEach((w, i) => {
      const overlaps = windows.some((o, j) => j < i && o.weekday === w.weekday && o.start < w.end && w.start < o.end);
      if (overlaps) ctx.addIssue({ code: 'custom', path: [i, 'start'], message: 'Overlaps another window on the same day' });
    });
  });

/**
 * The caregiver form (issue 4 item 2): name, contact, HR fields, pay rates (cents per hour), skills, languages,
 * gender, weekly availability and the weekly hour cap. All fields but the names are optional.
 */
export const ZCaregiverFields = z.object({
  branchId: ZRecordId,
  firstName: requiredText('First name', 100),
  lastName: requiredText('Last name', 100),
  email: ZOptionalEmail,
  phoneNumber: ZOptionalPhone,
  gender: z
    .enum([...CAREGIVER_GENDERS, ''], { message: 'Choose F, M or X' })
    .transform((v) => (v === '' ? null : v))
    .nullish(),
  dateOfBirth: ZOptionalDate,
  hireDate: ZOptionalDate,
  status: z.enum(CAREGIVER_STATUSES, { message: 'Status must be applicant, active, inactive or terminated' }),
  adpFileNumber: optionalText(40),
  payRates: ZPayRates,
  skills: labelList('skill', 50),
  languages: labelList('language', 20),
  availability: ZAvailability,
  maxWeeklyHours: z
    .number({ message: 'Max weekly hours must be a number' })
    .int('Max weekly hours must be whole hours')
    .min(1, 'Max weekly hours must be between 1 and 168')
    .max(168, 'Max weekly hours must be between 1 and 168')
    .nullish(),
  notes: optionalText(5000),
});

/**
 * Input of createCaregiver: the caregiver form. Status defaults to applicant; lists default to empty.
 * branchId must be a branch in the caller's scope.
 */
export const ZCreateCaregiverInput = ZCaregiverFields.extend({
  status: ZCaregiverFields.shape.status.default('applicant'),
  payRates: ZPayRates.default([]),
  skills: labelList('skill', 50).default([]),
  languages: labelList('language', 20).default([]),
  availability: ZAvailability.default([]),
});
export type CreateCaregiverInput = z.infer<typeof ZCreateCaregiverInput>;

/**
 * Input of updateCaregiver: {id} plus any fields of the caregiver form. A field left out stays as it is; null
 * (or '') clears an optional field; lists are replaced as a whole.
 */
export const ZUpdateCaregiverInput = ZCaregiverFields.partial().extend({ id: ZRecordId });
export type UpdateCaregiverInput = z.infer<typeof ZUpdateCaregiverInput>;

/** Input of getCaregiver. */
export const ZGetCaregiverInput = z.object({ id: ZRecordId });

/** Input of the caregiver sub-record lists: getCaregiverAddresses, ...JournalEntries, ...CashAdvances, ...Credentials. */
export const ZCaregiverRecordsInput = z.object({ caregiverId: ZRecordId });

/** Input of the sub-record deletes: deleteCaregiverAddress, ...JournalEntry, ...CashAdvance, ...Credential. */
export const ZDeleteCaregiverRecordInput = z.object({ id: ZRecordId });

// ---------------------------------------------------------------------------------------------------------------
// Addresses
// ---------------------------------------------------------------------------------------------------------------

/** The caregiver address form: street, city, two-letter state, ZIP, WGS84 coordinates (both or neither). */
export const ZCaregiverAddressFields = z.object({
  line1: requiredText('Street address', 200),
  line2: optionalText(200),
  city: requiredText('City', 100),
  ...addressPlaceFields,
  /** The address pickup ranking and travel use; marking one primary unmarks the caregiver's others. */
  isPrimary: z.boolean(),
});

/** The cross-field rule of an address: latitude and longitude come together. @returns {field: message}. */
export function addressRuleErrors(a: { lat?: number | null; lon?: number | null }): Record<string, string> {
  const noLat = a.lat === undefined || a.lat === null;
  const noLon = a.lon === undefined || a.lon === null;
  return noLat === noLon ? {} : { [noLat ? 'lat' : 'lon']: 'Give both latitude and longitude, or neither' };
}

/**
 * Input of createCaregiverAddress: the address form plus the caregiver. isPrimary defaults to true for the
 * caregiver's first address (which is always primary), else false.
 */
export const ZCreateCaregiverAddressInput = ZCaregiverAddressFields.partial({ isPrimary: true })
  .extend({ caregiverId: ZRecordId })
  .superRefine((a, ctx) => addFieldIssues(ctx, addressRuleErrors(a)));
export type CreateCaregiverAddressInput = z.infer<typeof ZCreateCaregiverAddressInput>;

/** Input of updateCaregiverAddress: {id} and the fields to change (lat and lon change together). */
export const ZUpdateCaregiverAddressInput = ZCaregiverAddressFields.partial()
  .extend({ id: ZRecordId })
  .superRefine((a, ctx) => addFieldIssues(ctx, addressRuleErrors(a)));
export type UpdateCaregiverAddressInput = z.infer<typeof ZUpdateCaregiverAddressInput>;

// ---------------------------------------------------------------------------------------------------------------
// Journal entries
// ---------------------------------------------------------------------------------------------------------------

/** The journal entry form: a dated note with a subject (docs/glossary.md "Journal entry"). */
export const ZCaregiverJournalEntryFields = z.object({
  entryDate: ZDateString,
  subject: requiredText('Subject', 200),
  body: requiredText('Note', 10_000),
});

/** Input of createCaregiverJournalEntry. The author is the signed-in user. */
export const ZCreateCaregiverJournalEntryInput = ZCaregiverJournalEntryFields.extend({ caregiverId: ZRecordId });
export type CreateCaregiverJournalEntryInput = z.infer<typeof ZCreateCaregiverJournalEntryInput>;

/** Input of updateCaregiverJournalEntry: {id} and the fields to change. */
export const ZUpdateCaregiverJournalEntryInput = ZCaregiverJournalEntryFields.partial().extend({ id: ZRecordId });
export type UpdateCaregiverJournalEntryInput = z.infer<typeof ZUpdateCaregiverJournalEntryInput>;

// ---------------------------------------------------------------------------------------------------------------
// Cash advances
// ---------------------------------------------------------------------------------------------------------------

/** The cash advance form (docs/glossary.md "Cash advance"): amount in cents ($0.01 to $100,000.00), date, reason. */
export const ZCaregiverCashAdvanceFields = z.object({
  amountCents: z
    .number({ message: 'Amount is required' })
    .int('Amount must be whole cents')
    .positive('Amount must be more than $0.00')
    .max(10_000_000, 'Amount must be at most $100,000.00'),
  advancedOn: ZDateString,
  reason: optionalText(500),
});

/** The cross-field rule of an advance: deducted on or after the day it was advanced. @returns {field: message}. */
export function cashAdvanceRuleErrors(a: { advancedOn?: string; deductedOn?: string | null }): Record<string, string> {
  return a.advancedOn && a.deductedOn && a.deductedOn < a.advancedOn
    ? { deductedOn: 'Deducted on must be on or after the advance date' }
    : {};
}

/** Input of createCaregiverCashAdvance. A new advance is outstanding (not yet deducted). */
export const ZCreateCaregiverCashAdvanceInput = ZCaregiverCashAdvanceFields.extend({ caregiverId: ZRecordId });
export type CreateCaregiverCashAdvanceInput = z.infer<typeof ZCreateCaregiverCashAdvanceInput>;

/**
 * Input of updateCaregiverCashAdvance: {id} and the fields to change, plus optionally deductedOn, the payroll date
 * it was deducted on (on or after advancedOn). Once deducted, the advance cannot change or be deleted.
 */
export const ZUpdateCaregiverCashAdvanceInput = ZCaregiverCashAdvanceFields.partial()
  .extend({ id: ZRecordId, deductedOn: ZOptionalDate })
  .superRefine((a, ctx) => addFieldIssues(ctx, cashAdvanceRuleErrors(a)));
export type UpdateCaregiverCashAdvanceInput = z.infer<typeof ZUpdateCaregiverCashAdvanceInput>;

// ---------------------------------------------------------------------------------------------------------------
// Credentials
// ---------------------------------------------------------------------------------------------------------------

/** The credential form: name (CNA, HHA, CPR...), license number, issue and expiry dates. */
export const ZCaregiverCredentialFields = z.object({
  name: requiredText('Name', 100),
  number: optionalText(100),
  issuedOn: ZOptionalDate,
  expiresOn: ZOptionalDate,
});

/** The cross-field rule of a credential: it expires on or after it was issued. @returns {field: message}. */
export function credentialRuleErrors(c: { issuedOn?: string | null; expiresOn?: string | null }): Record<string, string> {
  return c.issuedOn && c.expiresOn && c.expiresOn < c.issuedOn ? { expiresOn: 'Expires on must be on or after issued on' } : {};
}

/** Input of createCaregiverCredential. */
export const ZCreateCaregiverCredentialInput = ZCaregiverCredentialFields.extend({ caregiverId: ZRecordId }).superRefine(
  (c, ctx) => addFieldIssues(ctx, credentialRuleErrors(c)),
);
export type CreateCaregiverCredentialInput = z.infer<typeof ZCreateCaregiverCredentialInput>;

/** Input of updateCaregiverCredential: {id} and the fields to change (the date rule applies to the result). */
export const ZUpdateCaregiverCredentialInput = ZCaregiverCredentialFields.partial()
  .extend({ id: ZRecordId })
  .superRefine((c, ctx) => addFieldIssues(ctx, credentialRuleErrors(c)));
export type UpdateCaregiverCredentialInput = z.infer<typeof ZUpdateCaregiverCredentialInput>;

// ---------------------------------------------------------------------------------------------------------------
// Sign-in
// ---------------------------------------------------------------------------------------------------------------

/** Input of sendCaregiverLoginLink: the caregiver and optionally the channel (default: email if known, else SMS). */
export const ZSendCaregiverLoginLinkInput = z.object({
  caregiverId: ZRecordId,
  channel: z.enum(['email', 'sms'], { message: 'Channel must be email or sms' }).optional(),
});
export type SendCaregiverLoginLinkInput = z.infer<typeof ZSendCaregiverLoginLinkInput>;

/** Input of setCaregiverPassword: the password policy of spec section 5 applies (each rule has its message). */
export const ZSetCaregiverPasswordInput = z.object({ caregiverId: ZRecordId, password: ZPassword });
export type SetCaregiverPasswordInput = z.infer<typeof ZSetCaregiverPasswordInput>;

// ---------------------------------------------------------------------------------------------------------------
// Outputs: whitelists (the procedures declare them with .output()). Dates YYYY-MM-DD, timestamps ISO 8601 UTC,
// money integer cents.
// ---------------------------------------------------------------------------------------------------------------

/** A pay rate as stored: cents per hour, optionally for one service code. */
export const ZPayRateOutput = z.object({ label: zText(), hourlyRateCents: z.number(), serviceCode: zText().nullable() });
export type PayRateOutput = z.infer<typeof ZPayRateOutput>;

/** One weekly availability window (weekday 0 Sunday to 6 Saturday, local "HH:MM"). */
export const ZAvailabilityWindowOutput = z.object({ weekday: z.number(), start: zText(), end: zText() });
export type AvailabilityWindowOutput = z.infer<typeof ZAvailabilityWindowOutput>;

/**
 * A credential with its expiry judged on the branch's today: `expiryStatus` none / valid / expiring (within
 * CREDENTIAL_EXPIRY_WARNING_DAYS days) / expired; `daysUntilExpiry` negative once expired; `superseded` when a
 * credential of the same name expires later (a renewal), in which case it is not flagged.
 */
export const ZCaregiverCredentialOutput = z.object({
  id: z.number(),
  caregiverId: z.number(),
  name: zText(),
  number: zText().nullable(),
  issuedOn: zText().nullable(),
  expiresOn: zText().nullable(),
  expiryStatus: z.enum(CREDENTIAL_EXPIRY_STATUSES),
  daysUntilExpiry: z.number().nullable(),
  superseded: z.boolean(),
  createdAt: zText(),
});
export type CaregiverCredentialOutput = z.infer<typeof ZCaregiverCredentialOutput>;

/** The caregiver's own sign-in account (role Caregiver), once a login link was sent or a password set. */
export const ZCaregiverLoginOutput = z.object({
  userId: z.number(),
  username: zText(),
  isActive: z.boolean(),
  hasPassword: z.boolean(),
});
export type CaregiverLoginOutput = z.infer<typeof ZCaregiverLoginOutput>;

/**
 * A caregiver as getCaregiver, createCaregiver and updateCaregiver return it: the record, its credentials, and
 * `expiringCredentials`, those flagged on the profile (expiring within 30 days or expired, not superseded),
 * soonest first. `today` is the branch's date the expiries were judged on.
 */
export const ZCaregiverOutput = z.object({
  id: z.number(),
  branchId: z.number(),
  branchName: zText(),
  firstName: zText(),
  lastName: zText(),
  email: zText().nullable(),
  phoneNumber: zText().nullable(),
  gender: z.enum(CAREGIVER_GENDERS).nullable(),
  dateOfBirth: zText().nullable(),
  hireDate: zText().nullable(),
  status: z.enum(CAREGIVER_STATUSES),
  adpFileNumber: zText().nullable(),
  payRates: z.array(ZPayRateOutput),
  skills: z.array(zText()),
  languages: z.array(zText()),
  availability: z.array(ZAvailabilityWindowOutput),
  maxWeeklyHours: z.number().nullable(),
  notes: zText().nullable(),
  login: ZCaregiverLoginOutput.nullable(),
  credentials: z.array(ZCaregiverCredentialOutput),
  expiringCredentials: z.array(ZCaregiverCredentialOutput),
  today: zText(),
  createdAt: zText(),
  updatedAt: zText(),
});
export type CaregiverOutput = z.infer<typeof ZCaregiverOutput>;

/** A caregiver address (coordinates in WGS84 degrees). */
export const ZCaregiverAddressOutput = z.object({
  id: z.number(),
  caregiverId: z.number(),
  ...addressOutputFields,
});
export type CaregiverAddressOutput = z.infer<typeof ZCaregiverAddressOutput>;

/** A caregiver journal entry with its author's name. */
export const ZCaregiverJournalEntryOutput = z.object({
  id: z.number(),
  caregiverId: z.number(),
  ...journalEntryOutputFields,
});
export type CaregiverJournalEntryOutput = z.infer<typeof ZCaregiverJournalEntryOutput>;

/** A cash advance (amount in cents); `deductedOn` set means it was taken from a payroll and is locked. */
export const ZCaregiverCashAdvanceOutput = z.object({
  id: z.number(),
  caregiverId: z.number(),
  amountCents: z.number(),
  advancedOn: zText(),
  reason: zText().nullable(),
  deductedOn: zText().nullable(),
  createdByUserId: z.number().nullable(),
  createdByName: zText().nullable(),
  createdAt: zText(),
  updatedAt: zText(),
});
export type CaregiverCashAdvanceOutput = z.infer<typeof ZCaregiverCashAdvanceOutput>;

/** What sendCaregiverLoginLink answers: the account, where the link went and until when it works (not the link). */
export const ZCaregiverLoginLinkOutput = z.object({
  userId: z.number(),
  username: zText(),
  channel: z.enum(['email', 'sms']),
  recipient: zText(),
  expiresAt: zText(),
});
export type CaregiverLoginLinkOutput = z.infer<typeof ZCaregiverLoginLinkOutput>;

/** What setCaregiverPassword answers: the account whose password was set. */
export const ZCaregiverPasswordOutput = z.object({ userId: z.number(), username: zText() });
export type CaregiverPasswordOutput = z.infer<typeof ZCaregiverPasswordOutput>;

/** What a sub-record delete answers. */
export const ZDeletedOutput = z.object({ ok: z.literal(true), id: z.number() });
export type DeletedOutput = z.infer<typeof ZDeletedOutput>;
