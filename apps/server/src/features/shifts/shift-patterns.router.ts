import { z } from 'zod';
import { ZClientIdInput } from '@hearth/shared/clients/clients.schema';
import {
  ZCreateShiftPatternInput,
  ZDeleteShiftPatternInput,
  ZShiftPatternOutput,
  ZShiftPatternSaveOutput,
  ZUpdateShiftPatternInput,
} from '@hearth/shared/shifts/shift-patterns.schema';
import { permissionProcedure, router } from '../../trpc/init';
import * as patterns from './shift-patterns.service';

/**
 * Recurring visit patterns (issue "Scheduling" item 2). Every procedure finds the client or pattern in the
 * caller's branch scope: another branch's is 404, as a missing one. Outputs are declared, so caregiver data
 * leave as a whitelist of fields.
 */
export const shiftPatternsRouter = router({
  /** A client's patterns {clientId}, by start date -> ShiftPatternOutput[]. */
  getShiftPatterns: permissionProcedure
    .input(ZClientIdInput)
    .output(z.array(ZShiftPatternOutput))
    .query(({ ctx, input }) => patterns.getShiftPatterns({ scope: ctx.scope, input })),
  /** Creates a pattern and generates its shifts over the horizon -> {pattern, generated, openedForConflict}. */
  createShiftPattern: permissionProcedure
    .input(ZCreateShiftPatternInput)
    .output(ZShiftPatternSaveOutput)
    .mutation(({ ctx, input }) => patterns.createShiftPattern({ scope: ctx.scope, input })),
  /** Edits a pattern "this and the following" from {effectiveFrom} -> {pattern in force, generated, openedForConflict}. */
  updateShiftPattern: permissionProcedure
    .input(ZUpdateShiftPatternInput)
    .output(ZShiftPatternSaveOutput)
    .mutation(({ ctx, input }) => patterns.updateShiftPattern({ scope: ctx.scope, input })),
  /** Ends a pattern from {effectiveFrom}; its plain future shifts go -> {id}. */
  deleteShiftPattern: permissionProcedure
    .input(ZDeleteShiftPatternInput)
    .output(z.object({ id: z.number() }))
    .mutation(({ ctx, input }) => patterns.deleteShiftPattern({ scope: ctx.scope, input })),
});
