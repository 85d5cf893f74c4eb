import { eq } from 'drizzle-orm';
import type { Scope } from '../../auth/scope';
import { AppError } from '../../errors/app-error';
import { clientRecordReceipts } from './visits.schema';

/** What a receipt row holds while the first call that claimed it is still running (same transaction only). */
const PENDING = { pending: true } as const;

/**
 * Runs a record the caregiver app sends with a device-generated id at most once (issue "caregiver app" item 6: a
 * replay never creates a second entry). The first call claims `clientRecordId` in client_record_receipts, runs `fn`
 * and stores its result, all in the request's transaction (a failure rolls the claim back with the record). A
 * later call of the same user with the same id answers the stored result and runs nothing.
 *
 * Concurrent replays: the claim is `INSERT ... ON CONFLICT DO NOTHING`, so on PostgreSQL a second transaction
 * with the same id waits on the first one's uncommitted row, then finds it and answers its result (or, when the
 * first rolled back, claims the id itself). `fn`'s result must be plain JSON (ISO strings, not Dates): a replay
 * answers it as read back from jsonb.
 * @param action the procedure that records it (e.g. 'caregiverAppCheckInOut'); an id used by another action is
 * refused, since its stored result would not answer this call.
 * @returns fn's result, or the stored result of the first call.
 * @throws AppError CONFLICT "This record id was already used" when the id belongs to another user or another
 * action; whatever `fn` throws (nothing is stored then).
 */
export async function withReceipt<T>(scope: Scope, clientRecordId: string, action: string, fn: () => Promise<T>): Promise<T> {
  const claimed = await scope.db
    .insert(clientRecordReceipts)
    .values({ clientRecordId, userId: scope.userId, action, result: PENDING })
    .onConflictDoNothing({ target: clientRecordReceipts.clientRecordId })
    .returning({ id: clientRecordReceipts.clientRecordId });
  if (claimed.length === 0) return storedResult<T>(scope, clientRecordId, action);
  const result = await fn();
  await scope.db
    .update(clientRecordReceipts)
    .set({ result: { result: result ?? null } })
    .where(eq(clientRecordReceipts.clientRecordId, clientRecordId));
  return result;
}

/**
 * The stored result of a receipt already claimed, read in full (not from a snapshot: the claim above waited for
 * the transaction that wrote it to end).
 * @throws AppError CONFLICT "This record id was already used" for another user's or another action's id, or one
 * claimed earlier in this same transaction and not finished (a nested use of one id).
 */
async function storedResult<T>(scope: Scope, clientRecordId: string, action: string): Promise<T> {
  const [row] = await scope.db
    .select({ userId: clientRecordReceipts.userId, action: clientRecordReceipts.action, result: clientRecordReceipts.result })
    .from(clientRecordReceipts)
    .where(eq(clientRecordReceipts.clientRecordId, clientRecordId));
  const stored = row?.result as { result?: T } | undefined;
  if (!row || row.userId !== scope.userId || row.action !== action || !stored || !('result' in stored)) {
    throw new AppError('CONFLICT', 'This record id was already used');
  }
  return stored.result as T;
}
