import { sql } from 'drizzle-orm';
import { inBranchScope } from '../../auth/scope';
import type { ViewDefinition } from '../views/views.registry';
import { CLIENT_STATUSES, CLIENT_STATUS_LABELS } from '@hearth/shared/clients/clients.constants';
import { clients } from './clients.schema';

/** The clients list (/clients) as a backend view, scoped to the caller's branches. */
export const clientsView: ViewDefinition = {
  name: 'clients',
  label: 'Clients',
  tables: ['clients', 'client_addresses', 'branches', 'payer_sources'],
  source: (scope) => ({
    from: sql`clients join branches on branches.id = clients.branch_id
      left join client_addresses on client_addresses.client_id = clients.id and client_addresses.is_primary
      left join payer_sources on payer_sources.id = clients.primary_payer_source_id`,
    where: inBranchScope(scope, clients.branchId),
  }),
  timeZone: sql`branches.timezone`,
  id: sql`clients.id`,
  optionLabel: sql`clients.last_name || ', ' || clients.first_name`,
  columns: [
    { key: 'id', label: 'ID', type: 'number', sql: sql`clients.id`, visibleByDefault: false },
    { key: 'lastName', label: 'Last name', type: 'text', sql: sql`clients.last_name`, searchable: true },
    { key: 'firstName', label: 'First name', type: 'text', sql: sql`clients.first_name`, searchable: true },
    {
      key: 'status',
      label: 'Status',
      type: 'enum',
      sql: sql`clients.status`,
      options: CLIENT_STATUSES.map((value) => ({ value, label: CLIENT_STATUS_LABELS[value] })),
    },
    { key: 'branchName', label: 'Branch', type: 'text', sql: sql`branches.name` },
    { key: 'payerName', label: 'Payer', type: 'text', sql: sql`payer_sources.name` },
    { key: 'city', label: 'City', type: 'text', sql: sql`client_addresses.city`, searchable: true },
    { key: 'dateOfBirth', label: 'Date of birth', type: 'date', display: 'dateOfBirth', sql: sql`clients.date_of_birth` },
    { key: 'phoneNumber', label: 'Phone', type: 'text', sql: sql`clients.phone_number` },
    { key: 'medicaidId', label: 'Medicaid ID', type: 'text', sql: sql`clients.medicaid_id`, visibleByDefault: false },
    { key: 'createdAt', label: 'Created', type: 'datetime', sql: sql`clients.created_at`, visibleByDefault: false },
  ],
  defaultSort: [
    { column: 'lastName', direction: 'asc' },
    { column: 'firstName', direction: 'asc' },
  ],
  rowLink: '/clients/{id}',
};
