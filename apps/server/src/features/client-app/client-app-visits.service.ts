import { and, eq, gte, isNotNull, lt, ne } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  CLIENT_APP_NEXT_VISITS,
  CLIENT_APP_VISITS_PAGE,
  type ClientAppCareNotes,
  type ClientAppHome,
  type ClientAppVisitDetail,
  type ClientAppVisitInput,
  type ClientAppVisitsInput,
  type ClientAppVisitsPage,
} from '@hearth/shared/client-app/client-app-visits.schema';
import type { ClientAppClientInput } from '@hearth/shared/client-app/client-app.schema';
import type { Scope } from '../../auth/scope';
import { notFound } from '../../errors/app-error';
import { careSheets } from '../care-sheets/care-sheets.schema';
import { clients } from '../clients/clients.schema';
import { shifts } from '../shifts/shifts.schema';
import { reachClient } from './client-app.access';
import { visitRatings } from './client-app-visits.schema';
import { readVisits, toClientAppVisit, type VisitRow } from './client-app-visits.read';

/**
 * The start and end (UTC) of the calendar day holding `now` on the wall clock of `timezone` (the client's branch
 * zone), so "today" is the client's day across a DST change (a 23- or 25-hour day).
 */
export function clientDay(now: Date, timezone: string): { date: string; start: Date; end: Date } {
  const local = DateTime.fromJSDate(now, { zone: timezone }).startOf('day');
  return { date: local.toISODate()!, start: local.toJSDate(), end: local.plus({ days: 1 }).toJSDate() };
}

/**
 * clientAppGetHome {clientId} (schedule permission; issue "client and family app" item 1): today's visits of the
 * client, every status, by start, each with its live status from the EVV times (scheduled, checked in at, checked
 * out at, missed, cancelled); and the next CLIENT_APP_NEXT_VISITS (10) visits after today, cancelled ones left out:
 * day, start and end, the service, the caregiver's first name and photo. "Today" is the client's calendar day in
 * their branch's zone (clientDay), so today's and the next visits together are everything from now on.
 * @returns ClientAppHome {today YYYY-MM-DD, todayVisits, nextVisits}; times ISO UTC.
 * @throws AppError NOT_FOUND "Client N not found" (reachClient) when the caller does not reach the client or may
 * not see its schedule.
 */
export async function clientAppGetHome({
  scope,
  input,
  now = new Date(),
}: {
  scope: Scope;
  input: ClientAppClientInput;
  now?: Date;
}): Promise<ClientAppHome> {
  const client = await reachClient(scope, input.clientId, 'schedule');
  const day = clientDay(now, client.timezone);
  const today = await readVisits(scope.db, client.clientId, and(gte(shifts.startAt, day.start), lt(shifts.startAt, day.end)));
  const next = await readVisits(scope.db, client.clientId, and(gte(shifts.startAt, day.end), ne(shifts.status, 'cancelled')), {
    limit: CLIENT_APP_NEXT_VISITS,
  });
  return { today: day.date, todayVisits: today.map(toClientAppVisit), nextVisits: next.map(toClientAppVisit) };
}

/**
 * clientAppGetVisits {clientId, before?} (schedule permission; issue item 2): the client's visits that started
 * before now (or before `before`, ISO UTC: the previous page's `nextBefore`), newest first, CLIENT_APP_VISITS_PAGE
 * (20) a page, with their check-in and check-out times and live status. Two visits starting at the same instant on
 * a page's edge are both kept on the earlier page's side only when they fit; the page ends at a start time so the
 * next page starts strictly before it.
 * @returns ClientAppVisitsPage {visits, nextBefore: ISO UTC or null when no older visit is left}.
 * @throws AppError NOT_FOUND "Client N not found" (reachClient).
 */
export async function clientAppGetVisits({
  scope,
  input,
  now = new Date(),
}: {
  scope: Scope;
  input: ClientAppVisitsInput;
  now?: Date;
}): Promise<ClientAppVisitsPage> {
  const client = await reachClient(scope, input.clientId, 'schedule');
  const before = input.before ? new Date(Math.min(new Date(input.before).getTime(), now.getTime())) : now;
  const rows = await readVisits(scope.db, client.clientId, lt(shifts.startAt, before), {
    limit: CLIENT_APP_VISITS_PAGE + 1,
    newestFirst: true,
  });
  const page = pageOf(rows);
  return { visits: page.rows.map(toClientAppVisit), nextBefore: page.nextBefore };
}

/** Cuts one page off rows read one beyond the page: when more follow, the page ends with its last full start time. */
function pageOf(rows: VisitRow[]): { rows: VisitRow[]; nextBefore: string | null } {
  if (rows.length <= CLIENT_APP_VISITS_PAGE) return { rows, nextBefore: null };
  const kept = rows.slice(0, CLIENT_APP_VISITS_PAGE);
  const edge = rows[CLIENT_APP_VISITS_PAGE]!.startAt.getTime();
  // Visits starting with the first one left out are left out too, so `startAt < nextBefore` finds them all.
  const whole = kept.filter((r) => r.startAt.getTime() !== edge);
  const shown = whole.length > 0 ? whole : kept;
  return { rows: shown, nextBefore: shown[shown.length - 1]!.startAt.toISOString() };
}

/** Whether a visit took place and so may be rated: the caregiver checked out, or the office completed it. */
export function visitTookPlace(row: { status: string; checkOutAt: Date | null }): boolean {
  return row.status !== 'cancelled' && row.status !== 'missed' && (row.checkOutAt !== null || row.status === 'completed');
}

/**
 * The submitted care sheet of a visit as the family reads it: each of the client's care plan tasks marked done or
 * not, then tasks done that are no longer in the plan; the caregiver's comment. A sheet not yet submitted is the
 * caregiver's draft and is not shown.
 */
async function careNotesOf(scope: Scope, clientId: number, shiftId: number): Promise<ClientAppCareNotes | null> {
  const [row] = await scope.db
    .select({ sheet: careSheets, planTasks: clients.carePlanTasks })
    .from(careSheets)
    .innerJoin(shifts, eq(shifts.id, careSheets.shiftId))
    .innerJoin(clients, eq(clients.id, shifts.clientId))
    .where(and(eq(careSheets.shiftId, shiftId), eq(shifts.clientId, clientId), isNotNull(careSheets.submittedAt)));
  if (!row) return null;
  const done = new Set(row.sheet.completedTasks);
  const tasks = [
    ...row.planTasks.map((name) => ({ name, done: done.has(name) })),
    ...row.sheet.completedTasks.filter((name) => !row.planTasks.includes(name)).map((name) => ({ name, done: true })),
  ];
  return { tasks, caregiverComment: row.sheet.caregiverComment, submittedAt: row.sheet.submittedAt!.toISOString() };
}

/**
 * clientAppGetVisit {clientId, shiftId} (schedule permission; issue item 2): one visit of the client, with its live
 * status and times; with the careNotes permission also the submitted care sheet's tasks and the caregiver's comment
 * (careNotes null without the permission or before the sheet is submitted); whether it may be rated (it took place)
 * and the caller's own rating.
 * @returns ClientAppVisitDetail.
 * @throws AppError NOT_FOUND "Client N not found" (reachClient); "Shift N not found" for a shift of another client.
 */
export async function clientAppGetVisit({
  scope,
  input,
}: {
  scope: Scope;
  input: ClientAppVisitInput;
}): Promise<ClientAppVisitDetail> {
  const client = await reachClient(scope, input.clientId, 'schedule');
  const [row] = await readVisits(scope.db, client.clientId, eq(shifts.id, input.shiftId));
  if (!row) throw notFound('Shift', input.shiftId);
  const careNotesAllowed = client.permissions.careNotes;
  const [rating] = await scope.db
    .select({ rating: visitRatings.rating, comment: visitRatings.comment, updatedAt: visitRatings.updatedAt })
    .from(visitRatings)
    .where(
      and(
        eq(visitRatings.shiftId, row.shiftId),
        eq(visitRatings.clientId, client.clientId),
        eq(visitRatings.userId, scope.userId),
      ),
    );
  return {
    ...toClientAppVisit(row),
    careNotesAllowed,
    careNotes: careNotesAllowed ? await careNotesOf(scope, client.clientId, row.shiftId) : null,
    canRate: visitTookPlace(row),
    myRating: rating ? { ...rating, updatedAt: rating.updatedAt.toISOString() } : null,
  };
}
