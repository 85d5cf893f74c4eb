/** Client statuses: there is no hard delete of a person. */
export const CLIENT_STATUSES = ['active', 'on_hold', 'discharged', 'deceased'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

/**
 * Statuses in which a client, and so their trusted contacts, may use the client app; a discharged or deceased
 * client's sign-in and their family's reach end (docs/architecture.md "The client app").
 */
export const CLIENT_APP_STATUSES: readonly ClientStatus[] = ['active', 'on_hold'];

export const CLIENT_STATUS_LABELS: Record<ClientStatus, string> = {
  active: 'Active',
  on_hold: 'On hold',
  discharged: 'Discharged',
  deceased: 'Deceased',
};

/** Care plan tasks (docs/glossary.md "Care plan"): activities of daily living and instrumental ones. */
export const ADL_TASKS = ['Bathing', 'Dressing', 'Toileting', 'Transferring', 'Continence', 'Feeding'] as const;
export const IADL_TASKS = [
  'Meal preparation',
  'Housekeeping',
  'Laundry',
  'Medication reminders',
  'Transportation',
  'Shopping',
] as const;
export const CARE_PLAN_TASKS = [...ADL_TASKS, ...IADL_TASKS] as const;

/** Kinds of nurse assessment. */
export const NURSE_ASSESSMENT_TYPES = ['initial', 'supervisory', 'reassessment', 'discharge'] as const;
