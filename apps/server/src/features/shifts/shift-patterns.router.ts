import { z } from 'zod';
import { ZClientIdInput } from '@hearth/shared/clients/clients.schema';
import {
  ZCreateShiftPatternInput,
  ZDeleteShiftPatternInput,
  ZShiftPatternOutput,
  ZShiftPatternSaveOutput,
  ZUpdateShiftPatternInput,
  type ShiftPatternSaveOutput,
} from '@hearth/shared/shifts/shift-patterns.schema';
import type { Language } from '@hearth/shared/i18n/languages';
import { permissionProcedure, router } from '../../trpc/init';
import * as patterns from './shift-patterns.service';
import { describedPattern } from './shift-patterns.describe';

/** A save's answer with its pattern's rule in words in the caller's language. */
function inLanguage(saved: ShiftPatternSaveOutput, language: Language): ShiftPatternSaveOutput {
  return { ...saved, pattern: describedPattern(saved.pattern, language) };
}

/**
 * Recurring visit patterns (issue "Scheduling" item 2). Every procedure finds the client or pattern in the
 * caller's branch scope: another branch's is 404, as a missing one. Outputs are declared, so caregiver data
 * leave as a whitelist of fields. A pattern's description (its rule in words) is in the caller's language.
 */
export const shiftPatternsRouter = router({
  /** A client's patterns {clientId}, by start date -> ShiftPatternOutput[]. */
  getShiftPatterns: permissionProcedure
    .input(ZClientIdInput)
    .output(z.array(ZShiftPatternOutput))
    .query(async ({ ctx, input }) =>
      (await patterns.getShiftPatterns({ scope: ctx.scope, input })).map((p) => describedPattern(p, ctx.language)),
    ),
  /** Creates a pattern and generates its shifts over the horizon -> {pattern, generated, openedForConflict}. */
  createShiftPattern: permissionProcedure
    .input(ZCreateShiftPatternInput)
    .output(ZShiftPatternSaveOutput)
    .mutation(async ({ ctx, input }) => inLanguage(await patterns.createShiftPattern({ scope: ctx.scope, input }), ctx.language)),
  /** Edits a pattern "this and the following" from {effectiveFrom} -> {pattern in force, generated, openedForConflict}. */
  updateShiftPattern: permissionProcedure
    .input(ZUpdateShiftPatternInput)
    .output(ZShiftPatternSaveOutput)
    .mutation(async ({ ctx, input }) => inLanguage(await patterns.updateShiftPattern({ scope: ctx.scope, input }), ctx.language)),
  /** Ends a pattern from {effectiveFrom}; its plain future shifts go -> {id}. */
  deleteShiftPattern: permissionProcedure
    .input(ZDeleteShiftPatternInput)
    .output(z.object({ id: z.number() }))
    .mutation(({ ctx, input }) => patterns.deleteShiftPattern({ scope: ctx.scope, input })),
});
