import { z } from 'zod';
import { zText, ZId } from '../app/input-rules';
import { addFieldIssues } from '../records/records.schema';
import { optionalText, requiredText } from '../records/records.fields';
import { ZModifiers } from '../clients/client-authorizations.schema';
import { ZServiceCode } from '../payer-sources/payer-sources.schema';
import { MAX_SHIFT_MINUTES, OFFICE_EDIT_REASON_CODES, SHIFT_STATUSES } from './shifts.constants';

/**
 * Inputs and outputs of the shift procedures (spec section 7 "Shifts", issue "Scheduling" items 1 and 3).
 * Timestamps are ISO 8601 strings; outputs give them in UTC ("...Z").
 */

/** An ISO 8601 timestamp with an offset or Z, e.g. 2026-11-02T14:00:00Z. */
export const ZTimestamp = z.iso.datetime({
  offset: true,
  message: 'Use an ISO 8601 time with an offset, like 2026-11-02T14:00:00Z',
});

/**
 * Rules across a shift's times: the end is after the start, and a shift lasts at most 24 hours.
 * @returns {field: message} for each broken rule ({} when none).
 */
export function shiftTimeErrors(s: { startTimestamp?: string; endTimestamp?: string }): Record<string, string> {
  if (!s.startTimestamp || !s.endTimestamp) return {};
  const minutes = (Date.parse(s.endTimestamp) - Date.parse(s.startTimestamp)) / 60_000;
  if (minutes <= 0) return { endTimestamp: 'The end must be after the start' };
  if (minutes > MAX_SHIFT_MINUTES) return { endTimestamp: 'A shift lasts at most 24 hours' };
  return {};
}

/** The fields of a shift an office user sets. */
export const ZShiftFields = z.object({
  /** null or omitted: an open shift, offered to caregivers through pickup invitations. */
  caregiverId: ZId.nullish(),
  startTimestamp: ZTimestamp,
  endTimestamp: ZTimestamp,
  serviceCode: ZServiceCode.nullish(),
  modifiers: ZModifiers.optional(),
  /** A payer source of the client's company; the covering authorization is matched from it. */
  payerSourceId: ZId.nullish(),
  notes: optionalText('Notes', 2000),
});

/**
 * With dryRun the save runs every check (conflicts answer 409 as usual) and returns the warnings without
 * writing anything: the form shows them before the user confirms.
 */
const ZDryRun = { dryRun: z.boolean().optional() };

/** Input of createShift: the client (its branch becomes the shift's) and the shift's fields. */
export const ZCreateShiftInput = ZShiftFields.extend({ clientId: ZId, ...ZDryRun }).superRefine((s, ctx) =>
  addFieldIssues(ctx, shiftTimeErrors(s)),
);
export type CreateShiftInput = z.infer<typeof ZCreateShiftInput>;

/**
 * Input of updateShift: the id and the fields to change, status included (scheduled, in_progress, completed,
 * missed; cancel with deleteShift). A shift of a recurring pattern edited here becomes an exception that
 * regeneration leaves alone; "this and the following" goes through updateShiftPattern.
 */
export const ZUpdateShiftInput = ZShiftFields.partial()
  .extend({ id: ZId, status: z.enum(SHIFT_STATUSES).exclude(['cancelled']).optional(), ...ZDryRun })
  .superRefine((s, ctx) => addFieldIssues(ctx, shiftTimeErrors(s)));
export type UpdateShiftInput = z.infer<typeof ZUpdateShiftInput>;

/**
 * Input of deleteShift: a shift no caregiver has seen (no caregiver, no invitations) is deleted; otherwise it is
 * cancelled, and the reason is required.
 */
export const ZDeleteShiftInput = z.object({ id: ZId, reason: optionalText('Reason', 500) });
export type DeleteShiftInput = z.infer<typeof ZDeleteShiftInput>;

/** Input of getShifts: a window of start times (at most 62 days) and what to narrow it to. */
export const ZGetShiftsInput = z
  .object({
    after: ZTimestamp,
    before: ZTimestamp,
    clientId: ZId.optional(),
    caregiverId: ZId.optional(),
    branchId: ZId.optional(),
    includeCancelled: z.boolean().optional(),
  })
  .superRefine((w, ctx) => {
    const days = (Date.parse(w.before) - Date.parse(w.after)) / 86_400_000;
    if (days <= 0) addFieldIssues(ctx, { before: '"before" must be after "after"' });
    else if (days > 62) addFieldIssues(ctx, { before: 'The window must be at most 62 days' });
  });
export type GetShiftsInput = z.infer<typeof ZGetShiftsInput>;

/** A timesheet as returned (spec "Shift": timesheets; type 1 mobile, 2 offline, 3 office edit). */
export const ZTimesheetOutput = z.object({
  id: z.number(),
  check_in: zText().nullable(),
  check_out: zText().nullable(),
  check_in_type: z.number().nullable(),
  check_out_type: z.number().nullable(),
  reason_code: zText().nullable(),
  reason_note: zText().nullable(),
  check_in_metadata: z.record(zText(), z.unknown()).nullable(),
  check_out_metadata: z.record(zText(), z.unknown()).nullable(),
});
export type TimesheetOutput = z.infer<typeof ZTimesheetOutput>;

/**
 * A shift as the shift procedures return it: the spec's fields (startTimestamp, checkIn, checkOut, offline
 * flags, tasksMissing, timeEntryMissing, timesheets) with names of its client, caregiver and payer, and the
 * branch's time zone for display.
 */
export const ZShiftOutput = z.object({
  id: z.number(),
  branchId: z.number(),
  timezone: zText(),
  clientId: z.number(),
  clientName: zText(),
  caregiverId: z.number().nullable(),
  caregiverName: zText().nullable(),
  serviceCode: zText().nullable(),
  modifiers: z.array(zText()),
  payerSourceId: z.number().nullable(),
  payerSourceName: zText().nullable(),
  authorizationId: z.number().nullable(),
  patternId: z.number().nullable(),
  isException: z.boolean(),
  startTimestamp: zText(),
  endTimestamp: zText(),
  status: z.enum(SHIFT_STATUSES),
  checkIn: zText().nullable(),
  checkOut: zText().nullable(),
  offlineCheckIn: z.boolean(),
  offlineCheckOut: z.boolean(),
  tasksMissing: z.boolean(),
  timeEntryMissing: z.boolean(),
  timesheets: z.array(ZTimesheetOutput),
  cancelReason: zText().nullable(),
  notes: zText().nullable(),
  createdAt: zText(),
  updatedAt: zText(),
});
export type ShiftOutput = z.infer<typeof ZShiftOutput>;

/**
 * A shift as a calendar window lists it (getShifts): what a calendar card, a visit picker and a drag need (times in
 * UTC, the branch's zone, status, the two parties' names, the service). The rest of a visit (timesheets, check-ins,
 * flags, notes) comes from getShift when one is opened: a branch's week is thousands of shifts.
 */
export const ZShiftListItem = ZShiftOutput.pick({
  id: true,
  branchId: true,
  timezone: true,
  clientId: true,
  clientName: true,
  caregiverId: true,
  caregiverName: true,
  serviceCode: true,
  modifiers: true,
  startTimestamp: true,
  endTimestamp: true,
  status: true,
});
export type ShiftListItem = z.infer<typeof ZShiftListItem>;

/** A warning about a shift being saved (shown before confirming; the save is not refused). */
export const ZShiftWarning = z.object({
  code: z.enum(['client_double_booked', 'authorization_exceeded', 'overtime', 'credential_expires', 'max_weekly_hours']),
  message: zText(),
});
export type ShiftWarning = z.infer<typeof ZShiftWarning>;

/** What createShift and updateShift answer: the saved shift (null with dryRun) and the warnings. */
export const ZShiftSaveOutput = z.object({ shift: ZShiftOutput.nullable(), warnings: z.array(ZShiftWarning) });
export type ShiftSaveOutput = z.infer<typeof ZShiftSaveOutput>;

/**
 * Input of saveShiftTimesheet: an office edit of a visit's times (timesheet type 3) with its reason code; with
 * `id` it edits that timesheet, else it adds one. At least one of checkIn and checkOut; checkOut after checkIn.
 */
export const ZSaveShiftTimesheetInput = z
  .object({
    scheduleId: ZId,
    id: ZId.optional(),
    checkIn: ZTimestamp.nullish(),
    checkOut: ZTimestamp.nullish(),
    reasonCode: z.enum(OFFICE_EDIT_REASON_CODES, { message: 'Choose a reason code' }),
    reasonNote: optionalText('Note', 500),
  })
  .superRefine((t, ctx) => {
    if (!t.checkIn && !t.checkOut) addFieldIssues(ctx, { checkIn: 'Give a check-in or a check-out time' });
    if (t.checkIn && t.checkOut && Date.parse(t.checkOut) <= Date.parse(t.checkIn)) {
      addFieldIssues(ctx, { checkOut: 'The check-out must be after the check-in' });
    }
  });
export type SaveShiftTimesheetInput = z.infer<typeof ZSaveShiftTimesheetInput>;

/** Input of a procedure on a shift's records by the shift's id (spec: {scheduleId}). */
export const ZScheduleIdInput = z.object({ scheduleId: ZId });
export type ScheduleIdInput = z.infer<typeof ZScheduleIdInput>;

/** Input of createShiftComment. */
export const ZCreateShiftCommentInput = z.object({ scheduleId: ZId, body: requiredText('Comment', 4000) });
export type CreateShiftCommentInput = z.infer<typeof ZCreateShiftCommentInput>;

/** Input of updateShiftComment (only its author may edit it). */
export const ZUpdateShiftCommentInput = z.object({ id: ZId, body: requiredText('Comment', 4000) });
export type UpdateShiftCommentInput = z.infer<typeof ZUpdateShiftCommentInput>;

/** A shift comment with its author's name. */
export const ZShiftCommentOutput = z.object({
  id: z.number(),
  scheduleId: z.number(),
  userId: z.number().nullable(),
  userName: zText().nullable(),
  body: zText(),
  createdAt: zText(),
  updatedAt: zText(),
});
export type ShiftCommentOutput = z.infer<typeof ZShiftCommentOutput>;

/** One change of a shift or of its timesheets, from the audit trail: who, when, and each field from -> to. */
export const ZShiftChangeOutput = z.object({
  id: z.number(),
  at: zText(),
  userId: z.number().nullable(),
  userName: zText().nullable(),
  record: z.enum(['shift', 'timesheet']),
  operation: z.enum(['INSERT', 'UPDATE', 'DELETE']),
  /** Each field from -> to; a reference to a person or payer also carries the names (fromLabel, toLabel). */
  changes: z.array(
    z.object({
      field: zText(),
      from: z.unknown(),
      to: z.unknown(),
      fromLabel: zText().nullable().optional(),
      toLabel: zText().nullable().optional(),
    }),
  ),
  lockOverride: z.boolean(),
  /**
   * The override's action when lockOverride (pay_period_lock_overrides.action: create, update, delete, timesheet,
   * or offline_timesheet for a check the phone recorded offline and uploaded after the lock), else null.
   */
  lockOverrideAction: zText().nullable(),
});
export type ShiftChangeOutput = z.infer<typeof ZShiftChangeOutput>;

/** What deleteShift answers: the shift's id and whether it was cancelled (true) or deleted (false). */
export const ZDeleteShiftOutput = z.object({ id: z.number(), cancelled: z.boolean() });
export type DeleteShiftOutput = z.infer<typeof ZDeleteShiftOutput>;

/** What sendShiftReminder answers: how the caregiver was reminded (sms or email) and where to. */
export const ZShiftReminderOutput = z.object({ channel: z.enum(['sms', 'email']), recipient: zText() });
export type ShiftReminderOutput = z.infer<typeof ZShiftReminderOutput>;

/** Input of getLateVisits: the caller's branches, or one of them. */
export const ZGetLateVisitsInput = z.object({ branchId: ZId.optional() }).strict();
export type GetLateVisitsInput = z.infer<typeof ZGetLateVisitsInput>;

/**
 * A visit running late (getLateVisits; issue "Reaching people" item 3): scheduled, with a caregiver, not checked in
 * past the EVV grace period after its start. Times ISO 8601 UTC; minutesLate counts from the scheduled start.
 */
export const ZLateVisitOutput = z.object({
  shiftId: z.number(),
  branchId: z.number(),
  clientId: z.number(),
  clientName: zText(),
  caregiverId: z.number(),
  caregiverName: zText(),
  caregiverPhone: zText().nullable(),
  startAt: z.string(),
  endAt: z.string(),
  timezone: zText(),
  minutesLate: z.number().int(),
});
export type LateVisitOutput = z.infer<typeof ZLateVisitOutput>;
