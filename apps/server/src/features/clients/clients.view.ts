import { sql } from 'drizzle-orm';
import { inBranchScope } from '../../auth/scope';
import type { ViewDefinition } from '../views/views.registry';
import { personViewBasics, personViewColumns } from '../records/records.view';
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
  ...personViewBasics('clients'),
  columns: [
    ...personViewColumns('clients', CLIENT_STATUSES, CLIENT_STATUS_LABELS),
    { key: 'payerName', label: 'Payer', type: 'text', sql: sql`payer_sources.name` },
    { key: 'city', label: 'City', type: 'text', sql: sql`client_addresses.city`, searchable: true },
    { key: 'dateOfBirth', label: 'Date of birth', type: 'date', display: 'dateOfBirth', sql: sql`clients.date_of_birth` },
    { key: 'phoneNumber', label: 'Phone', type: 'text', sql: sql`clients.phone_number` },
    { key: 'medicaidId', label: 'Medicaid ID', type: 'text', sql: sql`clients.medicaid_id`, visibleByDefault: false },
    { key: 'createdAt', label: 'Created', type: 'datetime', sql: sql`clients.created_at`, visibleByDefault: false },
  ],
  rowLink: '/clients/{id}',
};
