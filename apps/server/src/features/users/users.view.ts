import { and, notInArray, sql } from 'drizzle-orm';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import type { ViewDefinition } from '../views/views.registry';
import { users } from './users.schema';
import { userInScope } from './users.service';

const STAFF_ROLE_OPTIONS = ['Branch Manager', 'Company Admin', 'Developer', 'Nurse', 'RVP', 'PRN'].map((name) => ({
  value: name,
  label: name,
}));

/** The staff users list (/admin/users) as a backend view, scoped like getUsers. */
export const usersView: ViewDefinition = {
  name: 'users',
  label: 'Users',
  tables: ['users'],
  source: (scope) => ({
    from: sql`users join roles on roles.id = users.role_id`,
    where: and(userInScope(scope), notInArray(users.roleId, [ROLE_IDS.caregiver, ROLE_IDS.client, ROLE_IDS.trustedContact]))!,
  }),
  id: sql`users.id`,
  optionLabel: sql`users.first_name || ' ' || users.last_name || ' (' || users.username || ')'`,
  columns: [
    { key: 'id', label: 'ID', type: 'number', sql: sql`users.id`, visibleByDefault: false },
    { key: 'username', label: 'Username', type: 'text', sql: sql`users.username`, searchable: true },
    { key: 'firstName', label: 'First name', type: 'text', sql: sql`users.first_name`, searchable: true },
    { key: 'lastName', label: 'Last name', type: 'text', sql: sql`users.last_name`, searchable: true },
    { key: 'email', label: 'Email', type: 'text', sql: sql`users.email`, searchable: true },
    { key: 'phoneNumber', label: 'Phone', type: 'text', sql: sql`users.phone_number` },
    { key: 'roleName', label: 'Role', type: 'enum', sql: sql`roles.name`, options: STAFF_ROLE_OPTIONS },
    { key: 'isActive', label: 'Active', type: 'boolean', sql: sql`users.is_active` },
    {
      key: 'branchNames',
      label: 'Branches',
      type: 'text',
      sql: sql`(select string_agg(b.name, ', ' order by b.name) from "_BranchToUser" bu join branches b on b.id = bu."A" where bu."B" = users.id)`,
      sortable: false,
    },
    { key: 'createdAt', label: 'Created', type: 'datetime', sql: sql`users.created_at`, visibleByDefault: false },
  ],
  defaultSort: [
    { column: 'lastName', direction: 'asc' },
    { column: 'firstName', direction: 'asc' },
  ],
  rowLink: '/admin/users/{id}',
};
