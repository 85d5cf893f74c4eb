import { sql } from 'drizzle-orm';
import {
  CARE_FORM_CATEGORIES,
  CARE_FORM_STATUSES,
  type CareFormCategory,
  type CareFormStatus,
} from '@hearth/shared/care-forms/care-forms.constants';
import type { ViewDefinition } from '../views/views.registry';
import { formReach } from './care-forms.read';

const STATUS_LABELS: Record<CareFormStatus, string> = {
  'in-progress': 'In progress',
  completed: 'Completed',
  amended: 'Amended',
};

const CATEGORY_LABELS: Record<CareFormCategory, string> = {
  intake: 'Intake',
  supervisory: 'Supervisory visit',
  'change-of-condition': 'Change of condition',
  incident: 'Incident',
  assessment: 'Assessment',
  other: 'Other',
};

/**
 * The care forms list (/care-forms; issue 23 item 2) as a backend view: type, client, status, version, when created,
 * changed and completed, who is to fill it and who signed it, newest change first. Scoped as careForms.detail
 * (care-forms.read.ts formReach: the client's branch in the caller's scope). Type names are not a permissioned
 * table: a type is the agency's blank form, no one's data.
 */
export const careFormsView: ViewDefinition = {
  name: 'careForms',
  label: 'Care forms',
  tables: ['care_forms', 'clients', 'branches', 'users'],
  source: (scope) => ({
    from: sql`care_forms join care_form_types on care_form_types.id = care_forms.type_id
      join clients on clients.id = care_forms.client_id
      join branches on branches.id = clients.branch_id
      left join users assignee on assignee.id = care_forms.assignee_user_id
      left join users signer on signer.id = care_forms.signed_by_user_id`,
    where: formReach(scope),
  }),
  timeZone: sql`branches.timezone`,
  id: sql`care_forms.id`,
  optionLabel: sql`care_form_types.name || ' #' || care_forms.id`,
  columns: [
    { key: 'id', label: 'ID', type: 'number', sql: sql`care_forms.id`, visibleByDefault: false },
    { key: 'typeName', label: 'Type', type: 'text', sql: sql`care_form_types.name`, searchable: true },
    {
      key: 'category',
      label: 'Category',
      type: 'enum',
      sql: sql`care_form_types.category`,
      options: CARE_FORM_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] })),
      visibleByDefault: false,
    },
    {
      key: 'clientName',
      label: 'Client',
      type: 'text',
      sql: sql`clients.first_name || ' ' || clients.last_name`,
      searchable: true,
    },
    { key: 'clientId', label: 'Client ID', type: 'number', sql: sql`care_forms.client_id`, visibleByDefault: false },
    { key: 'branchName', label: 'Branch', type: 'text', sql: sql`branches.name`, visibleByDefault: false },
    {
      key: 'status',
      label: 'Status',
      type: 'enum',
      sql: sql`care_forms.status`,
      options: CARE_FORM_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })),
    },
    { key: 'version', label: 'Version', type: 'number', sql: sql`care_forms.version` },
    { key: 'createdAt', label: 'Created', type: 'datetime', sql: sql`care_forms.created_at` },
    { key: 'updatedAt', label: 'Updated', type: 'datetime', sql: sql`care_forms.updated_at` },
    { key: 'completedAt', label: 'Completed', type: 'datetime', sql: sql`care_forms.signed_at` },
    { key: 'assigneeName', label: 'Assignee', type: 'text', sql: sql`assignee.name`, searchable: true },
    { key: 'completedByName', label: 'Completed by', type: 'text', sql: sql`signer.name`, searchable: true },
  ],
  defaultSort: [{ column: 'updatedAt', direction: 'desc' }],
  rowLink: '/care-forms/{id}',
};
