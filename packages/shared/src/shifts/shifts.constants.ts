/** Constants of scheduling (issue "Scheduling", docs/glossary.md "Shift"). */

/** Lifecycle of a shift. Missed: past its start with no check-in, marked by the office or a job. */
export const SHIFT_STATUSES = ['scheduled', 'in_progress', 'completed', 'missed', 'cancelled'] as const;
export type ShiftStatus = (typeof SHIFT_STATUSES)[number];

export const SHIFT_STATUS_LABELS: Record<ShiftStatus, string> = {
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  completed: 'Completed',
  missed: 'Missed',
  cancelled: 'Cancelled',
};

/**
 * How a timesheet's check-in or check-out was recorded (spec "Shift": timesheets check_in_type / check_out_type;
 * value 2 marks offline entries, spec section 9): 1 mobile online, 2 mobile offline, 3 office edit (needs a
 * reason code, docs/glossary.md "EVV").
 */
export const TIMESHEET_TYPES = { mobile: 1, offline: 2, office: 3 } as const;
export type TimesheetType = (typeof TIMESHEET_TYPES)[keyof typeof TIMESHEET_TYPES];

/**
 * Reason codes for an office edit of visit times (EVV manual edits, as state aggregators such as Sandata and
 * HHAeXchange ask for them).
 */
export const OFFICE_EDIT_REASON_CODES = [
  'caregiver_forgot',
  'device_problem',
  'no_signal',
  'wrong_shift_selected',
  'client_request',
  'schedule_change',
  'other',
] as const;
export type OfficeEditReasonCode = (typeof OFFICE_EDIT_REASON_CODES)[number];

export const OFFICE_EDIT_REASON_LABELS: Record<OfficeEditReasonCode, string> = {
  caregiver_forgot: 'Caregiver forgot to check in or out',
  device_problem: 'Phone or app problem',
  no_signal: 'No signal at the client’s home',
  wrong_shift_selected: 'Checked in to the wrong shift',
  client_request: 'Client request',
  schedule_change: 'Schedule change',
  other: 'Other',
};

/** Status of a pickup invitation to an open shift (issue "Scheduling" item 4). */
export const PICKUP_INVITATION_STATUSES = ['sent', 'seen', 'accepted', 'declined', 'expired'] as const;
export type PickupInvitationStatus = (typeof PICKUP_INVITATION_STATUSES)[number];

/** Days ahead that recurring patterns keep generated (a daily job extends them). */
export const PATTERN_HORIZON_DAYS = 60;

/** Overtime threshold of the FLSA workweek, in minutes (40 hours; docs/glossary.md "Overtime"). */
export const WEEKLY_OVERTIME_THRESHOLD_MINUTES = 40 * 60;

/** The longest shift accepted, in minutes (a 24-hour live-in day). */
export const MAX_SHIFT_MINUTES = 24 * 60;
