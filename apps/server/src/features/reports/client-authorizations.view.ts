import { sql } from 'drizzle-orm';
import { inBranchScope } from '../../auth/scope';
import { clients } from '../clients/clients.schema';
import { DEFAULT_UNIT_RULE } from '../shifts/shifts.units';
import type { ViewDefinition } from '../views/views.registry';
import { personColumns } from './reports.columns';

/** Days since 1970-01-01 of a date column (1970-01-01 was a Thursday). */
const dayNumber = (column: string) => sql.raw(`(${column} - date '1970-01-01')`);
/** The Sunday-to-Saturday week number of a day, as calendarWeeksTouched counts weeks. */
const weekNumber = (column: string) => sql`floor((${dayNumber(column)} + 4) / 7.0)`;
/** The month number of a date (year * 12 + month), as calendarMonthsTouched counts months. */
const monthNumber = (column: string) => sql.raw(`(extract(year from ${column})::int * 12 + extract(month from ${column})::int)`);

/**
 * authorizedUnits (packages/shared/src/clients/authorization-units.ts) over the authorization's own dates: the
 * tightest of units per week times the calendar weeks it touches, units per month times the calendar months it
 * touches, and the total; 0 when it gives no limit. `least` skips nulls as authorizedUnits skips absent limits.
 */
const authorized = sql`coalesce(least(
    auths.units_per_week * (${weekNumber('auths.end_date')} - ${weekNumber('auths.start_date')} + 1),
    auths.units_per_month * (${monthNumber('auths.end_date')} - ${monthNumber('auths.start_date')} + 1),
    auths.units_total
  ), 0)::int`;

/**
 * unitsFromMinutes (packages/shared/src/shifts/shift-units.ts) over `t.m` minutes, `t.u` unit minutes and
 * `t.r` rounding rule: whole units plus one for a remainder by the rule (CMS 8-minute rule: more than half a
 * unit; nearest: half or more; up: any; down: none).
 */
const units = sql`(floor(t.m / t.u) + case
    when t.m - floor(t.m / t.u) * t.u = 0 then 0
    when t.r = 'cms_8_minute' and (t.m - floor(t.m / t.u) * t.u) * 2 > t.u then 1
    when t.r = 'nearest' and (t.m - floor(t.m / t.u) * t.u) * 2 >= t.u then 1
    when t.r = 'up' then 1
    else 0 end)`;

/**
 * billableMinutes (shifts.units.ts): check-in to check-out for a completed shift with both times, else the
 * scheduled minutes; rounded to whole minutes, never negative.
 */
const billableMinutes = sql`greatest(0, round(extract(epoch from case
    when s.status = 'completed' and s.check_in_at is not null and s.check_out_at is not null
      then s.check_out_at - s.check_in_at
    else s.end_at - s.start_at end) / 60))`;

/**
 * The client authorizations report (issue "Payroll, billing, reports" item 3): each authorization of a client in
 * the caller's branches with its payer, code and limits, and its units over its whole dates, computed in SQL by
 * the rules of getClientAuthMetrics (clients-authorizations.service.ts) for the period equal to the
 * authorization's dates: `authorized` as authorizedUnits; `scheduled` and `used` from the shifts on the
 * authorization whose local start date (the shift's branch time zone) lies within its dates, cancelled and
 * missed ones excluded, `used` the completed ones, by the unit rule of the payer's service (same modifiers
 * first, else the first listed for the code, else 15 minutes under the CMS 8-minute rule, as
 * authorizationUnitRules); `remaining` = authorized - scheduled - used (negative when over). `active` says
 * whether today (the client's branch time zone) lies within its dates.
 */
export const reportClientAuthorizationsView: ViewDefinition = {
  name: 'reportClientAuthorizations',
  label: 'Client authorizations',
  tables: ['client_authorizations', 'clients', 'branches', 'payer_sources', 'payer_source_services', 'shifts'],
  source: (scope) => ({
    from: sql`client_authorizations auths
      join clients on clients.id = auths.client_id
      join branches on branches.id = clients.branch_id
      join payer_sources on payer_sources.id = auths.payer_source_id
      left join lateral (
        select pss.unit_minutes, pss.rounding_rule from payer_source_services pss
        where pss.payer_source_id = auths.payer_source_id and pss.service_code = auths.service_code
        order by (pss.modifiers = auths.modifiers) desc, pss.id limit 1
      ) unit_rule on true
      left join lateral (
        select coalesce(sum(${units}) filter (where t.status <> 'completed'), 0)::int as scheduled,
          coalesce(sum(${units}) filter (where t.status = 'completed'), 0)::int as used
        from (
          select s.status, ${billableMinutes} as m,
            coalesce(unit_rule.unit_minutes, ${DEFAULT_UNIT_RULE.unitMinutes}::int) as u,
            coalesce(unit_rule.rounding_rule, ${DEFAULT_UNIT_RULE.roundingRule}::text) as r
          from shifts s join branches sb on sb.id = s.branch_id
          where s.client_id = auths.client_id and s.authorization_id = auths.id
            and s.status not in ('cancelled', 'missed')
            and (s.start_at at time zone sb.timezone)::date between auths.start_date and auths.end_date
        ) t
      ) auth_usage on true`,
    where: inBranchScope(scope, clients.branchId),
  }),
  timeZone: sql`branches.timezone`,
  id: sql`auths.id`,
  optionLabel: sql`clients.last_name || ', ' || clients.first_name || ' ' || auths.service_code`,
  columns: [
    { key: 'id', label: 'Authorization ID', type: 'number', sql: sql`auths.id`, visibleByDefault: false },
    ...personColumns('clients'),
    { key: 'payerName', label: 'Payer', type: 'text', sql: sql`payer_sources.name`, searchable: true },
    {
      key: 'serviceCode',
      label: 'Service code',
      type: 'text',
      sql: sql`trim(auths.service_code || ' ' || array_to_string(array(select jsonb_array_elements_text(auths.modifiers)), ' '))`,
      searchable: true,
    },
    {
      key: 'authorizationNumber',
      label: 'Authorization #',
      type: 'text',
      sql: sql`auths.authorization_number`,
      searchable: true,
      visibleByDefault: false,
    },
    { key: 'startDate', label: 'Start', type: 'date', sql: sql`auths.start_date` },
    { key: 'endDate', label: 'End', type: 'date', sql: sql`auths.end_date` },
    {
      key: 'active',
      label: 'Active',
      type: 'boolean',
      sql: sql`((now() at time zone branches.timezone)::date between auths.start_date and auths.end_date)`,
    },
    { key: 'unitsPerWeek', label: 'Units / week', type: 'number', sql: sql`auths.units_per_week`, visibleByDefault: false },
    { key: 'unitsPerMonth', label: 'Units / month', type: 'number', sql: sql`auths.units_per_month`, visibleByDefault: false },
    { key: 'unitsTotal', label: 'Units total', type: 'number', sql: sql`auths.units_total`, visibleByDefault: false },
    { key: 'authorized', label: 'Authorized', type: 'number', sql: authorized },
    { key: 'scheduled', label: 'Scheduled', type: 'number', sql: sql`auth_usage.scheduled` },
    { key: 'used', label: 'Used', type: 'number', sql: sql`auth_usage.used` },
    { key: 'remaining', label: 'Remaining', type: 'number', sql: sql`(${authorized} - auth_usage.scheduled - auth_usage.used)` },
  ],
  defaultSort: [
    { column: 'lastName', direction: 'asc' },
    { column: 'firstName', direction: 'asc' },
    { column: 'startDate', direction: 'desc' },
  ],
  rowLink: '/clients/{clientId}/profile',
};
