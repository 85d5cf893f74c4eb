/** Caregiver statuses, from the hiring pipeline to separation. */
export const CAREGIVER_STATUSES = ['applicant', 'active', 'inactive', 'terminated'] as const;
export type CaregiverStatus = (typeof CAREGIVER_STATUSES)[number];

export const CAREGIVER_STATUS_LABELS: Record<CaregiverStatus, string> = {
  applicant: 'Applicant',
  active: 'Active',
  inactive: 'Inactive',
  terminated: 'Terminated',
};

/** A credential expiring within this many days is flagged (issue: caregivers). */
export const CREDENTIAL_EXPIRY_WARNING_DAYS = 30;
