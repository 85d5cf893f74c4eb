import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sessions } from '../users/users.schema';
import { ACCESS_ACTIONS } from '@hearth/shared/access-log/access-log.constants';

/**
 * The access log (HIPAA 45 CFR 164.312(b), audit controls): who signed in or failed to and why, signed out or was
 * logged off, impersonated someone, read a client's or caregiver's record, opened a file or ran or downloaded an
 * export. Append-only: the `access_log_append_only` trigger refuses UPDATE, DELETE and TRUNCATE unless the
 * transaction set `app.access_log_retention` to 'on', which only the retention job does (access-log.retention.ts).
 * Changes to records are not copied here: the audit triggers keep them in audit_log, and the access log view
 * reads both. `company_id` is null for a user without a company (system level) and for a failed sign-in of an
 * unknown account.
 */
export const accessLog = pgTable(
  'access_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    companyId: integer('company_id'),
    /** The user who acted (the administrator while impersonating); null for a failed sign-in of no known user. */
    userId: integer('user_id'),
    /** The impersonated user while impersonating, else null. */
    impersonatedUserId: integer('impersonated_user_id'),
    action: text('action', { enum: ACCESS_ACTIONS }).notNull(),
    /** Why a sign-in failed or a session ended (wrong-password, idle, max-age...), else null. */
    reason: text('reason'),
    /** How a sign-in was made (password, login-link). */
    method: text('method'),
    /** Whether a second factor was used at sign-in, when known; null when it is not. */
    mfaUsed: boolean('mfa_used'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** The record read or touched: 'client', 'caregiver', 'file', 'export', 'view' (a list's CSV or XLSX export). */
    recordType: text('record_type'),
    recordId: integer('record_id'),
    /** The client or caregiver the entry is about (a file's owner too), for a record's own access history. */
    clientId: integer('client_id'),
    caregiverId: integer('caregiver_id'),
    /** A short description: the procedure read, the file's name, the export's type. */
    detail: text('detail'),
  },
  (t) => [
    index('access_log_company_at_idx').on(t.companyId, t.at),
    index('access_log_client_idx')
      .on(t.clientId)
      .where(sql`${t.clientId} is not null`),
    index('access_log_caregiver_idx')
      .on(t.caregiverId)
      .where(sql`${t.caregiverId} is not null`),
  ],
);

/**
 * A session's last activity, for the inactivity limit (spec section 9: 30 minutes, or the company's shorter
 * limit). Kept apart from better-auth's sessions table so better-auth never writes it; removed with its session.
 */
export const sessionActivity = pgTable('session_activity', {
  sessionId: integer('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull(),
});
