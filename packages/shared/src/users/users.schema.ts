import { z } from 'zod';
import { DEFAULT_TIMEZONE } from '../app/app.constants';
import { UNASSIGNABLE_ROLE_IDS } from '../roles/roles.constants';

/** An IANA time zone name such as America/New_York. */
export const ZTimeZone = z.string().refine(
  (tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'Unknown time zone' },
);

/**
 * The user edit payload (spec sections 3 and 5): v2RoleId a non-negative number and not 3, 8 or 9 ("Invalid role";
 * 4, Developer, is refused by the server unless the caller has system-level access, see UNASSIGNABLE_ROLE_IDS);
 * email required and valid; phone optional. Used by the /admin/users/{id} form and by updateUser.
 */
export const ZUserEditFields = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().min(1, 'Last name is required').max(100),
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Invalid email')),
  phoneNumber: z.string().trim().max(40).nullish(),
  isActive: z.boolean(),
  timezone: ZTimeZone.default(DEFAULT_TIMEZONE),
  ssn: z
    .string()
    .trim()
    // The masked form (***-**-1234) is what the API sends out; sent back, it means "unchanged".
    .regex(/^((\d{3}|\*{3})-?(\d{2}|\*{2})-?\d{4})?$/, 'SSN must have 9 digits')
    .nullish(),
  adpFileNumber: z.string().trim().max(40).nullish(),
  v2RoleId: z
    .number({ message: 'Invalid role' })
    .int('Invalid role')
    .nonnegative('Invalid role')
    .refine((id) => !UNASSIGNABLE_ROLE_IDS.includes(id), 'Invalid role')
    .nullish(),
});
export type UserEditFields = z.infer<typeof ZUserEditFields>;

/** Input of updateUser: the user id plus the edit payload. */
export const ZUpdateUserInput = ZUserEditFields.extend({ id: z.number().int().positive() });
export type UpdateUserInput = z.infer<typeof ZUpdateUserInput>;

/** Query of GET /users/{userId}/history (spec section 5): userId positive, page >= 1, pageSize 1 to 100. */
export const ZUserHistoryQuery = z.object({
  userId: z.coerce.number().int('userId must be a positive integer').positive('userId must be a positive integer'),
  page: z.coerce.number().int('page must be an integer').min(1, 'page must be at least 1').default(1),
  pageSize: z.coerce
    .number()
    .int('pageSize must be an integer')
    .min(1, 'pageSize must be between 1 and 100')
    .max(100, 'pageSize must be between 1 and 100')
    .default(50),
});
export type UserHistoryQuery = z.infer<typeof ZUserHistoryQuery>;

/** Input of getUsers: a page of the staff list, optionally searched by name, username or email. */
export const ZGetUsersInput = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(50),
});
export type GetUsersInput = z.infer<typeof ZGetUsersInput>;

/** The current user (spec section 7 GET /users/current plus the derived flags of spec section 3). */
export interface CurrentUser {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  impersonatedUserId: number | null;
  impersonatedCaregiverId: number | null;
  role: { id: number; name: string };
  isAdmin: boolean;
  isCaregiver: boolean;
  isClient: boolean;
  isTrustedContact: boolean;
  roleHasSystemLevelAccess: boolean;
  /** The user's own IANA time zone (spec "User", default America/New_York): times of no branch are shown in it. */
  timezone: string;
}

/** One user history entry (spec section 3). */
export interface UserHistoryEntry {
  createdAt: string;
  operation: 'INSERT' | 'UPDATE' | 'DELETE';
  branchName: string | null;
  changerName: string | null;
  tableName: string;
  oldRow: Record<string, unknown> | null;
  newRow: Record<string, unknown> | null;
}

/** A page of results (spec section 4 "Paging": a next page exists while page < totalPages). */
export interface Page<T> {
  totalCount: number;
  page: number;
  pageSize: number;
  totalPages: number;
  rows: T[];
}
