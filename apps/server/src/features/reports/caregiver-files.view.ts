import { sql } from 'drizzle-orm';
import { inBranchScope } from '../../auth/scope';
import { caregivers } from '../caregivers/caregivers.schema';
import type { ViewDefinition } from '../views/views.registry';
import { fileColumns, personColumns } from './reports.columns';

/**
 * The caregiver files report (issue "Payroll, billing, reports" item 3): every file on the record of a caregiver in
 * the caller's branches, with its size in bytes, upload status and uploader; a row opens the file's preview.
 */
export const reportCaregiverFilesView: ViewDefinition = {
  name: 'reportCaregiverFiles',
  label: 'Caregiver files',
  tables: ['caregiver_files', 'caregivers', 'branches', 'users'],
  source: (scope) => ({
    from: sql`caregiver_files files
      join caregivers on caregivers.id = files.caregiver_id
      join branches on branches.id = caregivers.branch_id
      left join users on users.id = files.uploaded_by_user_id`,
    where: inBranchScope(scope, caregivers.branchId),
  }),
  timeZone: sql`branches.timezone`,
  id: sql`files.id`,
  optionLabel: sql`files.filename`,
  columns: [
    { key: 'id', label: 'File ID', type: 'number', sql: sql`files.id`, visibleByDefault: false },
    ...personColumns('caregivers'),
    ...fileColumns(),
  ],
  defaultSort: [{ column: 'createdAt', direction: 'desc' }],
  rowLink: '/caregivers/{caregiverId}/files/{id}',
};
