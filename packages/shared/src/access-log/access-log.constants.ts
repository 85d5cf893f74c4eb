/**
 * What an access log entry records (issue 20 item 4): sign-ins and failed ones, sign-outs, logoffs (a session ended
 * by the inactivity limit or the maximum sign-in age, spec section 9), impersonation, reads of a client's or
 * caregiver's record, files opened or downloaded, exports run and downloaded. `change` is not stored in the table:
 * the access log view shows the audit triggers' rows under it.
 */
export const ACCESS_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'logoff',
  'impersonation-start',
  'impersonation-stop',
  'record-read',
  'file-download',
  'export-run',
  'export-download',
] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

/** Every action the access log view shows: the stored ones and `change` (a row of the audit trail). */
export const ACCESS_LOG_VIEW_ACTIONS = [...ACCESS_ACTIONS, 'change'] as const;
