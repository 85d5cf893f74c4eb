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

/** Genders a caregiver record may hold (the same one-letter codes as client records). */
export const CAREGIVER_GENDERS = ['F', 'M', 'X'] as const;
export type CaregiverGender = (typeof CAREGIVER_GENDERS)[number];

export const CAREGIVER_GENDER_LABELS: Record<CaregiverGender, string> = {
  F: 'Female',
  M: 'Male',
  X: 'Non-binary or other',
};

/** Credentials agencies usually track (suggestions for the credential form; any name is accepted). */
export const COMMON_CREDENTIALS = [
  'CNA',
  'HHA',
  'PCA',
  'CPR',
  'First Aid',
  'TB test',
  'CORI check',
  "Driver's license",
  'Auto insurance',
  'Dementia care training',
] as const;

/** Skills the caregiver form suggests (any text is accepted). */
export const COMMON_SKILLS = [
  'Personal care',
  'Bathing',
  'Dementia care',
  'Hoyer lift',
  'Transfers',
  'Meal preparation',
  'Medication reminders',
  'Housekeeping',
  'Catheter care',
  'Hospice support',
  'Driving',
] as const;

/** Languages the caregiver form suggests (any text is accepted). */
export const COMMON_LANGUAGES = [
  'English',
  'Spanish',
  'Portuguese',
  'Haitian Creole',
  'Cape Verdean Creole',
  'Vietnamese',
  'Chinese',
  'Russian',
  'Arabic',
  'French',
] as const;

/** Expiry states of a credential: no expiry date, valid, expiring within the warning window, expired. */
export const CREDENTIAL_EXPIRY_STATUSES = ['none', 'valid', 'expiring', 'expired'] as const;
export type CredentialExpiryStatus = (typeof CREDENTIAL_EXPIRY_STATUSES)[number];

/** How long a caregiver's one-time sign-in link stays valid, in hours. */
export const LOGIN_LINK_TTL_HOURS = 24;
