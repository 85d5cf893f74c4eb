import { sql } from 'drizzle-orm';
import { inBranchScope } from '../../auth/scope';
import { clients } from '../clients/clients.schema';
import type { ViewDefinition } from '../views/views.registry';
import { fileColumns, personColumns } from './reports.columns';

/**
 * The client files report (issue "Payroll, billing, reports" item 3): every file on the record of a client in
 * the caller's branches, with its size in bytes, upload status and uploader; a row opens the file's preview.
 */
export const reportClientFilesView: ViewDefinition = {
  name: 'reportClientFiles',
  label: 'Client files',
  tables: ['client_files', 'clients', 'branches', 'users'],
  source: (scope) => ({
    from: sql`client_files files
      join clients on clients.id = files.client_id
      join branches on branches.id = clients.branch_id
      left join users on users.id = files.uploaded_by_user_id`,
    where: inBranchScope(scope, clients.branchId),
  }),
  timeZone: sql`branches.timezone`,
  id: sql`files.id`,
  optionLabel: sql`files.filename`,
  columns: [
    { key: 'id', label: 'File ID', type: 'number', sql: sql`files.id`, visibleByDefault: false },
    ...personColumns('clients'),
    ...fileColumns(),
  ],
  defaultSort: [{ column: 'createdAt', direction: 'desc' }],
  rowLink: '/clients/{clientId}/files/{id}',
};
