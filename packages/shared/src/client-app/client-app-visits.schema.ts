import { z } from 'zod';
import { zText, ZId } from '../app/input-rules';
import { ZTimestamp } from '../shifts/shifts.schema';

/**
 * Inputs and outputs of the client app's home and visits (issue "client and family app" items 1 and 2): the next
 * visits, today's visits with their live status, past visits with check-in and check-out, one visit with the care
 * sheet (tasks done, the caregiver's comment, its PDF) and the family's rating of a visit. Timestamps are ISO 8601
 * in UTC; the web shows them in the client's zone (ClientAppClient.timezone).
 */

/**
 * What the family reads of a visit's state, from the shift and its EVV records (shifts.check_in_at / check_out_at
 * mirror the timesheets): `scheduled` before the caregiver checks in, `checked_in` once they did, `checked_out` once
 * they checked out (or the office completed it), `missed` when the office or the late-visits job marked it so,
 * `cancelled` when it will not take place.
 */
export const VISIT_LIVE_STATUSES = ['scheduled', 'checked_in', 'checked_out', 'missed', 'cancelled'] as const;
export type VisitLiveStatus = (typeof VISIT_LIVE_STATUSES)[number];

/** How many upcoming visits the home lists. */
export const CLIENT_APP_NEXT_VISITS = 10;
/** How many past visits one page of clientAppGetVisits holds. */
export const CLIENT_APP_VISITS_PAGE = 20;
/** The longest comment a rating may carry, in characters. */
export const VISIT_RATING_COMMENT_MAX = 1000;

/** The caregiver of a visit as the family sees them: the first name, and a photo when one is on file. */
export const ZClientAppCaregiver = z.object({
  firstName: zText(),
  /** An image URL (the caregiver's sign-in picture) or null. */
  photoUrl: zText().nullable(),
});
export type ClientAppCaregiver = z.infer<typeof ZClientAppCaregiver>;

/** A visit as the client app lists it. */
export const ZClientAppVisit = z.object({
  shiftId: z.number(),
  /** Scheduled start and end, ISO UTC. */
  startAt: zText(),
  endAt: zText(),
  /** The caregiver's check-in and check-out as their phone recorded them, ISO UTC, or null. */
  checkInAt: zText().nullable(),
  checkOutAt: zText().nullable(),
  status: z.enum(VISIT_LIVE_STATUSES),
  /** The service's description from the payer's services when on file, else null; `serviceCode` with modifiers. */
  serviceName: zText().nullable(),
  serviceCode: zText().nullable(),
  /** Null for a visit no caregiver holds yet. */
  caregiver: ZClientAppCaregiver.nullable(),
});
export type ClientAppVisit = z.infer<typeof ZClientAppVisit>;

/** Output of clientAppGetHome: today's visits (the client's calendar day) and the next ones from now. */
export const ZClientAppHome = z.object({
  /** Today's date in the client's zone, YYYY-MM-DD. */
  today: zText(),
  todayVisits: z.array(ZClientAppVisit),
  nextVisits: z.array(ZClientAppVisit),
});
export type ClientAppHome = z.infer<typeof ZClientAppHome>;

/** Input of clientAppGetVisits: the client, and the start (ISO UTC) the page ends before (the previous page's last). */
export const ZClientAppVisitsInput = z.object({ clientId: ZId, before: ZTimestamp.optional() });
export type ClientAppVisitsInput = z.infer<typeof ZClientAppVisitsInput>;

/** Output of clientAppGetVisits: past visits newest first; `nextBefore` asks for the following page (null: no more). */
export const ZClientAppVisitsPage = z.object({
  visits: z.array(ZClientAppVisit),
  nextBefore: zText().nullable(),
});
export type ClientAppVisitsPage = z.infer<typeof ZClientAppVisitsPage>;

/** Input of the calls on one visit of a client. */
export const ZClientAppVisitInput = z.object({ clientId: ZId, shiftId: ZId });
export type ClientAppVisitInput = z.infer<typeof ZClientAppVisitInput>;

/** What the caregiver recorded at check-out, as the family reads it (only with the careNotes permission). */
export const ZClientAppCareNotes = z.object({
  /** The client's care plan tasks, each marked done or not, then tasks done that are no longer in the plan. */
  tasks: z.array(z.object({ name: zText(), done: z.boolean() })),
  caregiverComment: zText().nullable(),
  /** When the caregiver submitted the care sheet, ISO UTC. */
  submittedAt: zText(),
});
export type ClientAppCareNotes = z.infer<typeof ZClientAppCareNotes>;

/** The caller's own rating of a visit. */
export const ZClientAppRating = z.object({
  rating: z.number().int(),
  comment: zText().nullable(),
  /** When it was last given or changed, ISO UTC. */
  updatedAt: zText(),
});
export type ClientAppRating = z.infer<typeof ZClientAppRating>;

/** Output of clientAppGetVisit. */
export const ZClientAppVisitDetail = ZClientAppVisit.extend({
  /** Whether the caller may read the care notes (careNotes permission); `careNotes` is null without it. */
  careNotesAllowed: z.boolean(),
  /** The submitted care sheet's tasks and comment, or null (not permitted, or no sheet submitted yet). */
  careNotes: ZClientAppCareNotes.nullable(),
  /** Whether the visit took place (checked out or completed), so it may be rated. */
  canRate: z.boolean(),
  myRating: ZClientAppRating.nullable(),
});
export type ClientAppVisitDetail = z.infer<typeof ZClientAppVisitDetail>;

/** Input of clientAppRateVisit: 1 to 5 stars and an optional comment (empty clears it). */
export const ZClientAppRateVisitInput = z.object({
  clientId: ZId,
  shiftId: ZId,
  rating: z.number({ message: 'Must be a number' }).int('Must be a whole number').min(1, 'From 1 to 5').max(5, 'From 1 to 5'),
  comment: zText()
    .trim()
    .max(VISIT_RATING_COMMENT_MAX, `At most ${VISIT_RATING_COMMENT_MAX} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullish(),
});
export type ClientAppRateVisitInput = z.input<typeof ZClientAppRateVisitInput>;

/** Output of clientAppGetCareSheetPdf: the care sheet's PDF file. */
export const ZClientAppCareSheetPdf = z.object({
  fileName: zText(),
  contentType: z.literal('application/pdf'),
  base64: z.string(),
});
export type ClientAppCareSheetPdf = z.infer<typeof ZClientAppCareSheetPdf>;

/** Input of getVisitRatings (the office): the visit. */
export const ZVisitRatingsInput = z.object({ shiftId: ZId });

/** A family's rating of a visit as the office reads it (getVisitRatings). */
export const ZVisitRating = z.object({
  rating: z.number().int(),
  comment: zText().nullable(),
  /** Who rated: the name of their sign-in, and `client` (the client themselves) or their relationship as a contact. */
  raterName: zText(),
  relation: zText(),
  /** When it was last given or changed, ISO UTC. */
  updatedAt: zText(),
});
export type VisitRating = z.infer<typeof ZVisitRating>;

/** Output of getVisitRatings: the ratings of the visit, latest change first. */
export const ZVisitRatingsOutput = z.array(ZVisitRating);
