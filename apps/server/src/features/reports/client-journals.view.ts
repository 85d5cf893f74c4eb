import { sql } from 'drizzle-orm';
import { inBranchScope } from '../../auth/scope';
import { clients } from '../clients/clients.schema';
import type { ViewDefinition } from '../views/views.registry';
import { journalColumns, personColumns } from './reports.columns';

/**
 * The client journals report (issue "Payroll, billing, reports" item 3): every journal entry (docs/glossary.md
 * "Journal entry") on the record of a client in the caller's branches, with its author, latest first.
 */
export const reportClientJournalsView: ViewDefinition = {
  name: 'reportClientJournals',
  label: 'Client journals',
  tables: ['client_journal_entries', 'clients', 'branches', 'users'],
  source: (scope) => ({
    from: sql`client_journal_entries entries
      join clients on clients.id = entries.client_id
      join branches on branches.id = clients.branch_id
      left join users on users.id = entries.author_user_id`,
    where: inBranchScope(scope, clients.branchId),
  }),
  timeZone: sql`branches.timezone`,
  id: sql`entries.id`,
  optionLabel: sql`entries.subject`,
  columns: [...personColumns('clients'), ...journalColumns()],
  defaultSort: [
    { column: 'entryDate', direction: 'desc' },
    { column: 'lastName', direction: 'asc' },
  ],
  rowLink: '/clients/{clientId}/profile',
};
