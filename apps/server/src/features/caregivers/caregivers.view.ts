import { sql } from 'drizzle-orm';
import {
  CAREGIVER_STATUSES,
  CAREGIVER_STATUS_LABELS,
  CREDENTIAL_EXPIRY_WARNING_DAYS,
} from '@hearth/shared/caregivers/caregivers.constants';
import { inBranchScope } from '../../auth/scope';
import type { ViewDefinition } from '../views/views.registry';
import { personViewBasics, personViewColumns } from '../records/records.view';
import { caregivers } from './caregivers.schema';

/** Today's date in the caregiver's branch time zone. */
const branchToday = sql`(now() at time zone branches.timezone)::date`;

/**
 * The earliest expiry among the caregiver's credentials, counting for each credential name (case-insensitive)
 * only its latest expiry, so a renewal replaces the card it renews (as getCaregiver's `superseded`).
 */
const nextCredentialExpiry = sql`(select min(s.latest) from (
    select max(cc.expires_on) as latest from caregiver_credentials cc
    where cc.caregiver_id = caregivers.id and cc.expires_on is not null
    group by lower(trim(cc.name))
  ) s)`;

/**
 * The caregivers list (/caregivers) as a backend view, scoped to the caller's branches. `credentialExpiringSoon`
 * flags a credential expiring within CREDENTIAL_EXPIRY_WARNING_DAYS days (or expired) on the branch's today
 * (issue 4: "credential expiries within 30 days are flagged ... in a view column").
 */
export const caregiversView: ViewDefinition = {
  name: 'caregivers',
  label: 'Caregivers',
  tables: ['caregivers', 'caregiver_addresses', 'branches'],
  source: (scope) => ({
    from: sql`caregivers join branches on branches.id = caregivers.branch_id
      left join caregiver_addresses on caregiver_addresses.caregiver_id = caregivers.id and caregiver_addresses.is_primary`,
    where: inBranchScope(scope, caregivers.branchId),
  }),
  ...personViewBasics('caregivers'),
  columns: [
    ...personViewColumns('caregivers', CAREGIVER_STATUSES, CAREGIVER_STATUS_LABELS),
    { key: 'city', label: 'City', type: 'text', sql: sql`caregiver_addresses.city`, searchable: true },
    { key: 'phoneNumber', label: 'Phone', type: 'text', sql: sql`caregivers.phone_number` },
    { key: 'email', label: 'Email', type: 'text', sql: sql`caregivers.email`, searchable: true },
    { key: 'hireDate', label: 'Hire date', type: 'date', sql: sql`caregivers.hire_date` },
    {
      key: 'languages',
      label: 'Languages',
      type: 'text',
      sql: sql`array_to_string(array(select jsonb_array_elements_text(caregivers.languages)), ', ')`,
    },
    {
      key: 'skills',
      label: 'Skills',
      type: 'text',
      sql: sql`array_to_string(array(select jsonb_array_elements_text(caregivers.skills)), ', ')`,
      visibleByDefault: false,
    },
    { key: 'nextCredentialExpiry', label: 'Next credential expiry', type: 'date', sql: nextCredentialExpiry },
    {
      key: 'credentialExpiringSoon',
      label: 'Credential expiring',
      type: 'boolean',
      sql: sql`coalesce(${nextCredentialExpiry} <= ${branchToday} + ${CREDENTIAL_EXPIRY_WARNING_DAYS}::int, false)`,
    },
    {
      key: 'maxWeeklyHours',
      label: 'Max weekly hours',
      type: 'number',
      sql: sql`caregivers.max_weekly_hours`,
      visibleByDefault: false,
    },
    { key: 'createdAt', label: 'Created', type: 'datetime', sql: sql`caregivers.created_at`, visibleByDefault: false },
  ],
  rowLink: '/caregivers/{id}/profile',
};
