import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { inBranchScope, type Scope } from '../../auth/scope';
import { fileExports } from './file-exports.schema';

/**
 * Exports a scope may see (getFileExport, the fileExports view): system level every one; otherwise its company's,
 * and of those, company level every one, branch level those of a branch in its scope plus the ones it queued
 * itself without a branch. An export without a branch covers every branch its requester reached, so another
 * branch user may not download it (it would show branches outside their own scope).
 */
export function fileExportInScope(scope: Scope): SQL {
  if (scope.level === 'system') return sql`true`;
  if (scope.level === 'none' || scope.companyId === null) return sql`false`;
  const company = eq(fileExports.companyId, scope.companyId);
  if (scope.level === 'company') return company;
  return and(
    company,
    or(
      inBranchScope(scope, fileExports.branchId),
      and(isNull(fileExports.branchId), eq(fileExports.createdByUserId, scope.actorUserId)),
    ),
  )!;
}
