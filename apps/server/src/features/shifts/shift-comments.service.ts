import { and, asc, eq } from 'drizzle-orm';
import type { CreateShiftCommentInput, ShiftCommentOutput, UpdateShiftCommentInput } from '@hearth/shared/shifts/shifts.schema';
import { inBranchScope, type Scope } from '../../auth/scope';
import { AppError, notFound } from '../../errors/app-error';
import { users } from '../users/users.schema';
import { shiftComments, shifts } from './shifts.schema';
import { findShift } from './shifts.lookup';

/** A shift's comments with their authors' names, by a condition on them, oldest first (a conversation). */
async function selectComments(scope: Scope, shiftId: number, id?: number): Promise<ShiftCommentOutput[]> {
  const rows = await scope.db
    .select({ comment: shiftComments, userName: users.name })
    .from(shiftComments)
    .leftJoin(users, eq(users.id, shiftComments.userId))
    .where(and(eq(shiftComments.shiftId, shiftId), id ? eq(shiftComments.id, id) : undefined))
    .orderBy(asc(shiftComments.createdAt), asc(shiftComments.id));
  return rows.map(({ comment: c, userName }) => ({
    id: c.id,
    scheduleId: c.shiftId,
    userId: c.userId,
    userName,
    body: c.body,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  }));
}

/**
 * A shift's comments (getShiftComments {scheduleId}), oldest first, each with its author's name.
 * @returns ShiftCommentOutput[].
 * @throws AppError NOT_FOUND "Shift N not found" when missing or another branch's.
 */
export async function getShiftComments({ scope, input }: { scope: Scope; input: { scheduleId: number } }) {
  const { row } = await findShift(scope, input.scheduleId);
  return selectComments(scope, row.id);
}

/**
 * Adds a comment to a shift in scope (createShiftComment {scheduleId, body}); the author is the caller.
 * @returns ShiftCommentOutput.
 * @throws AppError NOT_FOUND "Shift N not found".
 */
export async function createShiftComment({
  scope,
  input,
}: {
  scope: Scope;
  input: CreateShiftCommentInput;
}): Promise<ShiftCommentOutput> {
  const { row: shift } = await findShift(scope, input.scheduleId);
  const [row] = await scope.db
    .insert(shiftComments)
    .values({ shiftId: shift.id, userId: scope.userId, body: input.body })
    .returning({ id: shiftComments.id });
  return (await selectComments(scope, shift.id, row!.id))[0]!;
}

/**
 * A comment of a shift in scope that the caller wrote, locked for the change.
 * @throws AppError NOT_FOUND "Comment N not found" when missing or its shift is another branch's; FORBIDDEN
 * "Only the author may edit or delete a comment" for someone else's.
 */
async function ownComment(scope: Scope, id: number) {
  const [row] = await scope.db
    .select({ id: shiftComments.id, shiftId: shiftComments.shiftId, userId: shiftComments.userId })
    .from(shiftComments)
    .innerJoin(shifts, eq(shifts.id, shiftComments.shiftId))
    .where(and(eq(shiftComments.id, id), inBranchScope(scope, shifts.branchId)))
    .for('update', { of: shiftComments });
  if (!row) throw notFound('Comment', id);
  if (row.userId !== scope.userId) throw new AppError('FORBIDDEN', 'Only the author may edit or delete a comment');
  return row;
}

/**
 * Edits a comment (updateShiftComment {id, body}); only its author may.
 * @returns ShiftCommentOutput.
 * @throws AppError NOT_FOUND "Comment N not found"; FORBIDDEN for another user's comment.
 */
export async function updateShiftComment({
  scope,
  input,
}: {
  scope: Scope;
  input: UpdateShiftCommentInput;
}): Promise<ShiftCommentOutput> {
  const comment = await ownComment(scope, input.id);
  await scope.db.update(shiftComments).set({ body: input.body, updatedAt: new Date() }).where(eq(shiftComments.id, comment.id));
  return (await selectComments(scope, comment.shiftId, comment.id))[0]!;
}

/**
 * Deletes a comment (deleteShiftComment {id}); only its author may.
 * @returns {id} of the deleted comment.
 * @throws AppError NOT_FOUND "Comment N not found"; FORBIDDEN for another user's comment.
 */
export async function deleteShiftComment({ scope, input }: { scope: Scope; input: { id: number } }) {
  const comment = await ownComment(scope, input.id);
  await scope.db.delete(shiftComments).where(eq(shiftComments.id, comment.id));
  return { id: comment.id };
}
