import { z } from 'zod';
import { zText, ZId } from '../app/input-rules';
import { PICKUP_INVITATION_STATUSES } from './shifts.constants';

/** Inputs and outputs of open-shift pickup (issue "Scheduling" item 4). */

/**
 * Input of sendPickupInvitations: the open shift and, optionally, the caregivers to invite (else every
 * eligible caregiver, at most 50, best ranked first). Caregivers already invited are not invited twice.
 */
export const ZSendPickupInvitationsInput = z.object({
  scheduleId: ZId,
  caregiverIds: z.array(ZId).max(200, 'At most 200 caregivers at once').optional(),
});
export type SendPickupInvitationsInput = z.infer<typeof ZSendPickupInvitationsInput>;

/** A caregiver who could pick up an open shift, ranked (distance in metres from the client, past visits there). */
export const ZPickupCandidateOutput = z.object({
  caregiverId: z.number(),
  caregiverName: zText(),
  rank: z.number(),
  distanceMetres: z.number().nullable(),
  pastVisits: z.number(),
});
export type PickupCandidateOutput = z.infer<typeof ZPickupCandidateOutput>;

/** A pickup invitation as staff see it (getShiftPickupInvitations). */
export const ZPickupInvitationOutput = ZPickupCandidateOutput.extend({
  id: z.number(),
  scheduleId: z.number(),
  status: z.enum(PICKUP_INVITATION_STATUSES),
  sentAt: zText(),
  seenAt: zText().nullable(),
  respondedAt: zText().nullable(),
});
export type PickupInvitationOutput = z.infer<typeof ZPickupInvitationOutput>;

/** What sendPickupInvitations answers: how many were sent now and every invitation of the shift. */
export const ZSendPickupInvitationsOutput = z.object({
  sent: z.number(),
  invitations: z.array(ZPickupInvitationOutput),
});
export type SendPickupInvitationsOutput = z.infer<typeof ZSendPickupInvitationsOutput>;

/**
 * A pickup offer as the caregiver sees it (caregiverAppGetPickupInvitations): the shift's time, service, the
 * client's first name and last initial, town and distance; the full address only once the shift is theirs.
 */
export const ZCaregiverPickupOfferOutput = z.object({
  id: z.number(),
  scheduleId: z.number(),
  status: z.enum(PICKUP_INVITATION_STATUSES),
  startTimestamp: zText(),
  endTimestamp: zText(),
  timezone: zText(),
  serviceCode: zText().nullable(),
  clientDisplayName: zText(),
  city: zText().nullable(),
  distanceMetres: z.number().nullable(),
  sentAt: zText(),
});
export type CaregiverPickupOfferOutput = z.infer<typeof ZCaregiverPickupOfferOutput>;

/** Input of caregiverAppAcceptPickupInvitation and caregiverAppDeclinePickupInvitation. */
export const ZPickupInvitationIdInput = z.object({ id: ZId });
export type PickupInvitationIdInput = z.infer<typeof ZPickupInvitationIdInput>;

/**
 * What caregiverAppAcceptPickupInvitation answers: the shift now assigned to the caller (times ISO 8601 UTC); the
 * caregiver app refetches its schedule for the rest.
 */
export const ZAcceptPickupInvitationOutput = z.object({
  scheduleId: z.number(),
  startTimestamp: zText(),
  endTimestamp: zText(),
});
export type AcceptPickupInvitationOutput = z.infer<typeof ZAcceptPickupInvitationOutput>;

/** What caregiverAppDeclinePickupInvitation answers. */
export const ZDeclinePickupInvitationOutput = z.object({ id: z.number(), status: z.literal('declined') });
export type DeclinePickupInvitationOutput = z.infer<typeof ZDeclinePickupInvitationOutput>;
