/**
 * What a trusted contact may do in the client app, set per contact by the office on the client's contacts (issue
 * "client and family app" item 6). A client signing in for themselves holds every one of them.
 * - `schedule`: see the visits (upcoming, today's live status, past check-in and check-out times) and ask to
 *   cancel, move or add a visit;
 * - `careNotes`: see the tasks done, the caregiver's comment and the care sheet PDF of a visit, and the care plan;
 * - `messages`: message the office through chat;
 * - `alerts`: receive visit alerts (started, ended, missed, caregiver changed, schedule changed);
 * - `statements`: see the private-pay statements and their PDFs.
 */
export const CONTACT_PERMISSIONS = ['schedule', 'careNotes', 'messages', 'alerts', 'statements'] as const;
export type ContactPermission = (typeof CONTACT_PERMISSIONS)[number];

/** A contact's permissions when the office grants portal access without choosing: the schedule and its alerts. */
export const DEFAULT_CONTACT_PERMISSIONS: Record<ContactPermission, boolean> = {
  schedule: true,
  careNotes: false,
  messages: false,
  alerts: true,
  statements: false,
};

/**
 * The client app's procedures: the Client and Trusted Contact roles list exactly these (plus what every signed-in
 * user has). Each confines the caller to the clients they are linked to, by identity, and checks the permission
 * its data needs (docs/architecture.md "The client app").
 */
export const CLIENT_APP_ACTIONS = [
  'clientAppGetClients',
  'clientAppGetHome',
  'clientAppGetVisits',
  'clientAppGetVisit',
  'clientAppRateVisit',
  'clientAppGetCareSheetPdf',
  'clientAppGetCarePlan',
  'clientAppGetRequests',
  'clientAppCreateRequest',
  'clientAppWithdrawRequest',
  'clientAppGetStatements',
  'clientAppGetStatement',
  'clientAppGetStatementPdf',
  'clientAppStartConversation',
  'clientAppGetAccount',
  'clientAppSetPassword',
] as const;
export type ClientAppAction = (typeof CLIENT_APP_ACTIONS)[number];
