import { pgTable, serial, text, timestamp, integer, boolean, uuid, index, uniqueIndex, bigint } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { DEFAULT_TIMEZONE } from '@hearth/shared/app/app.constants';
import { LANGUAGES } from '@hearth/shared/i18n/languages';
import { roles } from '../roles/roles.schema';
import { companies } from '../companies/companies.schema';
import { branches } from '../branches/branches.schema';

/**
 * Users (spec section 3 "User"). better-auth reads and writes its own columns here (name, email, emailVerified,
 * image, username, displayUsername, createdAt, updatedAt); the rest are Hearth's.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    username: text('username').notNull().unique(),
    displayUsername: text('display_username'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    isActive: boolean('is_active').notNull().default(true),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phoneNumber: text('phone_number'),
    companyId: integer('company_id').references(() => companies.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    v2RoleId: integer('v2_role_id'),
    cognitoId: text('cognito_id'),
    timezone: text('timezone').notNull().default(DEFAULT_TIMEZONE),
    /** The user's language for the apps, messages, emails and SMS ('en', 'es'); null follows the browser (issue 27). */
    language: text('language', { enum: LANGUAGES }),
    ssn: text('ssn'),
    impersonatedUserId: integer('impersonated_user_id'),
    impersonatedCaregiverId: integer('impersonated_caregiver_id'),
    impersonatedClientId: integer('impersonated_client_id'),
    impersonatedTrustedContactId: integer('impersonated_trusted_contact_id'),
    adpFileNumber: text('adp_file_number'),
    chatId: uuid('chat_id')
      .notNull()
      .default(sql`gen_random_uuid()`),
    chatEnabled: boolean('chat_enabled').notNull().default(true),
    chatSmsEnabled: boolean('chat_sms_enabled').notNull().default(true),
    chatEmailEnabled: boolean('chat_email_enabled').notNull().default(false),
    cognitoSyncStatus: text('cognito_sync_status', { enum: ['pending', 'success', 'error'] }),
    cognitoSyncError: text('cognito_sync_error'),
    mfaPreferredMethod: text('mfa_preferred_method', { enum: ['SMS_MFA', 'SOFTWARE_TOKEN_MFA'] }),
    /** better-auth's two-factor flag: true once an authenticator or a verified phone is enrolled (spec section 4). */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** When the phone number was proven by a texted code; SMS codes go only to a verified number (spec section 8). */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    pushNotificationDeviceToken: text('push_notification_device_token'),
    snsPlatformEndpointArn: text('sns_platform_endpoint_arn'),
  },
  (t) => [index('users_role_idx').on(t.roleId), index('users_company_idx').on(t.companyId)],
);

/**
 * The user-to-branch link (spec section 3 "User history entry": the link table rows are {id, A, B}).
 * A is the branch, B the user, as in the spec's history rows.
 */
export const branchUsers = pgTable(
  '_BranchToUser',
  {
    id: serial('id').primaryKey(),
    branchId: integer('A')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    userId: integer('B')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('branch_users_unique').on(t.branchId, t.userId), index('branch_users_user_idx').on(t.userId)],
);

/** better-auth sessions. The token is the bearer token. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** better-auth accounts: the credential account holds the password hash. */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

/** better-auth verification values (one-time tokens). */
export const verifications = pgTable('verifications', {
  id: serial('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** better-auth rate-limit counters, in the database so several server processes share them. */
export const rateLimits = pgTable('rate_limits', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});
