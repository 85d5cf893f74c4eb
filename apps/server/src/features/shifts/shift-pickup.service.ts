import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { SHIFT_STATUS_LABELS, type PickupInvitationStatus, type ShiftStatus } from '@hearth/shared/shifts/shifts.constants';
import type {
  AcceptPickupInvitationOutput,
  CaregiverPickupOfferOutput,
  DeclinePickupInvitationOutput,
  PickupCandidateOutput,
  PickupInvitationIdInput,
  PickupInvitationOutput,
  SendPickupInvitationsInput,
  SendPickupInvitationsOutput,
} from '@hearth/shared/shifts/pickup-invitations.schema';
import type { ScheduleIdInput } from '@hearth/shared/shifts/shifts.schema';
import { inBranchScope, type Scope } from '../../auth/scope';
import { AppError, notFound } from '../../errors/app-error';
import { msg, translate, type ServerMessage } from '../../i18n/server-i18n';
import type { Language } from '@hearth/shared/i18n/languages';
import { sqlState } from '../../db/errors';
import { branches } from '../branches/branches.schema';
import { caregivers } from '../caregivers/caregivers.schema';
import { clients } from '../clients/clients.schema';
import { assertShiftUnlocked } from '../pay-periods/pay-periods.lock';
import { shiftPickupInvitations, shifts } from './shifts.schema';
import { rankedPickupCandidates } from './shift-pickup.rank';
import { primaryCity, sendInvitationMessages } from './shift-pickup.message';
import { publishShiftChange } from './shifts.live';
import { notifyFamilyVisitChange } from '../client-app/client-app-alerts.notify';

/** How many caregivers sendPickupInvitations invites when none are named: the best ranked. */
export const DEFAULT_PICKUP_INVITES = 50;

/**
 * How many ranked candidates getPickupCandidates lists: an agency with thousands of caregivers in a branch (the
 * Synthea providers of a week's test) would otherwise send and draw every one of them, for a choice made among the
 * nearest.
 */
export const PICKUP_CANDIDATES_SHOWN = 50;

/** What the pickup services need to know of a shift. */
interface PickupShift {
  id: number;
  branchId: number;
  clientId: number;
  caregiverId: number | null;
  status: ShiftStatus;
  startAt: Date;
  endAt: Date;
  serviceCode: string | null;
  timezone: string;
}

const SHIFT_FIELDS = {
  id: shifts.id,
  branchId: shifts.branchId,
  clientId: shifts.clientId,
  caregiverId: shifts.caregiverId,
  status: shifts.status,
  startAt: shifts.startAt,
  endAt: shifts.endAt,
  serviceCode: shifts.serviceCode,
  timezone: branches.timezone,
};

/**
 * Finds a shift in the caller's branch scope (the scope is in the WHERE clause: another branch's shift is a 404
 * like a missing one). `lock` holds the shift row until the request ends, so invitations to one shift are sent
 * one call at a time and an accept running meanwhile waits (or is waited for).
 * @throws AppError NOT_FOUND "Shift N not found".
 */
async function findShift(scope: Scope, id: number, options: { lock?: boolean } = {}): Promise<PickupShift> {
  const query = scope.db
    .select(SHIFT_FIELDS)
    .from(shifts)
    .innerJoin(branches, eq(branches.id, shifts.branchId))
    .where(and(eq(shifts.id, id), inBranchScope(scope, shifts.branchId)));
  const [row] = options.lock ? await query.for('update', { of: shifts }) : await query;
  if (!row) throw notFound('Shift', id);
  return row;
}

/**
 * Checks that a shift can be offered: no caregiver, still scheduled, not started (docs/glossary.md "Open shift").
 * @throws AppError BAD_REQUEST "Shift N already has a caregiver", "Shift N is cancelled" (or its other status),
 * "Shift N has already started".
 */
function assertOpen(shift: PickupShift, now = new Date()): void {
  if (shift.status === 'cancelled') throw new AppError('BAD_REQUEST', `Shift ${shift.id} is cancelled`);
  if (shift.caregiverId !== null) throw new AppError('BAD_REQUEST', `Shift ${shift.id} already has a caregiver`);
  if (shift.status !== 'scheduled') {
    throw new AppError('BAD_REQUEST', `Shift ${shift.id} is ${SHIFT_STATUS_LABELS[shift.status].toLowerCase()}`);
  }
  if (shift.startAt <= now) throw new AppError('BAD_REQUEST', `Shift ${shift.id} has already started`);
}

/**
 * An invitation's status as people should read it: one still sent or seen is expired once its shift has started,
 * was cancelled, or went to a caregiver (issue "Scheduling" item 4). The stored row is updated where this
 * feature changes the shift (an accept expires the others); this covers the changes made elsewhere and time.
 */
export function effectiveInvitationStatus(
  status: PickupInvitationStatus,
  shift: Pick<PickupShift, 'caregiverId' | 'status' | 'startAt'>,
  now = new Date(),
): PickupInvitationStatus {
  if (status !== 'sent' && status !== 'seen') return status;
  const open = shift.caregiverId === null && shift.status === 'scheduled' && shift.startAt > now;
  return open ? status : 'expired';
}

/** A shift's invitations as staff see them, by rank (then id), statuses as effectiveInvitationStatus reads them. */
async function listInvitations(scope: Scope, shift: PickupShift): Promise<PickupInvitationOutput[]> {
  const rows = await scope.db
    .select({
      id: shiftPickupInvitations.id,
      scheduleId: shiftPickupInvitations.shiftId,
      caregiverId: shiftPickupInvitations.caregiverId,
      firstName: caregivers.firstName,
      lastName: caregivers.lastName,
      rank: shiftPickupInvitations.rank,
      distanceMetres: shiftPickupInvitations.distanceMetres,
      pastVisits: shiftPickupInvitations.pastVisits,
      status: shiftPickupInvitations.status,
      sentAt: shiftPickupInvitations.sentAt,
      seenAt: shiftPickupInvitations.seenAt,
      respondedAt: shiftPickupInvitations.respondedAt,
    })
    .from(shiftPickupInvitations)
    .innerJoin(caregivers, eq(caregivers.id, shiftPickupInvitations.caregiverId))
    .where(eq(shiftPickupInvitations.shiftId, shift.id))
    .orderBy(asc(shiftPickupInvitations.rank), asc(shiftPickupInvitations.id));
  const now = new Date();
  return rows.map(({ firstName, lastName, ...r }) => ({
    ...r,
    caregiverName: `${firstName} ${lastName}`,
    status: effectiveInvitationStatus(r.status, shift, now),
    sentAt: r.sentAt.toISOString(),
    seenAt: r.seenAt?.toISOString() ?? null,
    respondedAt: r.respondedAt?.toISOString() ?? null,
  }));
}

/**
 * The caregivers who could pick up an open shift (getPickupCandidates {scheduleId}), best first: active
 * caregivers of its branch free at that time, ranked by distance in metres from the client's primary address,
 * then past completed visits to the client, then name (see rankedPickupCandidates); the best
 * PICKUP_CANDIDATES_SHOWN (50) of them.
 * @returns PickupCandidateOutput[] with rank 1..n (n at most 50).
 * @throws AppError NOT_FOUND "Shift N not found" outside the scope; BAD_REQUEST when the shift is not open
 * ("Shift N already has a caregiver", "... is cancelled", "... has already started").
 */
export async function getPickupCandidates({
  scope,
  input,
}: {
  scope: Scope;
  input: ScheduleIdInput;
}): Promise<PickupCandidateOutput[]> {
  const shift = await findShift(scope, input.scheduleId);
  assertOpen(shift);
  return rankedPickupCandidates(scope.db, shift, { limit: PICKUP_CANDIDATES_SHOWN });
}

/**
 * Says why each of `ids` cannot pick up the shift: unknown (or out of scope), another branch, not active, or busy,
 * each reason a message of the catalogue's pickup.whyNot, so the whole refusal is in its reader's language.
 * @returns the reasons joined by ", ", worded for a language: in English e.g. "Maria Santos (busy at that time),
 * caregiver 99 (not found)".
 */
async function whyNotEligible(scope: Scope, shift: PickupShift, ids: number[]): Promise<(language: Language) => string> {
  const rows = await scope.db
    .select({
      id: caregivers.id,
      firstName: caregivers.firstName,
      lastName: caregivers.lastName,
      branchId: caregivers.branchId,
      status: caregivers.status,
    })
    .from(caregivers)
    .where(and(inArray(caregivers.id, ids), inBranchScope(scope, caregivers.branchId)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const reasons = ids.map((id): ServerMessage => {
    const c = byId.get(id);
    if (!c) return msg('pickup.whyNot.notFound', { id });
    const name = `${c.firstName} ${c.lastName}`;
    if (c.branchId !== shift.branchId) return msg('pickup.whyNot.otherBranch', { name });
    if (c.status !== 'active') return msg(`pickup.whyNot.${c.status}`, { name });
    return msg('pickup.whyNot.busy', { name });
  });
  return (language) => reasons.map((reason) => translate(reason, language)).join(', ');
}

/**
 * Sends pickup invitations for an open shift (sendPickupInvitations {scheduleId, caregiverIds?}, issue
 * "Scheduling" item 4): to the caregivers named, each of whom must be eligible (see getPickupCandidates), or to
 * the DEFAULT_PICKUP_INVITES (50) best ranked eligible caregivers. Caregivers already invited to the shift are
 * skipped (not invited twice). Each new invitation is a shift_pickup_invitations row (status sent, the
 * caregiver's rank among all eligible caregivers, distance in metres, past visits, sent_by the signed-in user)
 * and a message through the notifier (kind pickup_invitation, link /app/pickup): push when the caregiver has a
 * sign-in user (to its registered device token, else addressed "user:<id>" for the app's in-app list), else SMS to
 * the caregiver's phone, else email; a caregiver with none of these still sees the offer once they sign in.
 * @returns {sent: invitations created now, invitations: every invitation of the shift, by rank}.
 * @throws AppError NOT_FOUND "Shift N not found" outside the scope; BAD_REQUEST when the shift is not open, or
 * "These caregivers cannot pick up shift N: <name> (busy at that time), ..." naming each ineligible one.
 */
export async function sendPickupInvitations({
  scope,
  input,
}: {
  scope: Scope;
  input: SendPickupInvitationsInput;
}): Promise<SendPickupInvitationsOutput> {
  const shift = await findShift(scope, input.scheduleId, { lock: true });
  assertOpen(shift);
  const candidates = await rankedPickupCandidates(scope.db, shift);
  let chosen: PickupCandidateOutput[];
  if (input.caregiverIds) {
    const wanted = [...new Set(input.caregiverIds)];
    const byId = new Map(candidates.map((c) => [c.caregiverId, c]));
    const ineligible = wanted.filter((id) => !byId.has(id));
    if (ineligible.length > 0) {
      const reasons = await whyNotEligible(scope, shift, ineligible);
      const message = msg('errors.shifts.cannotPickUp', { id: shift.id, reasons });
      throw new AppError('BAD_REQUEST', message, { caregiverIds: [message] });
    }
    chosen = wanted.map((id) => byId.get(id)!);
  } else {
    chosen = candidates.slice(0, DEFAULT_PICKUP_INVITES);
  }

  const created =
    chosen.length === 0
      ? []
      : await scope.db
          .insert(shiftPickupInvitations)
          .values(
            chosen.map((c) => ({
              shiftId: shift.id,
              caregiverId: c.caregiverId,
              status: 'sent' as const,
              rank: c.rank,
              distanceMetres: c.distanceMetres,
              pastVisits: c.pastVisits,
              sentBy: scope.actorUserId,
            })),
          )
          .onConflictDoNothing({ target: [shiftPickupInvitations.shiftId, shiftPickupInvitations.caregiverId] })
          .returning({ caregiverId: shiftPickupInvitations.caregiverId });

  if (created.length > 0) {
    await sendInvitationMessages(
      scope.db,
      shift,
      created.map((c) => c.caregiverId),
    );
  }
  return { sent: created.length, invitations: await listInvitations(scope, shift) };
}

/**
 * A shift's pickup invitations (getShiftPickupInvitations {scheduleId}), by rank: who was invited, distance in
 * metres, past visits, status (sent, seen, accepted, declined, expired; one still open reads expired once the
 * shift has started, was cancelled or given to someone) and when it was sent, seen and answered (ISO UTC).
 * @throws AppError NOT_FOUND "Shift N not found" outside the scope.
 */
export async function getShiftPickupInvitations({
  scope,
  input,
}: {
  scope: Scope;
  input: ScheduleIdInput;
}): Promise<PickupInvitationOutput[]> {
  const shift = await findShift(scope, input.scheduleId);
  return listInvitations(scope, shift);
}

/**
 * The caller's own caregiver record, by caregivers.user_id (the effective user while impersonating). Caregivers
 * are confined to their own offers by this, not by branch scope.
 * @throws AppError FORBIDDEN "Only caregivers have pickup invitations" when the user is no caregiver's.
 */
async function callerCaregiver(scope: Scope): Promise<{ id: number }> {
  const [row] = await scope.db
    .select({ id: caregivers.id })
    .from(caregivers)
    .where(eq(caregivers.userId, scope.userId))
    .orderBy(asc(caregivers.id))
    .limit(1);
  if (!row) throw new AppError('FORBIDDEN', 'Only caregivers have pickup invitations');
  return row;
}

/**
 * The calling caregiver's live pickup offers (caregiverAppGetPickupInvitations, spec "Caregiver app"): their
 * invitations still sent or seen whose shift is still open (no caregiver, scheduled) and starts in the future,
 * soonest first. The client shows as first name and last initial with the town of their primary address (the
 * full address only once the shift is theirs). Reading marks the sent ones seen (seen_at now); the answer
 * carries the statuses after that.
 * @returns CaregiverPickupOfferOutput[] (times ISO UTC, the branch's time zone for display).
 * @throws AppError FORBIDDEN "Only caregivers have pickup invitations" for a user with no caregiver record.
 */
export async function caregiverAppGetPickupInvitations({ scope }: { scope: Scope }): Promise<CaregiverPickupOfferOutput[]> {
  const me = await callerCaregiver(scope);
  const rows = await scope.db
    .select({
      id: shiftPickupInvitations.id,
      scheduleId: shifts.id,
      status: shiftPickupInvitations.status,
      startAt: shifts.startAt,
      endAt: shifts.endAt,
      timezone: branches.timezone,
      serviceCode: shifts.serviceCode,
      firstName: clients.firstName,
      lastName: clients.lastName,
      city: primaryCity('shifts.client_id'),
      distanceMetres: shiftPickupInvitations.distanceMetres,
      sentAt: shiftPickupInvitations.sentAt,
    })
    .from(shiftPickupInvitations)
    .innerJoin(shifts, eq(shifts.id, shiftPickupInvitations.shiftId))
    .innerJoin(branches, eq(branches.id, shifts.branchId))
    .innerJoin(clients, eq(clients.id, shifts.clientId))
    .where(
      and(
        eq(shiftPickupInvitations.caregiverId, me.id),
        inArray(shiftPickupInvitations.status, ['sent', 'seen']),
        isNull(shifts.caregiverId),
        eq(shifts.status, 'scheduled'),
        sql`${shifts.startAt} > now()`,
      ),
    )
    .orderBy(asc(shifts.startAt), asc(shiftPickupInvitations.id));
  const unseen = rows.filter((r) => r.status === 'sent').map((r) => r.id);
  if (unseen.length > 0) {
    await scope.db
      .update(shiftPickupInvitations)
      .set({ status: 'seen', seenAt: new Date() })
      .where(and(inArray(shiftPickupInvitations.id, unseen), eq(shiftPickupInvitations.status, 'sent')));
  }
  return rows.map((r) => ({
    id: r.id,
    scheduleId: r.scheduleId,
    status: 'seen',
    startTimestamp: r.startAt.toISOString(),
    endTimestamp: r.endAt.toISOString(),
    timezone: r.timezone,
    serviceCode: r.serviceCode,
    clientDisplayName: `${r.firstName} ${r.lastName.slice(0, 1)}.`,
    city: r.city,
    distanceMetres: r.distanceMetres,
    sentAt: r.sentAt.toISOString(),
  }));
}

/** The caller's own invitation with its shift, or a 404 (someone else's looks missing). */
async function ownInvitation(scope: Scope, caregiverId: number, id: number) {
  const [row] = await scope.db
    .select({ invitation: shiftPickupInvitations, shift: SHIFT_FIELDS })
    .from(shiftPickupInvitations)
    .innerJoin(shifts, eq(shifts.id, shiftPickupInvitations.shiftId))
    .innerJoin(branches, eq(branches.id, shifts.branchId))
    .where(and(eq(shiftPickupInvitations.id, id), eq(shiftPickupInvitations.caregiverId, caregiverId)));
  if (!row) throw notFound('Pickup invitation', id);
  return row;
}

const TAKEN = 'This shift was already taken by another caregiver';

/**
 * Accepts a pickup offer (caregiverAppAcceptPickupInvitation {id}, issue "Scheduling" item 4): the shift goes to
 * the first caregiver who accepts. One conditional UPDATE assigns it only while it has no caregiver and is still
 * scheduled and in the future; concurrent accepts queue on the shift's row lock and every one after the winner
 * matches no row. The caregiver no-overlap EXCLUDE constraint still applies (they may have been booked
 * meanwhile); the UPDATE runs in a savepoint so that refusal can be answered. Locked pay periods refuse the change
 * (assertShiftUnlocked, action update). The winner's invitation becomes accepted (responded_at now) and the
 * shift's other open invitations expired. A pattern's shift becomes an exception, so regeneration keeps the
 * caregiver. Accepting a shift that is already yours answers the same and changes nothing. The office's and the
 * caregiver's open screens are told (a live 'shifts' event, shifts.live.ts), and the client's family is told who is
 * coming (family_caregiver_changed; client-app-alerts.notify.ts).
 * @returns {scheduleId, startTimestamp, endTimestamp} (ISO UTC) of the shift now the caller's.
 * @throws AppError FORBIDDEN for a user with no caregiver record; NOT_FOUND "Pickup invitation N not found" when
 * it is not the caller's; CONFLICT "This shift was already taken by another caregiver", "This shift was
 * cancelled", "This shift has already started", "You already have a shift at that time" (SQLSTATE 23P01), or
 * the pay period lock message.
 */
export async function caregiverAppAcceptPickupInvitation({
  scope,
  input,
}: {
  scope: Scope;
  input: PickupInvitationIdInput;
}): Promise<AcceptPickupInvitationOutput> {
  const me = await callerCaregiver(scope);
  const { invitation, shift } = await ownInvitation(scope, me.id, input.id);
  const answer = {
    scheduleId: shift.id,
    startTimestamp: shift.startAt.toISOString(),
    endTimestamp: shift.endAt.toISOString(),
  };
  if (shift.caregiverId === me.id) return answer;
  // A shift given to someone else is left to the UPDATE below, the one place that decides who got it.
  if (shift.caregiverId === null) {
    if (shift.status === 'cancelled') throw new AppError('CONFLICT', 'This shift was cancelled');
    if (shift.status !== 'scheduled' || shift.startAt <= new Date()) {
      throw new AppError('CONFLICT', 'This shift has already started');
    }
    await assertShiftUnlocked(scope, shift, 'update');
  }

  let assigned: { id: number }[];
  try {
    assigned = await scope.db.transaction((tx) =>
      tx
        .update(shifts)
        .set({
          caregiverId: me.id,
          isException: sql`${shifts.isException} or ${shifts.patternId} is not null`,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(shifts.id, shift.id),
            isNull(shifts.caregiverId),
            eq(shifts.status, 'scheduled'),
            sql`${shifts.startAt} > now()`,
          ),
        )
        .returning({ id: shifts.id }),
    );
  } catch (error) {
    if (sqlState(error) === '23P01') throw new AppError('CONFLICT', 'You already have a shift at that time');
    throw error;
  }
  if (assigned.length === 0) throw new AppError('CONFLICT', TAKEN);
  // The client's family hears who is coming (a visit left without a caregiver told them nothing yet).
  await notifyFamilyVisitChange(scope.db, shift, { ...shift, caregiverId: me.id }, new Date());

  const respondedAt = new Date();
  await scope.db
    .update(shiftPickupInvitations)
    .set({ status: 'accepted', respondedAt })
    .where(eq(shiftPickupInvitations.id, invitation.id));
  await scope.db
    .update(shiftPickupInvitations)
    .set({ status: 'expired' })
    .where(
      and(
        eq(shiftPickupInvitations.shiftId, shift.id),
        ne(shiftPickupInvitations.id, invitation.id),
        inArray(shiftPickupInvitations.status, ['sent', 'seen']),
      ),
    );
  await publishShiftChange(scope.db, { topic: 'shifts', shiftId: shift.id });
  return answer;
}

/**
 * Declines a pickup offer (caregiverAppDeclinePickupInvitation {id}): the invitation becomes declined with
 * responded_at now; declining again is harmless.
 * @returns {id, status: 'declined'}.
 * @throws AppError FORBIDDEN for a user with no caregiver record; NOT_FOUND when it is not the caller's;
 * CONFLICT "You accepted this shift; ask the office to take you off it" for an accepted one.
 */
export async function caregiverAppDeclinePickupInvitation({
  scope,
  input,
}: {
  scope: Scope;
  input: PickupInvitationIdInput;
}): Promise<DeclinePickupInvitationOutput> {
  const me = await callerCaregiver(scope);
  const { invitation } = await ownInvitation(scope, me.id, input.id);
  if (invitation.status === 'accepted') {
    throw new AppError('CONFLICT', 'You accepted this shift; ask the office to take you off it');
  }
  if (invitation.status !== 'declined') {
    await scope.db
      .update(shiftPickupInvitations)
      .set({ status: 'declined', respondedAt: new Date() })
      .where(eq(shiftPickupInvitations.id, invitation.id));
  }
  return { id: invitation.id, status: 'declined' };
}
