import { and, asc, desc, eq, ne, or, sql } from 'drizzle-orm';
import {
  careSheetRuleErrors,
  type CareSheetCheckOutDetails,
  type CareSheetFields,
  type CareSheetListItem,
  type CareSheetPdfDetails,
  type CareSheetPdfFile,
  type SaveCareSheetCheckInOutInput,
  type SaveCareSheetReviewInput,
} from '@hearth/shared/care-sheets/care-sheets.schema';
import { inBranchScope, type Scope } from '../../auth/scope';
import { AppError, notFound } from '../../errors/app-error';
import { msg } from '../../i18n/server-i18n';
import { translateEnglish } from '../../i18n/english-messages';
import { branches } from '../branches/branches.schema';
import { clients } from '../clients/clients.schema';
import { shifts } from '../shifts/shifts.schema';
import { receiptOf, recordVisitTimes, type DeviceFlags, type VisitCheck } from '../visits/visits.record';
import { withReceipt } from '../visits/visits.receipts';
import { findCallerCaregiver } from '../caregiver-app/caregiver-app.lookup';
import { careSheets } from './care-sheets.schema';
import { careSheetPdfFileName, renderCareSheetPdf, type CareSheetPdfSource } from './care-sheets.pdf';
import { loadCareSheetPdfSource, sheetFields } from './care-sheets.pdf-source';
import type { Language } from '@hearth/shared/i18n/languages';
import { publishShiftChange } from '../shifts/shifts.live';

/** Most care sheets listMyCareSheets answers (the newest visits). */
export const MY_CARE_SHEETS_LIMIT = 100;

/** Days after today that prefetchCareSheetCheckOutDetailsForOffline covers (issue "caregiver app" item 5). */
export const PREFETCH_DAYS = 7;

type CareSheetRow = typeof careSheets.$inferSelect;

/** The columns of a shift's check-out details: the visit, its branch's zone, the client's plan, its care sheet. */
const DETAILS_FIELDS = {
  shiftId: shifts.id,
  branchId: shifts.branchId,
  status: shifts.status,
  startAt: shifts.startAt,
  endAt: shifts.endAt,
  checkInAt: shifts.checkInAt,
  checkOutAt: shifts.checkOutAt,
  timezone: branches.timezone,
  clientId: clients.id,
  clientFirstName: clients.firstName,
  clientLastName: clients.lastName,
  tasks: clients.carePlanTasks,
  sheet: careSheets,
};

/** The check-out details query of the caller's shifts: shifts joined with branch, client and (left) care sheet. */
function detailsQuery(scope: Scope, caregiverId: number) {
  return scope.db
    .select(DETAILS_FIELDS)
    .from(shifts)
    .innerJoin(branches, eq(branches.id, shifts.branchId))
    .innerJoin(clients, eq(clients.id, shifts.clientId))
    .leftJoin(careSheets, eq(careSheets.shiftId, shifts.id))
    .where(eq(shifts.caregiverId, caregiverId))
    .$dynamic();
}

type DetailsRow = {
  shiftId: number;
  clientId: number;
  startAt: Date;
  endAt: Date;
  checkInAt: Date | null;
  checkOutAt: Date | null;
  timezone: string;
  clientFirstName: string;
  clientLastName: string;
  tasks: string[];
  sheet: CareSheetRow | null;
};

function toDetails(r: DetailsRow): CareSheetCheckOutDetails {
  return {
    shift_id: r.shiftId,
    care_sheet_id: r.sheet?.id ?? null,
    clientName: `${r.clientFirstName} ${r.clientLastName}`,
    carePlanId: r.clientId,
    startTimestamp: r.startAt.toISOString(),
    endTimestamp: r.endAt.toISOString(),
    timezone: r.timezone,
    checkIn: r.checkInAt?.toISOString() ?? null,
    checkOut: r.checkOutAt?.toISOString() ?? null,
    tasks: r.tasks,
    previous: r.sheet
      ? {
          ...sheetFields(r.sheet),
          submittedAt: r.sheet.submittedAt?.toISOString() ?? null,
          reviewedAt: r.sheet.reviewedAt?.toISOString() ?? null,
        }
      : null,
  };
}

/**
 * What the check-out page needs (getCareSheetCheckOutDetails {shift_id}, spec "Care sheets", issue "caregiver app"
 * item 5): the caller's own shift with the client's name, start and end (ISO UTC), the branch's time zone, the
 * check-in and check-out (ISO UTC or null), the client's care plan tasks (clients.care_plan_tasks) and the care
 * sheet's answers so far with submittedAt / reviewedAt (previous: null before the first save).
 * @returns CareSheetCheckOutDetails.
 * @throws AppError FORBIDDEN for a user with no caregiver record; NOT_FOUND "Shift N not found" for a shift that
 * is not the caller's (another caregiver's looks missing).
 */
export async function getCareSheetCheckOutDetails({
  scope,
  input,
}: {
  scope: Scope;
  input: { shift_id: number };
}): Promise<CareSheetCheckOutDetails> {
  const me = await findCallerCaregiver(scope);
  const [row] = await detailsQuery(scope, me.id).where(and(eq(shifts.caregiverId, me.id), eq(shifts.id, input.shift_id)));
  if (!row) throw notFound('Shift', input.shift_id);
  return toDetails(row);
}

/**
 * The check-out details of the caller's coming visits, stored by the app for offline use
 * (prefetchCareSheetCheckOutDetailsForOffline, issue "caregiver app" item 5): their shifts that are not cancelled
 * and start from the start of today through the next PREFETCH_DAYS (7) days, both in the branch's time zone (SQL
 * AT TIME ZONE, so a DST change keeps local midnights), soonest first. One query.
 * @returns CareSheetCheckOutDetails[] (see getCareSheetCheckOutDetails).
 * @throws AppError FORBIDDEN for a user with no caregiver record.
 */
export async function prefetchCareSheetCheckOutDetailsForOffline({
  scope,
}: {
  scope: Scope;
}): Promise<CareSheetCheckOutDetails[]> {
  const me = await findCallerCaregiver(scope);
  const localToday = sql`date_trunc('day', now() at time zone ${branches.timezone})`;
  const rows = await detailsQuery(scope, me.id)
    .where(
      and(
        eq(shifts.caregiverId, me.id),
        ne(shifts.status, 'cancelled'),
        sql`${shifts.startAt} >= (${localToday}) at time zone ${branches.timezone}`,
        sql`${shifts.startAt} < (${localToday} + make_interval(days => ${PREFETCH_DAYS + 1})) at time zone ${branches.timezone}`,
      ),
    )
    .orderBy(asc(shifts.startAt), asc(shifts.id));
  return rows.map(toDetails);
}

/** The care sheet fields of the input that were given, as table columns (an omitted field is left as it is). */
function givenColumns(input: Partial<CareSheetFields>): Partial<typeof careSheets.$inferInsert> {
  const blank = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() ? v.trim() : null);
  const columns: Partial<typeof careSheets.$inferInsert> = {
    completedTasks: input.completed_tasks === undefined ? undefined : [...new Set(input.completed_tasks)],
    caregiverComment: blank(input.caregiver_comment),
    transportationData: input.transportation_data,
    clientSignature: input.client_signature,
    clientInitials: input.client_initials,
    clientUnableToSignReason: blank(input.client_unable_to_sign_reason),
    caregiverSignature: input.caregiver_signature,
    caregiverInitials: input.caregiver_initials,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const IMAGE_FIELDS = ['client_signature', 'client_initials', 'caregiver_signature', 'caregiver_initials'] as const;

/**
 * Refuses a signature data URL whose bytes are not a PNG (the contract checks only its shape; the PDF embeds it).
 * @throws AppError BAD_REQUEST "A signature is a PNG image drawn on the screen" with the field named.
 */
function assertPngImages(input: Partial<CareSheetFields>): void {
  for (const field of IMAGE_FIELDS) {
    const value = input[field];
    if (!value) continue;
    const bytes = Buffer.from(value.slice(value.indexOf(',') + 1, value.indexOf(',') + 1 + 12), 'base64');
    if (!PNG_MAGIC.every((b, i) => bytes[i] === b)) {
      const message = 'A signature is a PNG image drawn on the screen';
      throw new AppError('BAD_REQUEST', message, { [field]: [message] });
    }
  }
}

/**
 * What the request's headers say of it (an offline replay's flag and the device's ISO UTC time, the mobile-app
 * flag, the phone's clock) and when it arrived: DeviceFlags of the visits feature, as the caregiver app's.
 */
export type RequestFlags = DeviceFlags;

/**
 * A check-in or check-out of the offline record as recordVisitTimes takes it. It is offline (the phone's time
 * recorded) only when the request is an offline replay (its offline flag header): a metadata offline flag sent
 * online does not make the stated time count (issue "No way around the rules").
 */
function visitCheck(
  at: string | null | undefined,
  metadata: SaveCareSheetCheckInOutInput['checkInOut']['checkInMetadata'],
  request: RequestFlags,
): VisitCheck | undefined {
  if (!at) return undefined;
  return {
    at: new Date(at),
    position: metadata?.position ?? null,
    outsideGeofenceReason: metadata?.outsideGeofenceReason?.trim() || null,
    offline: request.offline,
    offlineTimestamp: request.offlineTimestamp,
  };
}

/**
 * Saves the caregiver's visit record (saveCareSheetCheckInOut, spec "Offline check-in/out record", issue
 * "caregiver app" items 5 and 6), at most once per clientRecordId (withReceipt: a replay answers the first
 * result and writes nothing). On the caller's own shift, in order:
 * 1. checkInOut.checkIn / checkOut given are recorded by recordVisitTimes (the first check-in and check-out win;
 *    in an offline replay (the request's offline header) timesheet type 2 with the device's times, a time outside
 *    the visit's entry times recorded and flagged; sent online, at the server's receipt time, the stated times
 *    kept in the metadata; position in WGS84 degrees, accuracy in metres; the EVV time rules judge a check that is
 *    written by its recorded time, so a visit recorded offline in time uploads whenever the phone is back online);
 * 2. the care sheet fields given are saved (those omitted are left as they are; the row is created if missing);
 * 3. with submitted: true, the merged sheet must pass careSheetRuleErrors (the client signs or initials or the
 *    reason is given; the caregiver signs or initials), the visit must be checked out, submitted_at is set (the
 *    first submission's time stays), and shifts.tasks_missing becomes false when completed_tasks is not empty or
 *    the client's care plan has no tasks, else true (docs/glossary.md "Missing visit": tasksMissing).
 * The care sheet is not held by the pay period lock (it documents the visit; recordVisitTimes locks the times).
 * An offline replay (the x-offline header) that breaks a submit rule is saved as a draft rather than refused, so
 * that its visit times are never lost with it (the app drops records the server refuses, spec section 4).
 * Checks in or out tell the branch's and the caregiver's open screens (a live 'visits' event).
 * @param request the request's offline flag and offline timestamp headers (issue item 6): the checks of an
 * offline replay carry the phone's times, the timestamp kept in their metadata; with the mobile-app flag, the
 * phone's clock and the receipt time (the time of an online check; kept with each check, a clock off beyond the
 * tolerance flagged).
 * @returns {care_sheet_id, scheduleId}.
 * @throws AppError FORBIDDEN for a user with no caregiver record; NOT_FOUND "Shift N not found" for a shift not the
 * caller's; BAD_REQUEST "Shift N is cancelled: its care sheet cannot be saved", "The care sheet cannot be
 * submitted: <rule>" with field errors, "Check out of the visit before submitting its care sheet", a signature
 * that is not a PNG, the EVV time refusals of an online record ("Too early to check in: ...", "Too late to record
 * this ...: ... Ask the office ...", from recordVisitTimes); CONFLICT "This record id was already used", the pay
 * period lock of an online record (from recordVisitTimes: an offline replay into a locked period is recorded and flagged).
 */
export async function saveCareSheetCheckInOut({
  scope,
  input,
  request = { offline: false, offlineTimestamp: null, mobileApp: false, deviceTime: null, receivedAt: new Date() },
}: {
  scope: Scope;
  input: SaveCareSheetCheckInOutInput;
  request?: RequestFlags;
}): Promise<{ care_sheet_id: number; scheduleId: number }> {
  return withReceipt(scope, input.clientRecordId, 'saveCareSheetCheckInOut', async () => {
    const me = await findCallerCaregiver(scope);
    const [shift] = await scope.db
      .select({ id: shifts.id, status: shifts.status, tasks: clients.carePlanTasks, sheet: careSheets })
      .from(shifts)
      .innerJoin(clients, eq(clients.id, shifts.clientId))
      .leftJoin(careSheets, eq(careSheets.shiftId, shifts.id))
      .where(and(eq(shifts.id, input.shift_id), eq(shifts.caregiverId, me.id)))
      .for('update', { of: shifts });
    if (!shift) throw notFound('Shift', input.shift_id);
    if (shift.status === 'cancelled') {
      throw new AppError('BAD_REQUEST', `Shift ${shift.id} is cancelled: its care sheet cannot be saved`);
    }
    assertPngImages(input);
    const given = givenColumns(input);
    // An offline replay is never refused for the care sheet's own rules: the sync drops refused records, and the
    // visit's times must not go with them. It is kept as a draft instead, and the shift shows tasksMissing.
    const replay = request.offline;
    let submit = Boolean(input.submitted);
    if (submit) {
      // Checked before anything is written: the merged sheet is what would be submitted.
      const merged = { ...(shift.sheet ? sheetFields(shift.sheet) : {}), ...pickFields(input) };
      const errors = careSheetRuleErrors(merged);
      const broken = Object.values(errors);
      if (broken.length > 0 && replay) submit = false;
      else if (broken.length > 0) {
        // Each problem is worded in the reader's language too, not only the sentence around them.
        const problems = (language: Language) => broken.map((text) => translateEnglish(text, language)).join('; ');
        throw new AppError(
          'BAD_REQUEST',
          msg('errors.careSheets.cannotSubmit', { problems }),
          Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]])),
        );
      }
    }

    const { checkIn, checkOut, checkInMetadata, checkOutMetadata } = input.checkInOut;
    const checks = {
      checkIn: visitCheck(checkIn, checkInMetadata, request),
      checkOut: visitCheck(checkOut, checkOutMetadata, request),
    };
    if (checks.checkIn || checks.checkOut) {
      await recordVisitTimes(scope, { caregiverId: me.id, shiftId: shift.id, ...checks, receipt: receiptOf(request) });
      await publishShiftChange(scope.db, { topic: 'visits', shiftId: shift.id });
    }

    const now = new Date();
    const [sheet] = await scope.db
      .insert(careSheets)
      .values({ shiftId: shift.id, caregiverId: me.id, ...given })
      .onConflictDoUpdate({ target: careSheets.shiftId, set: { ...given, caregiverId: me.id, updatedAt: now } })
      .returning();

    const [times] = submit
      ? await scope.db.select({ checkOutAt: shifts.checkOutAt }).from(shifts).where(eq(shifts.id, shift.id))
      : [];
    if (submit && !times?.checkOutAt && replay) submit = false;
    if (submit) {
      if (!times?.checkOutAt) throw new AppError('BAD_REQUEST', 'Check out of the visit before submitting its care sheet');
      await scope.db
        .update(careSheets)
        .set({ submittedAt: sheet!.submittedAt ?? now })
        .where(eq(careSheets.id, sheet!.id));
      const tasksMissing = sheet!.completedTasks.length === 0 && shift.tasks.length > 0;
      await scope.db.update(shifts).set({ tasksMissing, updatedAt: now }).where(eq(shifts.id, shift.id));
    }
    return { care_sheet_id: sheet!.id, scheduleId: shift.id };
  });
}

/** The care sheet fields present in the input (for merging over the saved sheet). */
function pickFields(input: Partial<CareSheetFields>): Partial<CareSheetFields> {
  return Object.fromEntries(
    (Object.keys(input) as (keyof CareSheetFields)[])
      .filter((k) => k in EMPTY_FIELDS && input[k] !== undefined)
      .map((k) => [k, input[k]]),
  );
}

const EMPTY_FIELDS: Record<keyof CareSheetFields, true> = {
  completed_tasks: true,
  caregiver_comment: true,
  transportation_data: true,
  client_signature: true,
  client_initials: true,
  client_unable_to_sign_reason: true,
  caregiver_signature: true,
  caregiver_initials: true,
};

/** The caller's care sheets as list items, newest visit first (optionally one sheet). */
async function listItems(scope: Scope, caregiverId: number, careSheetId?: number): Promise<CareSheetListItem[]> {
  const rows = await scope.db
    .select({
      id: careSheets.id,
      shiftId: careSheets.shiftId,
      firstName: clients.firstName,
      lastName: clients.lastName,
      startAt: shifts.startAt,
      timezone: branches.timezone,
      submittedAt: careSheets.submittedAt,
      reviewedAt: careSheets.reviewedAt,
    })
    .from(careSheets)
    .innerJoin(shifts, eq(shifts.id, careSheets.shiftId))
    .innerJoin(branches, eq(branches.id, shifts.branchId))
    .innerJoin(clients, eq(clients.id, shifts.clientId))
    .where(and(eq(careSheets.caregiverId, caregiverId), careSheetId ? eq(careSheets.id, careSheetId) : undefined))
    .orderBy(desc(shifts.startAt), desc(careSheets.id))
    .limit(MY_CARE_SHEETS_LIMIT);
  return rows.map((r) => ({
    care_sheet_id: r.id,
    shift_id: r.shiftId,
    clientName: `${r.firstName} ${r.lastName}`,
    startTimestamp: r.startAt.toISOString(),
    timezone: r.timezone,
    submittedAt: r.submittedAt?.toISOString() ?? null,
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
  }));
}

/**
 * The caller's care sheets (listMyCareSheets, spec "Care sheets"): newest visit first, at most
 * MY_CARE_SHEETS_LIMIT (100), with the client's name, the visit start (ISO UTC), the branch's time zone, and when
 * the sheet was submitted and reviewed (ISO UTC or null).
 * @returns CareSheetListItem[].
 * @throws AppError FORBIDDEN for a user with no caregiver record.
 */
export async function listMyCareSheets({ scope }: { scope: Scope }): Promise<CareSheetListItem[]> {
  const me = await findCallerCaregiver(scope);
  return listItems(scope, me.id);
}

/**
 * The caregiver's review of a submitted care sheet (saveCareSheetReview {care_sheet_id, note?}; spec "Care sheet":
 * the review is saved separately): sets reviewed_at to now and review_note (blank: none). Reviewing again
 * updates both.
 * @returns the sheet as CareSheetListItem.
 * @throws AppError FORBIDDEN for a user with no caregiver record; NOT_FOUND "Care sheet N not found" for one not
 * the caller's; BAD_REQUEST "Submit the care sheet first" for one not yet submitted.
 */
export async function saveCareSheetReview({
  scope,
  input,
}: {
  scope: Scope;
  input: SaveCareSheetReviewInput;
}): Promise<CareSheetListItem> {
  const me = await findCallerCaregiver(scope);
  const [sheet] = await scope.db
    .select({ id: careSheets.id, submittedAt: careSheets.submittedAt })
    .from(careSheets)
    .where(and(eq(careSheets.id, input.care_sheet_id), eq(careSheets.caregiverId, me.id)))
    .for('update');
  if (!sheet) throw notFound('Care sheet', input.care_sheet_id);
  if (!sheet.submittedAt) throw new AppError('BAD_REQUEST', 'Submit the care sheet first');
  const now = new Date();
  await scope.db
    .update(careSheets)
    .set({ reviewedAt: now, reviewNote: input.note?.trim() || null, updatedAt: now })
    .where(eq(careSheets.id, sheet.id));
  const [item] = await listItems(scope, me.id, sheet.id);
  return item!;
}

/**
 * Who may read a care sheet (its PDF): the caregiver who wrote it (caregivers.user_id = the caller), or staff whose
 * branch scope holds the shift's branch (inBranchScope; caregivers have none). A SQL condition for the WHERE clause.
 */
export function careSheetReadable(scope: Scope) {
  return or(
    sql`${careSheets.caregiverId} in (select c.id from caregivers c where c.user_id = ${scope.userId})`,
    inBranchScope(scope, shifts.branchId),
  );
}

/**
 * Loads a care sheet for its PDF, readable by careSheetReadable (in the WHERE clause).
 * @throws AppError NOT_FOUND "Care sheet N not found" for a missing one or one the caller may not read.
 */
async function loadPdfSource(scope: Scope, careSheetId: number): Promise<CareSheetPdfSource> {
  const source = await loadCareSheetPdfSource(scope.db, and(eq(careSheets.id, careSheetId), careSheetReadable(scope)));
  if (!source) throw notFound('Care sheet', careSheetId);
  return source;
}

/**
 * A care sheet as its PDF shows it (getCareSheetPDFDetails {care_sheet_id}, spec "Care sheets"): the visit
 * (client, caregiver, service code with modifiers, scheduled and actual times ISO UTC, the branch's time zone), the
 * client's care plan tasks, the answers, and the submission and review. A caregiver reads only their own sheets;
 * staff read those of shifts in their branch scope.
 * @returns CareSheetPdfDetails.
 * @throws AppError NOT_FOUND "Care sheet N not found" for a missing one or one the caller may not read.
 */
export async function getCareSheetPDFDetails({
  scope,
  input,
}: {
  scope: Scope;
  input: { care_sheet_id: number };
}): Promise<CareSheetPdfDetails> {
  const { agencyName: _a, branchName: _b, clientLastName: _c, ...details } = await loadPdfSource(scope, input.care_sheet_id);
  return details;
}

/**
 * The care sheet as a PDF file (getCareSheetPDFFile {care_sheet_id}, issue "caregiver app" item 5), made with
 * @cantoo/pdf-lib by renderCareSheetPdf, in `language` (the requesting user's): who may read it as
 * getCareSheetPDFDetails.
 * @returns {fileName "care-sheet-<client-last-name>-<YYYY-MM-DD>.pdf" (the visit's local date), contentType
 * application/pdf, base64 of the file}.
 * @throws AppError NOT_FOUND "Care sheet N not found" for a missing one or one the caller may not read.
 */
export async function getCareSheetPDFFile({
  scope,
  input,
  language = 'en',
}: {
  scope: Scope;
  input: { care_sheet_id: number };
  /** The language of the PDF's texts and dates: the requesting user's (the request's, trpc/context.ts). */
  language?: Language;
}): Promise<CareSheetPdfFile> {
  const source = await loadPdfSource(scope, input.care_sheet_id);
  const bytes = await renderCareSheetPdf(source, language);
  return {
    fileName: careSheetPdfFileName(source),
    contentType: 'application/pdf',
    base64: Buffer.from(bytes).toString('base64'),
  };
}
