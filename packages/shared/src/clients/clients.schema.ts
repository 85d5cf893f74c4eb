import { z } from 'zod';
import { zText, ZId } from '../app/input-rules';
import { CARE_PLAN_TASKS, CLIENT_STATUSES, NURSE_ASSESSMENT_TYPES } from './clients.constants';
import { addFieldIssues, addressOutputFields, addressPlaceFields, journalEntryOutputFields } from '../records/records.schema';
import { latestToday, optionalText, requiredText, ZDateString, ZOptionalEmail, ZOptionalPhone } from '../records/records.fields';

/**
 * Inputs and outputs of the client procedures (spec section 7 "Client"; issue 4 item 1). Create inputs carry the
 * owner id (branchId, clientId); update inputs carry the record id and only the fields to change (an omitted
 * field stays as it is, null or '' clears an optional one). Dates are YYYY-MM-DD, timestamps ISO 8601 UTC.
 */

// ---------------------------------------------------------------- client

/** Input of a procedure on a client's sub-records, e.g. getClientAddresses. */
export const ZClientIdInput = z.object({ clientId: ZId });
export type ClientIdInput = z.infer<typeof ZClientIdInput>;

/** A client's status (clients.constants.ts): a person is never deleted, only discharged or deceased. */
export const ZClientStatus = z.enum(CLIENT_STATUSES, {
  message: 'Status must be active, on hold, discharged or deceased',
});

/** The client form's fields (the person; fields beyond the spec that agencies need, issue 4 item 1). */
export const ZClientFields = z.object({
  branchId: ZId,
  firstName: requiredText('First name', 100),
  lastName: requiredText('Last name', 100),
  dateOfBirth: ZDateString.refine((d) => d >= '1900-01-01', 'Date of birth must be after 1900')
    .refine((d) => d <= latestToday(), 'Date of birth cannot be in the future')
    .nullish(),
  gender: optionalText('Gender', 40),
  preferredLanguage: optionalText('Preferred language', 60),
  phoneNumber: ZOptionalPhone,
  email: ZOptionalEmail,
  medicaidId: optionalText('Medicaid ID', 40),
  status: ZClientStatus,
  primaryPayerSourceId: ZId.nullish(),
  carePlanTasks: z
    .array(z.enum(CARE_PLAN_TASKS, { message: 'Unknown care plan task' }))
    .max(CARE_PLAN_TASKS.length)
    .refine((tasks) => new Set(tasks).size === tasks.length, 'A task is listed twice'),
  accessNotes: optionalText('Access notes', 2000),
  notes: optionalText('Notes', 4000),
});

/** Input of createClient: status defaults to active, care plan tasks to none. */
export const ZCreateClientInput = ZClientFields.partial({ status: true, carePlanTasks: true });
export type CreateClientInput = z.infer<typeof ZCreateClientInput>;

/** Input of updateClient: the id and the fields to change (status: active, on_hold, discharged, deceased). */
export const ZUpdateClientInput = ZClientFields.partial().extend({ id: ZId });
export type UpdateClientInput = z.infer<typeof ZUpdateClientInput>;

/** A client as getClient, createClient and updateClient return it (a whitelist). */
export const ZClientOutput = z.object({
  id: z.number(),
  branchId: z.number(),
  branchName: zText(),
  /** The client's own sign-in (role Client), once a login link was sent. */
  userId: z.number().nullable(),
  firstName: zText(),
  lastName: zText(),
  dateOfBirth: zText().nullable(),
  gender: zText().nullable(),
  preferredLanguage: zText().nullable(),
  phoneNumber: zText().nullable(),
  email: zText().nullable(),
  medicaidId: zText().nullable(),
  status: ZClientStatus,
  primaryPayerSourceId: z.number().nullable(),
  primaryPayerSourceName: zText().nullable(),
  carePlanTasks: z.array(zText()),
  accessNotes: zText().nullable(),
  notes: zText().nullable(),
  createdAt: zText(),
  updatedAt: zText(),
});
export type ClientOutput = z.infer<typeof ZClientOutput>;

// ---------------------------------------------------------------- addresses

/** An address's fields; lat/lon are WGS84 degrees, given together or not at all. */
export const ZClientAddressFields = z.object({
  label: optionalText('Label', 60),
  line1: requiredText('Street address', 200),
  line2: optionalText('Address line 2', 200),
  city: requiredText('City', 100),
  ...addressPlaceFields,
  /** The one address visits and the map use; marking one primary unmarks the others. */
  isPrimary: z.boolean(),
});

function latLonTogether(a: { lat?: number | null; lon?: number | null }, ctx: z.RefinementCtx) {
  if ((a.lat === undefined || a.lat === null) !== (a.lon === undefined || a.lon === null)) {
    addFieldIssues(ctx, {
      [a.lat === undefined || a.lat === null ? 'lat' : 'lon']: 'Give both latitude and longitude or neither',
    });
  }
}

/** Input of createClientAddress. isPrimary defaults to true for the client's first address, else false. */
export const ZCreateClientAddressInput = ZClientAddressFields.partial({ isPrimary: true })
  .extend({ clientId: ZId })
  .superRefine(latLonTogether);
export type CreateClientAddressInput = z.infer<typeof ZCreateClientAddressInput>;

/** Input of updateClientAddress: the id and the fields to change (lat and lon change together). */
export const ZUpdateClientAddressInput = ZClientAddressFields.partial().extend({ id: ZId }).superRefine(latLonTogether);
export type UpdateClientAddressInput = z.infer<typeof ZUpdateClientAddressInput>;

/** An address as the address procedures return it. */
export const ZClientAddressOutput = z.object({
  id: z.number(),
  clientId: z.number(),
  label: zText(),
  ...addressOutputFields,
});
export type ClientAddressOutput = z.infer<typeof ZClientAddressOutput>;

// ---------------------------------------------------------------- contacts

/**
 * What a contact with portal access may do in the client app, one flag per contact permission (names in
 * client-app.constants.ts CONTACT_PERMISSIONS; defaults DEFAULT_CONTACT_PERMISSIONS when omitted on create).
 */
const PORTAL_PERMISSION_FIELDS = {
  portalSchedule: z.boolean(),
  portalCareNotes: z.boolean(),
  portalMessages: z.boolean(),
  portalAlerts: z.boolean(),
  portalStatements: z.boolean(),
};

/** A contact's fields: family or trusted contact; portal access lets them use the client app. */
export const ZClientContactFields = z.object({
  firstName: requiredText('First name', 100),
  lastName: requiredText('Last name', 100),
  relationship: requiredText('Relationship', 60),
  phoneNumber: ZOptionalPhone,
  email: ZOptionalEmail,
  isEmergencyContact: z.boolean(),
  hasPortalAccess: z.boolean(),
  ...PORTAL_PERMISSION_FIELDS,
});

/**
 * Rules across a contact's fields: an emergency contact needs a phone number, portal access needs an email.
 * @returns {field: message} for each broken rule ({} when none).
 */
export function contactRuleErrors(c: {
  phoneNumber?: string | null;
  email?: string | null;
  isEmergencyContact?: boolean;
  hasPortalAccess?: boolean;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  if (c.isEmergencyContact && !c.phoneNumber) errors.phoneNumber = 'An emergency contact needs a phone number';
  if (c.hasPortalAccess && !c.email) errors.email = 'Portal access needs an email address';
  return errors;
}

/** Input of createClientContact (emergency and portal flags default to false, portal permissions to their defaults). */
export const ZCreateClientContactInput = ZClientContactFields.partial({
  isEmergencyContact: true,
  hasPortalAccess: true,
  portalSchedule: true,
  portalCareNotes: true,
  portalMessages: true,
  portalAlerts: true,
  portalStatements: true,
})
  .extend({ clientId: ZId })
  .superRefine((c, ctx) => addFieldIssues(ctx, contactRuleErrors(c)));
export type CreateClientContactInput = z.infer<typeof ZCreateClientContactInput>;

/** Input of updateClientContact: the id and the fields to change (the rules apply to the result). */
export const ZUpdateClientContactInput = ZClientContactFields.partial().extend({ id: ZId });
export type UpdateClientContactInput = z.infer<typeof ZUpdateClientContactInput>;

/** A contact as the contact procedures return it. */
export const ZClientContactOutput = z.object({
  id: z.number(),
  clientId: z.number(),
  /** The contact's sign-in (role Trusted Contact), once a login link was sent. */
  userId: z.number().nullable(),
  firstName: zText(),
  lastName: zText(),
  relationship: zText(),
  phoneNumber: zText().nullable(),
  email: zText().nullable(),
  isEmergencyContact: z.boolean(),
  hasPortalAccess: z.boolean(),
  ...PORTAL_PERMISSION_FIELDS,
  createdAt: zText(),
  updatedAt: zText(),
});
export type ClientContactOutput = z.infer<typeof ZClientContactOutput>;

// ---------------------------------------------------------------- journal entries

/** A journal entry's fields: a dated note (docs/glossary.md "Journal entry"); the author is the caller. */
export const ZClientJournalEntryFields = z.object({
  entryDate: ZDateString,
  subject: requiredText('Subject', 200),
  body: requiredText('Note', 10_000),
});

/** Input of createClientJournalEntry. */
export const ZCreateClientJournalEntryInput = ZClientJournalEntryFields.extend({ clientId: ZId });
export type CreateClientJournalEntryInput = z.infer<typeof ZCreateClientJournalEntryInput>;

/** Input of updateClientJournalEntry: the id and the fields to change. */
export const ZUpdateClientJournalEntryInput = ZClientJournalEntryFields.partial().extend({ id: ZId });
export type UpdateClientJournalEntryInput = z.infer<typeof ZUpdateClientJournalEntryInput>;

/** A journal entry as the journal procedures return it, with its author's name. */
export const ZClientJournalEntryOutput = z.object({
  id: z.number(),
  clientId: z.number(),
  ...journalEntryOutputFields,
});
export type ClientJournalEntryOutput = z.infer<typeof ZClientJournalEntryOutput>;

// ---------------------------------------------------------------- nurse assessments

/** A nurse assessment's fields; the nurse is the caller. The next due date, if any, follows the assessment. */
export const ZNurseAssessmentFields = z.object({
  assessmentType: z.enum(NURSE_ASSESSMENT_TYPES, {
    message: 'Assessment type must be initial, supervisory, reassessment or discharge',
  }),
  assessedOn: ZDateString.refine((d) => d <= latestToday(), 'The assessment date cannot be in the future'),
  nextDueOn: ZDateString.nullish(),
  findings: requiredText('Findings', 10_000),
  carePlanChanges: optionalText('Care plan changes', 4000),
});

/** The rule across an assessment's dates. @returns {field: message} ({} when it holds). */
export function nurseAssessmentRuleErrors(a: { assessedOn?: string; nextDueOn?: string | null }): Record<string, string> {
  return a.assessedOn && a.nextDueOn && a.nextDueOn <= a.assessedOn
    ? { nextDueOn: 'The next due date must be after the assessment date' }
    : {};
}

/** Input of createNurseAssessment. */
export const ZCreateNurseAssessmentInput = ZNurseAssessmentFields.extend({ clientId: ZId }).superRefine((a, ctx) =>
  addFieldIssues(ctx, nurseAssessmentRuleErrors(a)),
);
export type CreateNurseAssessmentInput = z.infer<typeof ZCreateNurseAssessmentInput>;

/** Input of updateNurseAssessment: the id and the fields to change (the date rule applies to the result). */
export const ZUpdateNurseAssessmentInput = ZNurseAssessmentFields.partial()
  .extend({ id: ZId })
  .superRefine((a, ctx) => addFieldIssues(ctx, nurseAssessmentRuleErrors(a)));
export type UpdateNurseAssessmentInput = z.infer<typeof ZUpdateNurseAssessmentInput>;

/** A nurse assessment as the assessment procedures return it, with the nurse's name. */
export const ZNurseAssessmentOutput = z.object({
  id: z.number(),
  clientId: z.number(),
  assessmentType: z.enum(NURSE_ASSESSMENT_TYPES),
  assessedOn: zText(),
  nextDueOn: zText().nullable(),
  nurseUserId: z.number().nullable(),
  nurseName: zText().nullable(),
  findings: zText(),
  carePlanChanges: zText().nullable(),
  createdAt: zText(),
  updatedAt: zText(),
});
export type NurseAssessmentOutput = z.infer<typeof ZNurseAssessmentOutput>;

// ---------------------------------------------------------------- login links

/** Input of sendClientLoginLink. */
export const ZSendClientLoginLinkInput = z.object({ clientId: ZId });
/** Input of sendClientContactLoginLink. */
export const ZSendClientContactLoginLinkInput = z.object({ contactId: ZId });

/** What a login-link procedure answers: who it went to and until when it works (the link itself is not returned). */
export const ZLoginLinkOutput = z.object({
  userId: z.number(),
  recipient: zText(),
  expiresAt: zText(),
});
export type LoginLinkOutput = z.infer<typeof ZLoginLinkOutput>;
