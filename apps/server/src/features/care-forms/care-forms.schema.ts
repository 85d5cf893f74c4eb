import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Questionnaire, QuestionnaireResponseItem } from '@hearth/shared/care-forms/care-forms.schema';
import {
  CARE_FORM_CATEGORIES,
  CARE_FORM_STATUSES,
  CARE_FORM_TYPE_STATUSES,
} from '@hearth/shared/care-forms/care-forms.constants';
import { companies } from '../companies/companies.schema';
import { clients } from '../clients/clients.schema';
import { shifts } from '../shifts/shifts.schema';
import { users } from '../users/users.schema';

/*
 * Care forms (issue 23; docs/decisions/0006-fhir-for-care-forms.md). A type is a FHIR R4 Questionnaire kept as
 * jsonb; its versions are rows of one lineage. A form is a QuestionnaireResponse's items for a client; each signed
 * version an amendment replaces is kept in care_form_versions. care_forms and care_form_types are audited (migration
 * 0030_care_forms), so every save of answers is in audit_log too.
 */

/**
 * One version of a company's care form type. `lineage_id` is the id of the lineage's first version (so version 1
 * has lineage_id = id); versions count 1, 2, 3 within a lineage. `frozen` turns true once a form uses the version:
 * its definition never changes after, and an edit inserts version + 1 (care-form-types.service.ts). `status` is
 * kept equal across a lineage's versions (setStatus writes them all); only `active` types start forms.
 * `built_in_key` names the shipped type it was copied from (packages/shared/src/care-forms/built-in-types.ts).
 */
export const careFormTypes = pgTable(
  'care_form_types',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    lineageId: integer('lineage_id').notNull(),
    version: integer('version').notNull().default(1),
    name: text('name').notNull(),
    category: text('category', { enum: CARE_FORM_CATEGORIES }).notNull(),
    status: text('status', { enum: CARE_FORM_TYPE_STATUSES }).notNull().default('draft'),
    caregiverMayStart: boolean('caregiver_may_start').notNull().default(false),
    definition: jsonb('definition').$type<Questionnaire>().notNull(),
    frozen: boolean('frozen').notNull().default(false),
    builtInKey: text('built_in_key'),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'care_form_types_category_check',
      sql`${t.category} in ('intake', 'supervisory', 'change-of-condition', 'incident', 'assessment', 'other')`,
    ),
    check('care_form_types_status_check', sql`${t.status} in ('draft', 'active', 'retired')`),
    check('care_form_types_version_check', sql`${t.version} >= 1`),
    uniqueIndex('care_form_types_lineage_version_idx').on(t.lineageId, t.version),
    index('care_form_types_company_idx').on(t.companyId, t.lineageId),
  ],
);

/**
 * A care form: the answers (QuestionnaireResponse.item) to one type version for a client, optionally about a visit
 * and assigned to the user who is to fill it. `version` counts signed versions: 1 until the first amendment. The
 * current version's signature (a PNG data URL), signer and time are here; the earlier ones in care_form_versions.
 * Scope is the client's branch (clients.branch_id); a caregiver reaches only forms assigned to or created by them.
 */
export const careForms = pgTable(
  'care_forms',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    typeId: integer('type_id')
      .notNull()
      .references(() => careFormTypes.id),
    shiftId: integer('shift_id').references(() => shifts.id, { onDelete: 'set null' }),
    assigneeUserId: integer('assignee_user_id').references(() => users.id),
    status: text('status', { enum: CARE_FORM_STATUSES }).notNull().default('in-progress'),
    version: integer('version').notNull().default(1),
    items: jsonb('items').$type<QuestionnaireResponseItem[]>().notNull().default([]),
    signature: text('signature'),
    signedByUserId: integer('signed_by_user_id').references(() => users.id),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    amendmentReason: text('amendment_reason'),
    /** The case this form is a module of (cases.id) and the module (case_type_modules.id); null outside cases. */
    caseId: integer('case_id'),
    caseTypeModuleId: integer('case_type_module_id'),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('care_forms_status_check', sql`${t.status} in ('in-progress', 'completed', 'amended')`),
    check('care_forms_version_check', sql`${t.version} >= 1`),
    index('care_forms_client_idx').on(t.clientId, t.updatedAt.desc()),
    index('care_forms_assignee_idx').on(t.assigneeUserId),
    index('care_forms_created_by_idx').on(t.createdByUserId),
    index('care_forms_shift_idx').on(t.shiftId),
    index('care_forms_type_idx').on(t.typeId),
    index('care_forms_case_idx').on(t.caseId),
  ],
);

/**
 * A signed version of a form kept when the form is amended (issue 23 item 2: an amendment keeps the earlier
 * version): its answers, signature, signer and time as they were, and the reason that opened the version (null for
 * version 1). Written once, never changed.
 */
export const careFormVersions = pgTable(
  'care_form_versions',
  {
    id: serial('id').primaryKey(),
    formId: integer('form_id')
      .notNull()
      .references(() => careForms.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    status: text('status', { enum: CARE_FORM_STATUSES }).notNull(),
    items: jsonb('items').$type<QuestionnaireResponseItem[]>().notNull(),
    signature: text('signature'),
    signedByUserId: integer('signed_by_user_id').references(() => users.id),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    amendmentReason: text('amendment_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('care_form_versions_form_version_idx').on(t.formId, t.version)],
);
