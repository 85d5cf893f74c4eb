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
 * Role ids a user edit never assigns: Caregiver, Client and Trusted Contact are logins of people the agency cares
 * for or employs in the field, not office staff, so a staff user never becomes one by an edit (issue 28 "Who may
 * manage whom"). The form and the server refuse them with the spec's message (section 5, "Invalid role").
 * Developer (4), also "not assignable" in spec section 5, is refused by the server unless the caller has
 * system-level access, so a system-level admin can restore a wrongly demoted Developer
 * (apps/server/src/features/users/users.management.ts).
 */
export const UNASSIGNABLE_ROLE_IDS: readonly number[] = [ROLE_IDS.caregiver, ROLE_IDS.client, ROLE_IDS.trustedContact];
