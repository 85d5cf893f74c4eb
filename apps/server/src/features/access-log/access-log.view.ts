import { sql } from 'drizzle-orm';
import { ACCESS_LOG_VIEW_ACTIONS } from '@hearth/shared/access-log/access-log.constants';
import type { ViewDefinition } from '../views/views.registry';

/** The labels of the actions as the view's filter offers them (the page translates them itself). */
const ACTION_LABELS: Record<(typeof ACCESS_LOG_VIEW_ACTIONS)[number], string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  'sign-out': 'Signed out',
  logoff: 'Logged off',
  'impersonation-start': 'Impersonation started',
  'impersonation-stop': 'Impersonation stopped',
  'record-read': 'Record read',
  'file-download': 'File opened or downloaded',
  'export-run': 'Export run',
  'export-download': 'Export downloaded',
  change: 'Record changed',
};

/**
 * Every entry of the log in one row shape: the access log's own rows and the audit trail's changes (audit_log,
 * written by the audit triggers; not copied, so a change is stored once). Ids stay distinct and ordered: an access
 * entry's id times two, a change's times two plus one. A change's company is its branch's, else its changer's; its
 * client or caregiver is the changed row itself or the row's client_id / caregiver_id column.
 */
export const ACCESS_LOG_ENTRIES = sql`(
  select access_log.id * 2 as id, access_log.at, access_log.company_id, access_log.user_id,
    access_log.impersonated_user_id, access_log.action, access_log.reason, access_log.method, access_log.mfa_used,
    access_log.ip_address, access_log.user_agent, access_log.record_type, access_log.record_id,
    access_log.client_id, access_log.caregiver_id, access_log.detail
  from access_log
  union all
  select audit_log.id * 2 + 1, audit_log.created_at,
    coalesce((select b.company_id from branches b where b.id = audit_log.branch_id),
      (select u.company_id from users u where u.id = audit_log.changed_by)),
    audit_log.changed_by, null, 'change', null, null, null, null, null, audit_log.table_name, audit_log.row_id,
    case when audit_log.table_name = 'clients' then audit_log.row_id
      else (coalesce(audit_log.new_row, audit_log.old_row) ->> 'client_id')::integer end,
    case when audit_log.table_name = 'caregivers' then audit_log.row_id
      else (coalesce(audit_log.new_row, audit_log.old_row) ->> 'caregiver_id')::integer end,
    lower(audit_log.operation) || ' ' || audit_log.table_name || coalesce(' #' || audit_log.row_id, '')
  from audit_log
) as entries`;

/**
 * The access log at /admin/logging (issue 20 item 4) as a backend view: when, who (and whom they impersonated),
 * what, the record, the reason, method and second factor of a sign-in, the address and device, newest first;
 * filters by user, record, action and time, CSV export from the engine. Who may read it: system-level access only
 * (spec section 6, "Logging requires system-level access"), so the scope condition is false for anyone else even
 * if a role editor granted the view (docs/decisions/0010-access-log.md).
 */
export const accessLogView: ViewDefinition = {
  name: 'accessLog',
  label: 'Access log',
  tables: ['access_log', 'audit_log', 'users'],
  source: (scope) => ({
    from: sql`${ACCESS_LOG_ENTRIES}
      left join users actor on actor.id = entries.user_id
      left join users target on target.id = entries.impersonated_user_id
      left join companies on companies.id = entries.company_id`,
    where: scope.level === 'system' ? sql`true` : sql`false`,
  }),
  id: sql`entries.id`,
  optionLabel: sql`entries.action || ' #' || entries.id`,
  columns: [
    { key: 'at', label: 'When', type: 'datetime', sql: sql`entries.at` },
    {
      key: 'action',
      label: 'Action',
      type: 'enum',
      sql: sql`entries.action`,
      options: ACCESS_LOG_VIEW_ACTIONS.map((value) => ({ value, label: ACTION_LABELS[value] })),
    },
    { key: 'userName', label: 'User', type: 'text', sql: sql`actor.name`, searchable: true },
    { key: 'userId', label: 'User ID', type: 'number', sql: sql`entries.user_id`, visibleByDefault: false },
    { key: 'impersonatedName', label: 'Acting as', type: 'text', sql: sql`target.name` },
    { key: 'recordType', label: 'Record type', type: 'text', sql: sql`entries.record_type` },
    { key: 'recordId', label: 'Record ID', type: 'number', sql: sql`entries.record_id` },
    { key: 'clientId', label: 'Client ID', type: 'number', sql: sql`entries.client_id`, visibleByDefault: false },
    { key: 'caregiverId', label: 'Caregiver ID', type: 'number', sql: sql`entries.caregiver_id`, visibleByDefault: false },
    { key: 'detail', label: 'Detail', type: 'text', sql: sql`entries.detail`, searchable: true },
    { key: 'reason', label: 'Reason', type: 'text', sql: sql`entries.reason` },
    { key: 'method', label: 'Method', type: 'text', sql: sql`entries.method`, visibleByDefault: false },
    { key: 'mfaUsed', label: 'MFA used', type: 'boolean', sql: sql`entries.mfa_used`, visibleByDefault: false },
    { key: 'ipAddress', label: 'Address', type: 'text', sql: sql`entries.ip_address` },
    { key: 'userAgent', label: 'Device', type: 'text', sql: sql`entries.user_agent`, visibleByDefault: false, searchable: true },
    { key: 'companyName', label: 'Company', type: 'text', sql: sql`companies.name`, visibleByDefault: false },
  ],
  defaultSort: [{ column: 'at', direction: 'desc' }],
  rowLink: null,
};
