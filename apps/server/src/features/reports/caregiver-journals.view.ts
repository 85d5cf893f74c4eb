import { sql } from 'drizzle-orm';
import { inBranchScope } from '../../auth/scope';
import { caregivers } from '../caregivers/caregivers.schema';
import type { ViewDefinition } from '../views/views.registry';
import { journalColumns, personColumns } from './reports.columns';

/**
 * The caregiver journals report (issue "Payroll, billing, reports" item 3): every journal entry (docs/glossary.md
 * "Journal entry") on the record of a caregiver in the caller's branches, with its author, latest first.
 */
export const reportCaregiverJournalsView: ViewDefinition = {
  name: 'reportCaregiverJournals',
  label: 'Caregiver journals',
  tables: ['caregiver_journal_entries', 'caregivers', 'branches', 'users'],
  source: (scope) => ({
    from: sql`caregiver_journal_entries entries
      join caregivers on caregivers.id = entries.caregiver_id
      join branches on branches.id = caregivers.branch_id
      left join users on users.id = entries.author_user_id`,
    where: inBranchScope(scope, caregivers.branchId),
  }),
  timeZone: sql`branches.timezone`,
  id: sql`entries.id`,
  optionLabel: sql`entries.subject`,
  columns: [...personColumns('caregivers'), ...journalColumns()],
  defaultSort: [
    { column: 'entryDate', direction: 'desc' },
    { column: 'lastName', direction: 'asc' },
  ],
  rowLink: '/caregivers/{caregiverId}/profile',
};
