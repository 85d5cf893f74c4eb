import { and, eq } from 'drizzle-orm';
import { inBranchScope, type Scope } from '../../auth/scope';
import { notFound } from '../../errors/app-error';
import { branches } from '../branches/branches.schema';
import { shifts } from './shifts.schema';

/** A shift found in scope: its row, its branch's time zone and company. */
export interface ScopedShift {
  row: typeof shifts.$inferSelect;
  timezone: string;
  companyId: number;
}

/**
 * Finds a shift in the caller's branch scope: the scope is part of the WHERE clause (auth/scope.ts), so another
 * branch's shift and a missing one look the same. `lock` holds the shift row until the request's transaction
 * ends, so changes to one shift and its timesheets run one at a time.
 * @throws AppError NOT_FOUND "Shift N not found".
 */
export async function findShift(scope: Scope, shiftId: number, options: { lock?: boolean } = {}): Promise<ScopedShift> {
  const query = scope.db
    .select({ row: shifts, timezone: branches.timezone, companyId: branches.companyId })
    .from(shifts)
    .innerJoin(branches, eq(branches.id, shifts.branchId))
    .where(and(eq(shifts.id, shiftId), inBranchScope(scope, shifts.branchId)));
  const [found] = options.lock ? await query.for('update', { of: shifts }) : await query;
  if (!found) throw notFound('Shift', shiftId);
  return found;
}

/** A person's display name from first and last names. */
export function fullName(p: { firstName: string; lastName: string }): string {
  return `${p.firstName} ${p.lastName}`.trim();
}
