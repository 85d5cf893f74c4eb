import { z } from 'zod';
import { ZIdInput } from '@hearth/shared/records/records.fields';
import {
  ZCreateShiftCommentInput,
  ZCreateShiftInput,
  ZDeleteShiftInput,
  ZDeleteShiftOutput,
  ZGetLateVisitsInput,
  ZGetShiftsInput,
  ZLateVisitOutput,
  ZSaveShiftTimesheetInput,
  ZScheduleIdInput,
  ZShiftChangeOutput,
  ZShiftCommentOutput,
  ZShiftListItem,
  ZShiftOutput,
  ZShiftReminderOutput,
  ZShiftSaveOutput,
  ZUpdateShiftCommentInput,
  ZUpdateShiftInput,
} from '@hearth/shared/shifts/shifts.schema';
import { permissionProcedure, router } from '../../trpc/init';
import * as shiftsService from './shifts.service';
import * as timesheets from '../visits/visits.timesheets.service';
import * as comments from './shift-comments.service';
import * as changes from './shift-changes.service';
import * as reminder from './shift-reminder.service';
import * as late from './shifts.late';

/**
 * The shift procedures (spec section 7 "Shifts"; issue "Scheduling" items 1, 3 and 5). Every one finds the shift
 * (or its client) in the caller's branch scope: another branch's is 404, as a missing one. Outputs are declared,
 * so client and caregiver data leave as a whitelist of fields.
 */
export const shiftsRouter = router({
  /** One shift {id} -> ShiftOutput. */
  getShift: permissionProcedure
    .input(ZIdInput)
    .output(ZShiftOutput)
    .query(({ ctx, input }) => shiftsService.getShift({ scope: ctx.scope, input })),
  /** Shifts overlapping {after, before} (UTC), narrowed by client, caregiver or branch -> ShiftListItem[] (the calendar's fields). */
  getShifts: permissionProcedure
    .input(ZGetShiftsInput)
    .output(z.array(ZShiftListItem))
    .query(({ ctx, input }) => shiftsService.getShifts({ scope: ctx.scope, input })),
  /** Visits running late in the caller's branches {branchId?} (no check-in 15 minutes after the start) -> LateVisitOutput[]. */
  getLateVisits: permissionProcedure
    .input(ZGetLateVisitsInput)
    .output(z.array(ZLateVisitOutput))
    .query(({ ctx, input }) => late.getLateVisits({ scope: ctx.scope, input })),
  /** Creates a shift (or checks it with dryRun) -> {shift, warnings}; 409 on a caregiver overlap or a lock. */
  createShift: permissionProcedure
    .input(ZCreateShiftInput)
    .output(ZShiftSaveOutput)
    .mutation(({ ctx, input }) => shiftsService.createShift({ scope: ctx.scope, input })),
  /** Edits a shift {id, ...fields to change, status?, dryRun?} -> {shift, warnings}. */
  updateShift: permissionProcedure
    .input(ZUpdateShiftInput)
    .output(ZShiftSaveOutput)
    .mutation(({ ctx, input }) => shiftsService.updateShift({ scope: ctx.scope, input })),
  /** Deletes a shift no caregiver has seen, else cancels it with the reason {id, reason?} -> {id, cancelled}. */
  deleteShift: permissionProcedure
    .input(ZDeleteShiftInput)
    .output(ZDeleteShiftOutput)
    .mutation(({ ctx, input }) => shiftsService.deleteShift({ scope: ctx.scope, input })),

  /** Office edit of a visit's times with a reason code {scheduleId, id?, checkIn?, checkOut?, ...} -> ShiftOutput. */
  saveShiftTimesheet: permissionProcedure
    .input(ZSaveShiftTimesheetInput)
    .output(ZShiftOutput)
    .mutation(({ ctx, input }) => timesheets.saveShiftTimesheet({ scope: ctx.scope, input })),
  /** Deletes a timesheet {id} -> the shift as ShiftOutput. */
  deleteTimesheet: permissionProcedure
    .input(ZIdInput)
    .output(ZShiftOutput)
    .mutation(({ ctx, input }) => timesheets.deleteTimesheet({ scope: ctx.scope, input })),

  /** A shift's comments {scheduleId}, oldest first -> ShiftCommentOutput[]. */
  getShiftComments: permissionProcedure
    .input(ZScheduleIdInput)
    .output(z.array(ZShiftCommentOutput))
    .query(({ ctx, input }) => comments.getShiftComments({ scope: ctx.scope, input })),
  /** Adds a comment {scheduleId, body}; the author is the caller -> ShiftCommentOutput. */
  createShiftComment: permissionProcedure
    .input(ZCreateShiftCommentInput)
    .output(ZShiftCommentOutput)
    .mutation(({ ctx, input }) => comments.createShiftComment({ scope: ctx.scope, input })),
  /** Edits one's own comment {id, body} -> ShiftCommentOutput; 403 for another's. */
  updateShiftComment: permissionProcedure
    .input(ZUpdateShiftCommentInput)
    .output(ZShiftCommentOutput)
    .mutation(({ ctx, input }) => comments.updateShiftComment({ scope: ctx.scope, input })),
  /** Deletes one's own comment {id} -> {id}; 403 for another's. */
  deleteShiftComment: permissionProcedure
    .input(ZIdInput)
    .output(z.object({ id: z.number() }))
    .mutation(({ ctx, input }) => comments.deleteShiftComment({ scope: ctx.scope, input })),

  /** Who changed what on a shift and its timesheets {scheduleId}, newest first -> ShiftChangeOutput[]. */
  getShiftChanges: permissionProcedure
    .input(ZScheduleIdInput)
    .output(z.array(ZShiftChangeOutput))
    .query(({ ctx, input }) => changes.getShiftChanges({ scope: ctx.scope, input })),
  /** Reminds the shift's caregiver by SMS, else email {scheduleId} -> {channel, recipient}. */
  sendShiftReminder: permissionProcedure
    .input(ZScheduleIdInput)
    .output(ZShiftReminderOutput)
    .mutation(({ ctx, input }) => reminder.sendShiftReminder({ scope: ctx.scope, input })),
});
