import { z } from 'zod';
import { zText, ZId } from '../app/input-rules';
import { addFieldIssues } from '../records/records.schema';
import { optionalText, ZDateString } from '../records/records.fields';
import { ZModifiers } from '../clients/client-authorizations.schema';
import { ZServiceCode } from '../payer-sources/payer-sources.schema';
import { MAX_SHIFT_MINUTES } from './shifts.constants';

/**
 * Inputs and outputs of recurring patterns (issue "Scheduling" item 2): an RFC 5545 rule with a caregiver,
 * service and local times in the branch's time zone, generating shifts over a rolling horizon.
 */

/** A local wall-clock time "HH:MM" (24-hour). */
export const ZLocalTime = zText().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time written HH:MM, like 09:00');

/**
 * An RRULE body without DTSTART (RFC 5545), e.g. "FREQ=WEEKLY;BYDAY=MO,WE,FR". Daily, weekly or monthly; no
 * sub-daily frequencies (a visit pattern repeats by days). Parsed by the `rrule` library on the server.
 */
export const ZRRule = zText()
  .trim()
  .toUpperCase()
  .regex(
    /^FREQ=(DAILY|WEEKLY|MONTHLY)(;[A-Z]+=[A-Z0-9,+-]+)*$/,
    'Use a daily, weekly or monthly rule, like FREQ=WEEKLY;BYDAY=MO,WE,FR',
  );

/** The fields of a pattern. */
export const ZShiftPatternFields = z.object({
  caregiverId: ZId.nullish(),
  serviceCode: ZServiceCode.nullish(),
  modifiers: ZModifiers.optional(),
  payerSourceId: ZId.nullish(),
  rrule: ZRRule,
  startDate: ZDateString,
  /** null: open-ended (generated 60 days ahead, extended daily). */
  endDate: ZDateString.nullish(),
  startTime: ZLocalTime,
  durationMinutes: z
    .number({ message: 'Duration must be a number of minutes' })
    .int('Duration must be whole minutes')
    .min(15, 'A visit lasts at least 15 minutes')
    .max(MAX_SHIFT_MINUTES, 'A visit lasts at most 24 hours'),
  notes: optionalText('Notes', 2000),
});

function patternDateErrors(p: { startDate?: string; endDate?: string | null }): Record<string, string> {
  return p.startDate && p.endDate && p.endDate < p.startDate
    ? { endDate: 'The end date must be on or after the start date' }
    : {};
}

/** Input of createShiftPattern: the client and the pattern's fields. */
export const ZCreateShiftPatternInput = ZShiftPatternFields.extend({ clientId: ZId }).superRefine((p, ctx) =>
  addFieldIssues(ctx, patternDateErrors(p)),
);
export type CreateShiftPatternInput = z.infer<typeof ZCreateShiftPatternInput>;

/**
 * Input of updateShiftPattern: "this and the following" edit from `effectiveFrom` (a local date): the pattern
 * ends the day before and a new pattern with the changed fields takes over from that date. Generated shifts from
 * that date on are regenerated; exceptions (shifts edited on their own) and worked shifts stay.
 */
export const ZUpdateShiftPatternInput = ZShiftPatternFields.omit({ startDate: true })
  .partial()
  .extend({ id: ZId, effectiveFrom: ZDateString })
  .superRefine((p, ctx) => {
    if (p.endDate && p.endDate < p.effectiveFrom) addFieldIssues(ctx, { endDate: 'The end date must be on or after the start' });
  });
export type UpdateShiftPatternInput = z.infer<typeof ZUpdateShiftPatternInput>;

/** Input of deleteShiftPattern: end the pattern from `effectiveFrom` (its future generated shifts go). */
export const ZDeleteShiftPatternInput = z.object({ id: ZId, effectiveFrom: ZDateString });
export type DeleteShiftPatternInput = z.infer<typeof ZDeleteShiftPatternInput>;

/** A pattern as returned, with a readable description of its rule ("every week on Monday, Wednesday"). */
export const ZShiftPatternOutput = z.object({
  id: z.number(),
  branchId: z.number(),
  clientId: z.number(),
  caregiverId: z.number().nullable(),
  caregiverName: zText().nullable(),
  serviceCode: zText().nullable(),
  modifiers: z.array(zText()),
  payerSourceId: z.number().nullable(),
  rrule: zText(),
  description: zText(),
  startDate: zText(),
  endDate: zText().nullable(),
  startTime: zText(),
  durationMinutes: z.number(),
  timezone: zText(),
  generatedThrough: zText().nullable(),
  notes: zText().nullable(),
});
export type ShiftPatternOutput = z.infer<typeof ZShiftPatternOutput>;

/**
 * What a pattern save answers: the pattern(s) and how many shifts were generated; occurrences whose caregiver
 * was busy were created as open shifts and are listed.
 */
export const ZShiftPatternSaveOutput = z.object({
  pattern: ZShiftPatternOutput,
  generated: z.number(),
  openedForConflict: z.array(z.object({ startTimestamp: zText(), message: zText() })),
});
export type ShiftPatternSaveOutput = z.infer<typeof ZShiftPatternSaveOutput>;
