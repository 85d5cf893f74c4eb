/**
 * Role ids. 1-7 are the spec's role picker ids (spec section 5); Client and Trusted Contact follow them.
 */
export const ROLE_IDS = {
  branchManager: 1,
  companyAdmin: 2,
  caregiver: 3,
  developer: 4,
  nurse: 5,
  rvp: 6,
  prn: 7,
  client: 8,
  trustedContact: 9,
} as const;

export type RoleId = (typeof ROLE_IDS)[keyof typeof ROLE_IDS];

/** The user form's role picker (spec section 5): Caregiver and Developer are shown but disabled. */
export const ROLE_PICKER_OPTIONS = [
  { value: 1, label: 'Branch Manager', disabled: false },
  { value: 2, label: 'Company Admin', disabled: false },
  { value: 3, label: 'Caregiver', disabled: true },
  { value: 4, label: 'Developer', disabled: true },
  { value: 5, label: 'Nurse', disabled: false },
  { value: 6, label: 'RVP', disabled: false },
  { value: 7, label: 'PRN', disabled: false },
] as const;

/**
 * Role ids a user edit may not assign: spec section 5 says "not 3 or 4"; Client and Trusted Contact (8, 9) are
 * not staff roles either, so the form refuses them with the same message as the server.
 */
export const UNASSIGNABLE_ROLE_IDS: readonly number[] = [
  ROLE_IDS.caregiver,
  ROLE_IDS.developer,
  ROLE_IDS.client,
  ROLE_IDS.trustedContact,
];
