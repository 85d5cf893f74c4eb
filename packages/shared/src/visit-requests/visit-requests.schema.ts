import { z } from 'zod';
import { ZId, zText } from '../app/input-rules';
import { addFieldIssues } from '../records/records.schema';
import { MAX_SHIFT_MINUTES } from '../shifts/shifts.constants';
import { ZTimestamp } from '../shifts/shifts.schema';
import {
  VISIT_REQUEST_DECISIONS,
  VISIT_REQUEST_KINDS,
  VISIT_REQUEST_NOTE_MAX,
  VISIT_REQUEST_REASON_MAX,
  VISIT_REQUEST_STATUSES,
} from './visit-requests.constants';

/*
 * Inputs and outputs of visit requests (issue 25 item 3): the family's calls in the client app
 * (clientAppCreateRequest, clientAppGetRequests, clientAppWithdrawRequest) and the office's (visitRequests.list,
 * visitRequests.decide). Times are ISO 8601; outputs give them in UTC ("...Z"); screens show them in `timezone`.
 */

export const ZVisitRequestKind = z.enum(VISIT_REQUEST_KINDS, { message: 'Choose cancel, move or add' });
export const ZVisitRequestStatus = z.enum(VISIT_REQUEST_STATUSES);

/**
 * Rules across a request's fields: cancel and move name the visit (shiftId), move and add give the new start and end
 * (end after start, at most 24 hours, as a shift), add names no visit and cancel gives no times.
 * @returns {field: message} for each broken rule ({} when none).
 */
export function visitRequestErrors(r: {
  kind?: string;
  shiftId?: number | null;
  start?: string | null;
  end?: string | null;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  if ((r.kind === 'cancel' || r.kind === 'move') && !r.shiftId) errors.shiftId = 'Choose the visit';
  if (r.kind === 'add' && r.shiftId) errors.shiftId = 'A new visit names no existing visit';
  if (r.kind === 'cancel' && (r.start || r.end)) errors.start = 'A cancellation gives no new time';
  if (r.kind === 'move' || r.kind === 'add') {
    if (!r.start) errors.start = 'Give the new start';
    if (!r.end) errors.end = 'Give the new end';
    if (r.start && r.end) {
      const minutes = (Date.parse(r.end) - Date.parse(r.start)) / 60_000;
      if (minutes <= 0) errors.end = 'The end must be after the start';
      else if (minutes > MAX_SHIFT_MINUTES) errors.end = 'A shift lasts at most 24 hours';
    }
  }
  return errors;
}

/**
 * Input of clientAppCreateRequest: which client, what to ask (cancel or move a visit of theirs still to come, or add
 * one), the new times for a move or an addition, and a note for the office.
 */
export const ZClientAppCreateRequestInput = z
  .object({
    clientId: ZId,
    kind: ZVisitRequestKind,
    shiftId: ZId.nullish(),
    start: ZTimestamp.nullish(),
    end: ZTimestamp.nullish(),
    note: zText().trim().max(VISIT_REQUEST_NOTE_MAX, `The note must be at most ${VISIT_REQUEST_NOTE_MAX} characters`).nullish(),
  })
  .strict()
  .superRefine((r, ctx) => addFieldIssues(ctx, visitRequestErrors(r)));
export type ClientAppCreateRequestInput = z.infer<typeof ZClientAppCreateRequestInput>;

/** Input of clientAppWithdrawRequest: a pending request of that client. */
export const ZClientAppRequestInput = z.object({ clientId: ZId, requestId: ZId }).strict();
export type ClientAppRequestInput = z.infer<typeof ZClientAppRequestInput>;

/** What both sides see of a request. `visitStart`/`visitEnd`: the visit's times when asked (null for an addition). */
const requestFields = {
  id: z.number(),
  clientId: z.number(),
  kind: ZVisitRequestKind,
  status: ZVisitRequestStatus,
  /** The visit asked about; for an approved addition, the visit added; null once a cancelled visit is deleted. */
  shiftId: z.number().nullable(),
  visitStart: zText().nullable(),
  visitEnd: zText().nullable(),
  /** The new times asked for (move, add); null for a cancellation. */
  start: zText().nullable(),
  end: zText().nullable(),
  note: zText().nullable(),
  createdAt: zText(),
  decidedAt: zText().nullable(),
  /** The office's reason (required to decline); null when none was given. */
  decisionReason: zText().nullable(),
};

/**
 * A request as the family sees it in the client app: who asked by first name (`mine` when the caller did), never
 * which office user decided.
 */
export const ZClientAppVisitRequest = z.object({
  ...requestFields,
  requestedByName: zText(),
  mine: z.boolean(),
  /** Whether the caller may withdraw it: pending, and the caller asked it or is the client. */
  canWithdraw: z.boolean(),
});
export type ClientAppVisitRequest = z.infer<typeof ZClientAppVisitRequest>;

/** A visit the family may ask to cancel or move: scheduled, still to come. */
export const ZClientAppRequestableVisit = z.object({
  shiftId: z.number(),
  start: zText(),
  end: zText(),
  caregiverFirstName: zText().nullable(),
  /** A request about this visit already waits for the office (a second one is refused). */
  pending: z.boolean(),
});
export type ClientAppRequestableVisit = z.infer<typeof ZClientAppRequestableVisit>;

/**
 * Output of clientAppGetRequests: the client's requests (pending first, oldest first, then the others newest first)
 * and the visits of the coming weeks a new request may be about.
 */
export const ZClientAppRequestsOutput = z.object({
  requests: z.array(ZClientAppVisitRequest),
  visits: z.array(ZClientAppRequestableVisit),
});
export type ClientAppRequestsOutput = z.infer<typeof ZClientAppRequestsOutput>;

/** Input of visitRequests.list: pending ones (oldest first, the office's queue) or decided ones (newest first). */
export const ZListVisitRequestsInput = z
  .object({
    status: z.enum(['pending', 'decided']).default('pending'),
    branchId: ZId.optional(),
    clientId: ZId.optional(),
  })
  .strict();
export type ListVisitRequestsInput = z.infer<typeof ZListVisitRequestsInput>;

/** A request as the office sees it: the client, the visit's caregiver, who asked and who decided. */
export const ZVisitRequestOutput = z.object({
  ...requestFields,
  branchId: z.number(),
  /** The branch's IANA zone, in which the office reads the times. */
  timezone: zText(),
  clientName: zText(),
  /** The caregiver of the visit asked about, when it has one. */
  caregiverName: zText().nullable(),
  requestedByName: zText(),
  /** "client" when the client asked, else the contact's relationship to the client (e.g. Daughter), or null. */
  requestedByRelation: zText().nullable(),
  decidedByName: zText().nullable(),
});
export type VisitRequestOutput = z.infer<typeof ZVisitRequestOutput>;

/** Output of visitRequests.list. */
export const ZVisitRequestsOutput = z.array(ZVisitRequestOutput);

/** Input of visitRequests.decide: approve (the change is applied) or decline, which needs a reason for the family. */
export const ZDecideVisitRequestInput = z
  .object({
    id: ZId,
    decision: z.enum(VISIT_REQUEST_DECISIONS, { message: 'Choose approve or decline' }),
    reason: zText()
      .trim()
      .max(VISIT_REQUEST_REASON_MAX, `The reason must be at most ${VISIT_REQUEST_REASON_MAX} characters`)
      .nullish(),
  })
  .strict()
  .superRefine((d, ctx) => {
    if (d.decision === 'decline' && !d.reason) addFieldIssues(ctx, { reason: 'Tell the family why you decline' });
  });
export type DecideVisitRequestInput = z.infer<typeof ZDecideVisitRequestInput>;
