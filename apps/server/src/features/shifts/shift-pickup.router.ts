import { z } from 'zod';
import {
  ZAcceptPickupInvitationOutput,
  ZCaregiverPickupOfferOutput,
  ZDeclinePickupInvitationOutput,
  ZPickupCandidateOutput,
  ZPickupInvitationIdInput,
  ZPickupInvitationOutput,
  ZSendPickupInvitationsInput,
  ZSendPickupInvitationsOutput,
} from '@hearth/shared/shifts/pickup-invitations.schema';
import { ZScheduleIdInput } from '@hearth/shared/shifts/shifts.schema';
import { permissionProcedure, router } from '../../trpc/init';
import * as pickup from './shift-pickup.service';

/**
 * Open-shift pickup (issue "Scheduling" item 4; spec "Shifts" and "Caregiver app"). Staff procedures find the
 * shift in the caller's branch scope (another branch's is 404); the caregiver app's confine the caller to their
 * own invitations. Outputs are declared: caregiver and client data leave as a whitelist of fields.
 */
export const shiftPickupRouter = router({
  /** Eligible caregivers for an open shift {scheduleId}, best first -> PickupCandidateOutput[]. */
  getPickupCandidates: permissionProcedure
    .input(ZScheduleIdInput)
    .output(z.array(ZPickupCandidateOutput))
    .query(({ ctx, input }) => pickup.getPickupCandidates({ scope: ctx.scope, input })),
  /** Invites the named or the 50 best eligible caregivers {scheduleId, caregiverIds?} -> {sent, invitations}. */
  sendPickupInvitations: permissionProcedure
    .input(ZSendPickupInvitationsInput)
    .output(ZSendPickupInvitationsOutput)
    .mutation(({ ctx, input }) => pickup.sendPickupInvitations({ scope: ctx.scope, input })),
  /** A shift's invitations {scheduleId}, by rank, with their status -> PickupInvitationOutput[]. */
  getShiftPickupInvitations: permissionProcedure
    .input(ZScheduleIdInput)
    .output(z.array(ZPickupInvitationOutput))
    .query(({ ctx, input }) => pickup.getShiftPickupInvitations({ scope: ctx.scope, input })),
  /** The calling caregiver's live offers, soonest first (marks them seen) -> CaregiverPickupOfferOutput[]. */
  caregiverAppGetPickupInvitations: permissionProcedure
    .output(z.array(ZCaregiverPickupOfferOutput))
    .query(({ ctx }) => pickup.caregiverAppGetPickupInvitations({ scope: ctx.scope })),
  /** Takes the offered shift {id}; the first to accept wins, the others get 409 -> {scheduleId, start, end}. */
  caregiverAppAcceptPickupInvitation: permissionProcedure
    .input(ZPickupInvitationIdInput)
    .output(ZAcceptPickupInvitationOutput)
    .mutation(({ ctx, input }) => pickup.caregiverAppAcceptPickupInvitation({ scope: ctx.scope, input })),
  /** Declines an offer {id} -> {id, status: 'declined'}. */
  caregiverAppDeclinePickupInvitation: permissionProcedure
    .input(ZPickupInvitationIdInput)
    .output(ZDeclinePickupInvitationOutput)
    .mutation(({ ctx, input }) => pickup.caregiverAppDeclinePickupInvitation({ scope: ctx.scope, input })),
});
