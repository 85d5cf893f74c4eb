/**
 * A complete set of records with one id in every table, planted where a caller should not reach (another company,
 * or a branch the caller is not linked to), for the role x procedure x scope matrix (issue "No way around the
 * rules"). Because every table holds a row with the same id, an input built by procedure-inputs.ts (every record id
 * set to that id) points at a planted record whichever table the procedure reads.
 *
 * Every text a person could read carries `marker`, so an answer that leaks a planted record shows it; every row
 * that belongs to the set is found again by plantedFingerprint, so a write that touched one shows too.
 *
 * Ids must be far above what the seed and the tests create (the sequences are not advanced).
 */
import { sql, type SQL } from 'drizzle-orm';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

/** Where a planted set lives: a new company (`companyId` null) or a new branch of an existing company. */
export interface PlantOptions {
  id: number;
  marker: string;
  companyId: number | null;
}

/**
 * Plants the set: company (when new), branch, a staff user (Branch Manager linked to the branch), client with
 * address, contact, authorization, journal entry, nurse assessment and file; caregiver with address, file,
 * journal entry, credential and cash advance; payer source and service; a visit with timesheet, comment, pickup
 * invitation and care sheet; a shift pattern; a pay period lock; an import and an export; a saved view; an
 * encryption key; an outbox message; an in-app notification and a channel choice; payroll and billing lines; a chat
 * conversation with its member, message, attachment and a broadcast; a care form type, a care form (amended, in
 * progress again) and its signed first version; a case type with a module and a case admin, and a case of the
 * client with a caregiver, a comment, an attachment and the care form as its module; a pending visit request of the
 * client about the visit.
 * @returns the company id the set belongs to
 */
export async function plantRecords(db: Db, options: PlantOptions): Promise<number> {
  const { id, marker } = options;
  const companyId = options.companyId ?? id;
  const m = (text: string) => `${marker} ${text}`;
  const run = (statement: SQL) => db.execute(statement);
  if (options.companyId === null) await run(sql`insert into companies (id, name) values (${id}, ${m('Agency')})`);
  await run(sql`insert into branches (id, company_id, name, timezone, city, state, zip)
    values (${id}, ${companyId}, ${m('Branch')}, 'America/New_York', 'Lowell', 'MA', '01852')`);
  await run(sql`insert into users (id, name, email, username, first_name, last_name, company_id, role_id, timezone)
    values (${id}, ${m('Manager')}, ${`planted${id}@example.com`}, ${`planted${id}`}, ${marker}, 'Manager', ${companyId},
    ${ROLE_IDS.branchManager}, 'America/New_York')`);
  await run(sql`insert into "_BranchToUser" ("A", "B") values (${id}, ${id})`);
  // Payer sources belong to the company: every role of it may read them, so only another company's carry the marker.
  const payerName = options.companyId === null ? m('Payer') : `Payer ${id}`;
  await run(
    sql`insert into payer_sources (id, company_id, name, payer_type) values (${id}, ${companyId}, ${payerName}, 'medicaid')`,
  );
  await run(sql`insert into payer_source_services (id, payer_source_id, service_code, bill_rate_cents)
    values (${id}, ${id}, 'T1019', 700)`);
  await run(sql`insert into clients (id, branch_id, first_name, last_name, notes, medicaid_id, email)
    values (${id}, ${id}, ${marker}, 'Client', ${m('client notes')}, ${`MA${id}`}, ${`client${id}@example.com`})`);
  await run(sql`insert into client_addresses (id, client_id, line1, city, state, zip, lat, lon, is_primary)
    values (${id}, ${id}, ${m('1 Planted St')}, 'Lowell', 'MA', '01852', 42.64, -71.31, true)`);
  await run(sql`insert into client_contacts (id, client_id, first_name, last_name, relationship, email)
    values (${id}, ${id}, ${marker}, 'Contact', 'Daughter', ${`contact${id}@example.com`})`);
  await run(sql`insert into client_authorizations (id, client_id, payer_source_id, service_code, authorization_number, start_date, end_date)
    values (${id}, ${id}, ${id}, 'T1019', ${m('AUTH')}, '2026-01-01', '2026-12-31')`);
  await run(sql`insert into client_journal_entries (id, client_id, entry_date, subject, body)
    values (${id}, ${id}, '2026-11-02', ${m('subject')}, ${m('journal')})`);
  await run(sql`insert into nurse_assessments (id, client_id, assessment_type, assessed_on, findings)
    values (${id}, ${id}, 'initial', '2026-11-02', ${m('findings')})`);
  await run(sql`insert into client_files (id, client_id, filename, size, content_type, storage_key, status)
    values (${id}, ${id}, ${m('file.pdf')}, 10, 'application/pdf', ${`planted/${id}/client.pdf`}, 'uploaded')`);
  await run(sql`insert into caregivers (id, branch_id, first_name, last_name, notes, status, email)
    values (${id}, ${id}, ${marker}, 'Caregiver', ${m('caregiver notes')}, 'active', ${`caregiver${id}@example.com`})`);
  await run(sql`insert into caregiver_addresses (id, caregiver_id, line1, city, state, zip, is_primary)
    values (${id}, ${id}, ${m('2 Planted St')}, 'Lowell', 'MA', '01852', true)`);
  await run(sql`insert into caregiver_files (id, caregiver_id, filename, size, content_type, storage_key, status)
    values (${id}, ${id}, ${m('cv.pdf')}, 10, 'application/pdf', ${`planted/${id}/caregiver.pdf`}, 'uploaded')`);
  await run(sql`insert into caregiver_journal_entries (id, caregiver_id, entry_date, subject, body)
    values (${id}, ${id}, '2026-11-02', ${m('subject')}, ${m('journal')})`);
  await run(sql`insert into caregiver_credentials (id, caregiver_id, name, number)
    values (${id}, ${id}, ${m('CNA')}, ${`CNA${id}`})`);
  await run(sql`insert into caregiver_cash_advances (id, caregiver_id, amount_cents, advanced_on, reason)
    values (${id}, ${id}, 5000, '2026-11-02', ${m('advance')})`);
  await run(sql`insert into shifts (id, branch_id, client_id, caregiver_id, service_code, payer_source_id, authorization_id, start_at, end_at, notes)
    values (${id}, ${id}, ${id}, ${id}, 'T1019', ${id}, ${id}, '2026-11-02T14:00:00Z', '2026-11-02T16:00:00Z', ${m('visit notes')})`);
  await run(sql`insert into shift_timesheets (id, shift_id, check_in, check_out, check_in_type, check_out_type, reason_note)
    values (${id}, ${id}, '2026-11-02T14:00:00Z', '2026-11-02T16:00:00Z', 3, 3, ${m('timesheet')})`);
  await run(sql`insert into shift_comments (id, shift_id, body) values (${id}, ${id}, ${m('comment')})`);
  await run(
    sql`insert into shift_pickup_invitations (id, shift_id, caregiver_id, rank, status) values (${id}, ${id}, ${id}, 1, 'sent')`,
  );
  await run(sql`insert into care_sheets (id, shift_id, caregiver_id, caregiver_comment)
    values (${id}, ${id}, ${id}, ${m('care sheet')})`);
  await run(sql`insert into shift_patterns (id, branch_id, client_id, caregiver_id, service_code, rrule, start_date, start_time, duration_minutes, timezone, notes)
    values (${id}, ${id}, ${id}, ${id}, 'T1019', 'FREQ=WEEKLY;BYDAY=MO', '2026-11-02', '09:00', 120, 'America/New_York', ${m('pattern')})`);
  await run(sql`insert into pay_period_lock_times (id, branch_id, period_start, period_end, locks_at)
    values (${id}, ${id}, '2026-10-01', '2026-10-14', '2026-10-20T00:00:00Z')`);
  await run(sql`insert into file_imports (id, company_id, branch_id, type_name, file_name, file_size_bytes, content_type, storage_key, status, error)
    values (${id}, ${companyId}, ${id}, 'clients', ${m('clients.csv')}, 10, 'text/csv', ${`planted/${id}/import.csv`}, 'failed', ${m('error')})`);
  await run(sql`insert into file_exports (id, company_id, branch_id, type_name, status, file_name, storage_key)
    values (${id}, ${companyId}, ${id}, 'payroll-adp', 'completed', ${m('export.csv')}, ${`planted/${id}/export.csv`})`);
  await run(sql`insert into frontend_views (id, view, name, owner_user_id, shared_with, branch_id, company_id)
    values (${id}, 'clients', ${m('saved view')}, ${id}, 'branch', ${id}, ${companyId})`);
  await run(sql`insert into encryption_keys (id, user_id, key_uuid, sealed_key)
    values (${id}, ${id}, ${plantedKeyUuid(id)}, ${m('sealed')})`);
  await run(sql`insert into outbox (id, channel, kind, recipient, user_id, subject, body, link)
    values (${id}, 'email', 'client_login_link', ${`contact${id}@example.com`}, ${id}, ${m('subject')}, ${m('body')}, ${`https://example.com/login?token=planted${id}`})`);
  await run(sql`insert into in_app_notifications (id, user_id, kind, title, body, link)
    values (${id}, ${id}, 'late_visit', ${m('Late visit')}, ${m('notification')}, ${`/shifts/${id}`})`);
  await run(sql`insert into notification_preferences (user_id, kind, push, email, sms)
    values (${id}, 'late_visit', true, true, true)`);
  await run(sql`insert into chat_conversations (id, company_id, kind, title, branch_id, client_id, shift_id, created_by_user_id)
    values (${id}, ${companyId}, 'group', ${m('Chat')}, ${id}, ${id}, ${id}, ${id})`);
  await run(sql`insert into chat_members (conversation_id, user_id) values (${id}, ${id})`);
  await run(sql`insert into chat_broadcasts (id, company_id, sender_user_id, audience, branch_id, client_message_id, body, recipient_count)
    values (${id}, ${companyId}, ${id}, 'branch', ${id}, gen_random_uuid(), ${m('broadcast')}, 1)`);
  await run(sql`insert into chat_messages (id, conversation_id, sender_user_id, client_message_id, body)
    values (${id}, ${id}, ${id}, gen_random_uuid(), ${m('chat message')})`);
  await run(sql`update chat_conversations set last_message_id = ${id}, last_message_at = now() where id = ${id}`);
  await run(sql`insert into chat_attachments (id, conversation_id, message_id, uploaded_by_user_id, storage_key, filename, size, content_type, status)
    values (${id}, ${id}, ${id}, ${id}, ${`chat/${id}/planted`}, ${m('photo.jpg')}, 10, 'image/jpeg', 'uploaded')`);
  // Form types belong to the company: every role of it may read them, so only another company's carry the marker.
  const typeName = options.companyId === null ? m('Form type') : `Form type ${id}`;
  const definition = JSON.stringify({
    resourceType: 'Questionnaire',
    status: 'active',
    title: typeName,
    item: [{ linkId: 'note', text: 'Note', type: 'string' }],
  });
  await run(sql`insert into care_form_types (id, company_id, lineage_id, version, name, category, status, caregiver_may_start, definition, frozen)
    values (${id}, ${companyId}, ${id}, 1, ${typeName}, 'other', 'active', true, ${definition}::jsonb, true)`);
  const answers = JSON.stringify([{ linkId: 'note', answer: [{ valueString: m('care form answer') }] }]);
  await run(sql`insert into care_forms (id, client_id, type_id, shift_id, assignee_user_id, status, version, items, amendment_reason, created_by_user_id)
    values (${id}, ${id}, ${id}, ${id}, ${id}, 'in-progress', 2, ${answers}::jsonb, ${m('amendment')}, ${id})`);
  await run(sql`insert into care_form_versions (id, form_id, version, status, items, signed_by_user_id, signed_at)
    values (${id}, ${id}, 1, 'completed', ${answers}::jsonb, ${id}, '2026-11-02T16:00:00Z')`);
  // Case types belong to the company like form types: only another company's carry the marker.
  const caseTypeName = options.companyId === null ? m('Case type') : `Case type ${id}`;
  await run(sql`insert into case_types (id, company_id, name, reportable_by_caregivers, acknowledge_within_hours)
    values (${id}, ${companyId}, ${caseTypeName}, true, 2)`);
  await run(sql`insert into case_type_modules (id, case_type_id, care_form_type_lineage_id, position, required)
    values (${id}, ${id}, ${id}, 0, true)`);
  await run(sql`insert into case_admins (id, case_type_id, branch_id, user_id, assign_new, notify)
    values (${id}, ${id}, ${id}, ${id}, true, true)`);
  await run(sql`insert into cases (id, company_id, number, case_type_id, status, priority, branch_id, client_id, shift_id, title,
      description, occurred_at, reported_by_user_id, reported_at, assignee_user_id, acknowledge_due_at, last_reason)
    values (${id}, ${companyId}, ${id}, ${id}, 'requested', 'urgent', ${id}, ${id}, ${id}, ${m('case')}, ${m('case description')},
      '2026-11-02T15:00:00Z', ${id}, '2026-11-02T15:30:00Z', ${id}, '2026-11-02T17:30:00Z', ${m('reason')})`);
  await run(sql`insert into case_caregivers (id, case_id, caregiver_id) values (${id}, ${id}, ${id})`);
  await run(
    sql`insert into case_comments (id, case_id, author_user_id, body) values (${id}, ${id}, ${id}, ${m('case comment')})`,
  );
  await run(sql`insert into case_attachments (id, case_id, uploaded_by_user_id, storage_key, filename, size, content_type, status)
    values (${id}, ${id}, ${id}, ${`cases/${id}/planted`}, ${m('fall.jpg')}, 10, 'image/jpeg', 'uploaded')`);
  await run(sql`update care_forms set case_id = ${id}, case_type_module_id = ${id} where id = ${id}`);
  await run(sql`insert into visit_requests (id, branch_id, client_id, kind, status, shift_id, visit_start_at, visit_end_at, note, requested_by_user_id)
    values (${id}, ${id}, ${id}, 'cancel', 'pending', ${id}, '2026-11-02T14:00:00Z', '2026-11-02T16:00:00Z', ${m('visit request')}, ${id})`);
  await run(sql`insert into payroll_lines (id, company_id, branch_id, caregiver_id, period_from, period_to)
    values (${id}, ${companyId}, ${id}, ${id}, '2026-11-01', '2026-11-14')`);
  await run(sql`insert into billing_lines (id, company_id, branch_id, period_from, period_to, shift_id, client_id, caregiver_id, payer_source_id, visit_date, status, note)
    values (${id}, ${companyId}, ${id}, '2026-11-01', '2026-11-14', ${id}, ${id}, ${id}, ${id}, '2026-11-02', 'ready', ${m('billing')})`);
  return companyId;
}

/** The uuid of the planted encryption key of set `id` (keyUuid inputs name keys by uuid, not id). */
export function plantedKeyUuid(id: number): string {
  return `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`;
}

/** Columns that tie a row to a planted set, by table (the row's own id, or the id of the record it hangs off). */
const SET_COLUMNS = [
  'id',
  'company_id',
  'branch_id',
  'client_id',
  'caregiver_id',
  'shift_id',
  'user_id',
  'owner_user_id',
  'payer_source_id',
];

/**
 * A digest of every row of the set (any table with one of SET_COLUMNS equal to `id`; the audit log's rows of the
 * set's branch included), in one query: equal before and after a call when the call wrote nothing of the set.
 * @returns an md5 hex digest per table, joined
 */
export async function plantedFingerprint(db: Db, id: number): Promise<string> {
  const result = await db.execute(sql`
    select table_name::text as table_name, array_agg(column_name::text order by column_name) as columns
    from information_schema.columns
    where table_schema = 'public' and column_name in (${sql.join(
      SET_COLUMNS.map((c) => sql`${c}`),
      sql`, `,
    )})
    group by table_name order by table_name`);
  const tables = rowsOf<{ table_name: string; columns: string[] }>(result);
  const parts = tables.map(({ table_name, columns }) => {
    const conditions = columns.map((c) => sql`${sql.identifier(c)} = ${id}`);
    return sql`select ${table_name}::text as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h
      from ${sql.identifier(table_name)} x where ${sql.join(conditions, sql` or `)}`;
  });
  const digest = await db.execute(sql.join(parts, sql` union all `));
  return rowsOf<{ t: string; h: string }>(digest)
    .map((r) => `${r.t}:${r.h}`)
    .join(',');
}
