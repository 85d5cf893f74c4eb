import type { Db } from '../../db/client';
import type { Scope } from '../../auth/scope';
import { accessLog } from './access-log.schema';

/** One access log entry as written (access-log.schema.ts); every field but the action optional. */
export type AccessEntry = Omit<typeof accessLog.$inferInsert, 'id'>;

/**
 * Appends one entry to the access log (HIPAA 45 CFR 164.312(b)). Written in the caller's transaction when given a
 * request's db, so an entry about a read that failed and rolled back goes with it.
 * @param db the database or the request's transaction.
 */
export async function recordAccess(db: Db, entry: AccessEntry): Promise<void> {
  await db.insert(accessLog).values(entry);
}

/**
 * Appends an entry about something the caller of a request did: the signed-in user (the administrator while
 * impersonating), the impersonated user and the company filled from the scope.
 * @param entry what was done: action, record, detail.
 */
export async function recordScopeAccess(scope: Scope, entry: Omit<AccessEntry, 'userId' | 'impersonatedUserId' | 'companyId'>) {
  await recordAccess(scope.db, {
    ...entry,
    userId: scope.actorUserId,
    impersonatedUserId: scope.actorUserId === scope.userId ? null : scope.userId,
    companyId: scope.companyId,
  });
}
