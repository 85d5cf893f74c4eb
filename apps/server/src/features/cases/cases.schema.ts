import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CASE_PRIORITIES, CASE_STATUSES, CASE_TYPE_STATUSES } from '@hearth/shared/cases/cases.constants';
import { companies } from '../companies/companies.schema';
import { branches } from '../branches/branches.schema';
import { clients } from '../clients/clients.schema';
import { caregivers } from '../caregivers/caregivers.schema';
import { shifts } from '../shifts/shifts.schema';
import { users } from '../users/users.schema';

/*
 * Cases (issue 24): incidents, complaints and changes of condition from report to resolution. Statuses and
 * priorities follow FHIR R4 Task; a case module is a care form (care_forms.case_id). cases, case_comments and
 * case_attachments are audited (migration 0031_cases), which is the case's history (cases.history).
 */

/**
 * A company's case type with its default priority, whether caregivers report it from the phone, and deadlines in
 * hours after the report (null: none). `code` names the defaults (incident, complaint, change-of-condition).
 */
export const caseTypes = pgTable(
  'case_types',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    code: text('code'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    defaultPriority: text('default_priority', { enum: CASE_PRIORITIES }).notNull().default('routine'),
    status: text('status', { enum: CASE_TYPE_STATUSES }).notNull().default('active'),
    reportableByCaregivers: boolean('reportable_by_caregivers').notNull().default(false),
    acknowledgeWithinHours: integer('acknowledge_within_hours'),
    stateReportWithinHours: integer('state_report_within_hours'),
    resolveWithinHours: integer('resolve_within_hours'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('case_types_priority_check', sql`${t.defaultPriority} in ('routine', 'urgent', 'asap', 'stat')`),
    check('case_types_status_check', sql`${t.status} in ('active', 'retired')`),
    uniqueIndex('case_types_company_code_idx').on(t.companyId, t.code),
  ],
);

/**
 * A module of a case type: a care form type lineage (care_form_types.lineage_id; its latest active version is
 * started) at a position, `required` before the case completes.
 */
export const caseTypeModules = pgTable(
  'case_type_modules',
  {
    id: serial('id').primaryKey(),
    caseTypeId: integer('case_type_id')
      .notNull()
      .references(() => caseTypes.id, { onDelete: 'cascade' }),
    careFormTypeLineageId: integer('care_form_type_lineage_id').notNull(),
    position: integer('position').notNull(),
    required: boolean('required').notNull().default(false),
  },
  (t) => [index('case_type_modules_type_idx').on(t.caseTypeId, t.position)],
);

/** Who handles a type's cases in a branch: `assign_new` takes new cases (the lowest id first), `notify` is told. */
export const caseAdmins = pgTable(
  'case_admins',
  {
    id: serial('id').primaryKey(),
    caseTypeId: integer('case_type_id')
      .notNull()
      .references(() => caseTypes.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    assignNew: boolean('assign_new').notNull().default(false),
    notify: boolean('notify').notNull().default(true),
  },
  (t) => [uniqueIndex('case_admins_type_branch_user_idx').on(t.caseTypeId, t.branchId, t.userId)],
);

/**
 * A case. `number` counts 1, 2, 3 per company (shown CASE-000123). Due dates are computed from the type when it is
 * reported (case-deadlines.ts); `acknowledged_at` is the first move to accepted or in-progress. `client_record_id`
 * is the phone's UUID for an offline report, unique so a replay never opens it twice.
 */
export const cases = pgTable(
  'cases',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    number: integer('number').notNull(),
    caseTypeId: integer('case_type_id')
      .notNull()
      .references(() => caseTypes.id),
    status: text('status', { enum: CASE_STATUSES }).notNull(),
    priority: text('priority', { enum: CASE_PRIORITIES }).notNull(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    shiftId: integer('shift_id').references(() => shifts.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    reportedByUserId: integer('reported_by_user_id')
      .notNull()
      .references(() => users.id),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
    assigneeUserId: integer('assignee_user_id').references(() => users.id),
    acknowledgeDueAt: timestamp('acknowledge_due_at', { withTimezone: true }),
    stateReportDueAt: timestamp('state_report_due_at', { withTimezone: true }),
    resolveDueAt: timestamp('resolve_due_at', { withTimezone: true }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    stateReportedAt: timestamp('state_reported_at', { withTimezone: true }),
    stateReportNote: text('state_report_note'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    lastReason: text('last_reason'),
    clientRecordId: uuid('client_record_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('cases_status_check', sql`${t.status} in ('draft', 'requested', 'accepted', 'in-progress', 'completed', 'cancelled')`),
    check('cases_priority_check', sql`${t.priority} in ('routine', 'urgent', 'asap', 'stat')`),
    uniqueIndex('cases_company_number_idx').on(t.companyId, t.number),
    uniqueIndex('cases_client_record_idx').on(t.reportedByUserId, t.clientRecordId),
    index('cases_branch_idx').on(t.branchId, t.reportedAt.desc()),
    index('cases_client_idx').on(t.clientId),
    index('cases_reporter_idx').on(t.reportedByUserId),
  ],
);

/** The caregivers a case names as involved. */
export const caseCaregivers = pgTable(
  'case_caregivers',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    caregiverId: integer('caregiver_id')
      .notNull()
      .references(() => caregivers.id),
  },
  (t) => [uniqueIndex('case_caregivers_case_caregiver_idx').on(t.caseId, t.caregiverId)],
);

/** A comment on a case by the office. */
export const caseComments = pgTable(
  'case_comments',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    authorUserId: integer('author_user_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('case_comments_case_idx').on(t.caseId, t.id)],
);

/**
 * A file of a case (a photo from the field or an office upload), stored through the storage driver under
 * `cases/<caseId>/<uuid>`; `status` turns 'uploaded' when the bytes arrive. The storage key never leaves the server.
 */
export const caseAttachments = pgTable(
  'case_attachments',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    uploadedByUserId: integer('uploaded_by_user_id')
      .notNull()
      .references(() => users.id),
    storageKey: text('storage_key').notNull(),
    filename: text('filename').notNull(),
    /** Bytes. */
    size: integer('size').notNull(),
    contentType: text('content_type').notNull(),
    status: text('status', { enum: ['pending', 'uploaded'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('case_attachments_status_check', sql`${t.status} in ('pending', 'uploaded')`),
    uniqueIndex('case_attachments_storage_key_idx').on(t.storageKey),
    index('case_attachments_case_idx').on(t.caseId),
  ],
);
