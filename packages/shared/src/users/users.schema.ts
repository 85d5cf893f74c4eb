import { z } from 'zod';
import { ZChatRights } from '../chat/chat.schema';
import { MAX_ID, ZId, zText } from '../app/input-rules';
import { UNASSIGNABLE_ROLE_IDS } from '../roles/roles.constants';
import { zPage } from '../app/outputs.schema';
import { LANGUAGES } from '../i18n/language-rule';

/** An IANA time zone name such as America/New_York. */
export const ZTimeZone = zText().refine(
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
  firstName: zText().trim().min(1, 'First name is required').max(100),
  lastName: zText().trim().min(1, 'Last name is required').max(100),
  email: zText().trim().min(1, 'Email is required').pipe(z.email('Invalid email')),
  phoneNumber: zText().trim().max(40).nullish(),
  isActive: z.boolean(),
  /** Left out, the user's time zone stays as it is (a partial edit never resets it to the default). */
  timezone: ZTimeZone.optional(),
  ssn: zText()
    .trim()
    // The masked form (***-**-1234) is what the API sends out; sent back, it means "unchanged".
    .regex(/^((\d{3}|\*{3})-?(\d{2}|\*{2})-?\d{4})?$/, 'SSN must have 9 digits')
    .nullish(),
  adpFileNumber: zText().trim().max(40).nullish(),
  /** Whether the user may use chat (spec "User" chatEnabled, default true; issue 22). Left out, it stays as it is. */
  chatEnabled: z.boolean().optional(),
  v2RoleId: z
    .number({ message: 'Invalid role' })
    .int('Invalid role')
    .nonnegative('Invalid role')
    .refine((id) => !UNASSIGNABLE_ROLE_IDS.includes(id), 'Invalid role')
    .nullish(),
});
export type UserEditFields = z.infer<typeof ZUserEditFields>;

/** Input of updateUser: the user id plus the edit payload. */
export const ZUpdateUserInput = ZUserEditFields.extend({ id: ZId });
export type UpdateUserInput = z.infer<typeof ZUpdateUserInput>;

/** Query of GET /users/{userId}/history (spec section 5): userId positive, page >= 1, pageSize 1 to 100. */
export const ZUserHistoryQuery = z.object({
  userId: z.coerce
    .number()
    .int('userId must be a positive integer')
    .positive('userId must be a positive integer')
    .max(MAX_ID, `Ids go from 1 to ${MAX_ID}`),
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
  search: zText().trim().max(100).optional(),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(50),
});
export type GetUsersInput = z.infer<typeof ZGetUsersInput>;

/** The current user (spec section 7 GET /users/current plus the derived flags of spec section 3); getCurrentUser. */
export const ZCurrentUser = z.object({
  id: z.number(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  impersonatedUserId: z.number().nullable(),
  impersonatedCaregiverId: z.number().nullable(),
  role: z.object({ id: z.number(), name: z.string() }),
  isAdmin: z.boolean(),
  isCaregiver: z.boolean(),
  isClient: z.boolean(),
  isTrustedContact: z.boolean(),
  roleHasSystemLevelAccess: z.boolean(),
  /** The user's own IANA time zone (spec "User", default America/New_York): times of no branch are shown in it. */
  timezone: z.string(),
  /** The user's language setting ('en', 'es'), or null to follow the browser (issue 27). */
  language: z.enum(LANGUAGES).nullable(),
  /**
   * The inactivity limit of the signed-in (acting) user's company in whole minutes (companies.security_settings, at
   * most the spec's 30): the browser logs off after it, as the server does (issue 20 item 3).
   */
  idleTimeoutMinutes: z.number().int().positive(),
  /** What the user may do in chat (issue 22): the role's chat flags, all off while chat is off for the role or the user. */
  chat: ZChatRights,
});
export type CurrentUser = z.infer<typeof ZCurrentUser>;

/**
 * A user's language setting (issue 27): a language Hearth speaks ('en', 'es'), or null to follow the browser's.
 * The message names the choices, in English here and in the reader's language from the server (its catalogue's
 * validation.language).
 */
export const ZLanguageSetting = z
  .enum(LANGUAGES, {
    message: 'Choose a language Hearth speaks: en (English) or es (Español), or null to follow the browser',
  })
  .nullable();
export type LanguageSetting = z.infer<typeof ZLanguageSetting>;

/**
 * Input of setMyLanguage: the signed-in user's own language, nothing else. Strict, so a request naming another user
 * (a userId) is refused rather than quietly changing the caller's own.
 */
export const ZSetMyLanguageInput = z.strictObject({ language: ZLanguageSetting });
export type SetMyLanguageInput = z.infer<typeof ZSetMyLanguageInput>;

/** Output of setMyLanguage: the language now set. */
export const ZMyLanguageOutput = z.object({ language: z.enum(LANGUAGES).nullable() });

/** Who a staff user is, as every staff user output says it: the list row and the edit form's user. */
const ZStaffIdentity = z.object({
  id: z.number(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  isActive: z.boolean(),
  roleId: z.number(),
  roleName: z.string(),
});

/** A row of the staff list (getUsers). */
export const ZUserListRow = ZStaffIdentity.extend({ branchNames: z.array(z.string()) });
export type UserListRow = z.infer<typeof ZUserListRow>;

/** Output of getUsers: a page of the staff list. */
export const ZGetUsersOutput = zPage(ZUserListRow);

/** What the caller may do to one user (issue 28 "Who may manage whom"), so the edit form offers only that. */
export const ZUserManagement = z.object({
  /** Why the caller may not change this user at all, or null when they may. */
  refusal: z.string().nullable(),
  /** Whether the caller may change this user's role and active flag (not for oneself). */
  mayChangeAccess: z.boolean(),
  /** Whether the caller may change this user's email and phone number (a system-level caller, or oneself). */
  mayChangeContact: z.boolean(),
  /** Staff role ids the caller may give this user; empty when the role may not change. */
  grantableRoleIds: z.array(z.number()),
});
export type UserManagement = z.infer<typeof ZUserManagement>;

/**
 * A user as the edit form sees it (getUser, updateUser). The SSN leaves masked ("***-**-1234") as the service
 * masks it; no token, chat id or device endpoint of the users row is declared, so none leaves.
 */
export const ZUserDetail = ZStaffIdentity.extend({
  timezone: z.string(),
  ssn: z
    .string()
    .regex(/^\*\*\*-\*\*-\d{0,4}$/, 'The SSN leaves masked')
    .nullable(),
  adpFileNumber: z.string().nullable(),
  v2RoleId: z.number().nullable(),
  /** Whether the user may use chat (spec "User" chatEnabled; issue 22). */
  chatEnabled: z.boolean(),
  branchIds: z.array(z.number()),
  /** What the caller may change of this user (users.management.ts), so the form offers only that. */
  management: ZUserManagement,
});
export type UserDetail = z.infer<typeof ZUserDetail>;

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
