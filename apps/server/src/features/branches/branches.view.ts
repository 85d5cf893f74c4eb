import { sql } from 'drizzle-orm';
import { inBranchScope } from '../../auth/scope';
import type { ViewDefinition } from '../views/views.registry';
import { branches } from './branches.schema';

/** The branches list (/admin/branches) as a backend view, scoped to the caller's branches. */
export const branchesView: ViewDefinition = {
  name: 'branches',
  label: 'Branches',
  tables: ['branches'],
  source: (scope) => ({ from: sql`branches`, where: inBranchScope(scope, branches.id) }),
  timeZone: sql`branches.timezone`,
  id: sql`branches.id`,
  optionLabel: sql`branches.name`,
  columns: [
    { key: 'id', label: 'ID', type: 'number', sql: sql`branches.id`, visibleByDefault: false },
    { key: 'name', label: 'Name', type: 'text', sql: sql`branches.name`, searchable: true },
    { key: 'addressLine1', label: 'Address', type: 'text', sql: sql`branches.address_line1`, searchable: true },
    { key: 'city', label: 'City', type: 'text', sql: sql`branches.city`, searchable: true },
    { key: 'state', label: 'State', type: 'text', sql: sql`branches.state` },
    { key: 'zip', label: 'ZIP', type: 'text', sql: sql`branches.zip` },
    { key: 'timezone', label: 'Time zone', type: 'text', sql: sql`branches.timezone` },
    { key: 'geofenceRadiusMetres', label: 'Geofence (m)', type: 'number', sql: sql`branches.geofence_radius_metres` },
    { key: 'createdAt', label: 'Created', type: 'datetime', sql: sql`branches.created_at`, visibleByDefault: false },
  ],
  defaultSort: [{ column: 'name', direction: 'asc' }],
  rowLink: '/admin/branches/{id}',
};
