import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { TIMESHEET_TYPES } from '@hearth/shared/shifts/shifts.constants';
import { geofenceOf } from '@hearth/shared/visits/geofence';
import { formatInstant } from '@hearth/shared/app/time-display';
import type { CheckPosition } from '@hearth/shared/caregiver-app/caregiver-app.schema';
import { parseEvvSettings, type EvvSettings } from '@hearth/shared/caregiver-app/evv-settings';
import {
  deviceClockOffsetMs,
  entryRuleTime,
  entryTimeProblem,
  isClockSkewed,
  isStatedAfterReceipt,
  durationWords,
  type EntryKind,
} from '@hearth/shared/caregiver-app/evv-time-rules';
import type { Language } from '@hearth/shared/i18n/languages';
import { msg, translate } from '../../i18n/server-i18n';
import { zonedDateTime } from '../../i18n/server-dates';
import type { Scope } from '../../auth/scope';
import { AppError, notFound } from '../../errors/app-error';
import { branches } from '../branches/branches.schema';
import { companies } from '../companies/companies.schema';
import { clients } from '../clients/clients.schema';
import { careSheets } from '../care-sheets/care-sheets.schema';
import { admitPhoneEntry, type LockOver } from '../pay-periods/pay-periods.lock';
import { shifts, shiftTimesheets, type CheckMetadata, type OutsideEntryTimes } from '../shifts/shifts.schema';
import { writeTimesheet, type TimesheetRow } from './visits.timesheets';
import { alertGeofenceFlag } from '../notifications/geofence.notify';
import { notifyFamilyVisitChecked } from '../client-app/client-app-alerts.notify';

/** A check-in or check-out as the phone sent it (docs/glossary.md "EVV": time, position and accuracy, method). */
export interface VisitCheck {
  /**
   * The phone's stated time of the check (UTC). Recorded as the visit's time only for an offline replay; an online
   * check is recorded at the server's receipt time and this stays in its metadata (phoneTime).
   */
  at: Date;
  /** Browser geolocation (WGS84 degrees, accuracy in metres); null when the phone gave none. */
  position: CheckPosition | null;
  /** The caregiver's reason when outside the geofence; stored whenever given. */
  outsideGeofenceReason: string | null;
  /**
   * Recorded offline and replayed (the request's offline flag header): the timesheet type is 2 (offline) and the
   * phone's time is recorded; else type 1 (mobile) at the server's receipt time.
   */
  offline: boolean;
  /** ISO UTC time the device says it recorded the offline entry (x-offline-timestamp), kept in the metadata. */
  offlineTimestamp?: string | null;
}

/**
 * How the request reached the server, from its headers and the server's clock (the caregiver app and care sheet
 * routers read them; the services stay HTTP-free).
 */
export interface DeviceFlags {
  /** A mutation recorded offline and replayed (x-offline): timesheet type 2. */
  offline: boolean;
  /** ISO UTC time the device recorded it (x-offline-timestamp), or null. */
  offlineTimestamp: string | null;
  /** Sent by the caregiver app on the phone (x-mobile-app). */
  mobileApp: boolean;
  /** ISO UTC time on the phone's clock when it sent the request (x-device-time), or null. */
  deviceTime: string | null;
  /** The server's time when the request arrived. */
  receivedAt: Date;
}

/** How the request carrying the checks arrived (from its headers and the server's clock). */
export interface EntryReceipt {
  /** The server's time when the request arrived (UTC). */
  receivedAt: Date;
  /** The phone's clock when it sent the request (x-device-time), or null when it did not say. */
  deviceTime: Date | null;
  /** Sent by the caregiver app on the phone (the mobile-app flag header). */
  mobileApp: boolean;
}

/** The receipt recordVisitTimes keeps with each check, from the request's flags. */
export function receiptOf(device: Pick<DeviceFlags, 'mobileApp' | 'deviceTime' | 'receivedAt'>): EntryReceipt {
  return {
    receivedAt: device.receivedAt,
    deviceTime: device.deviceTime ? new Date(device.deviceTime) : null,
    mobileApp: device.mobileApp,
  };
}

/** What recordVisitTimes answers. */
export interface VisitTimesResult {
  timesheetId: number;
  careSheetId: number;
  /** Metres from the client's primary address, of the check given last (check-out when both); null when unknown. */
  distanceMetres: number | null;
  /** Whether that check was within the branch's geofence radius; null when the distance is unknown. */
  insideGeofence: boolean | null;
  /** Whether a check of this visit is outside the geofence or without a known distance (office review). */
  flaggedForReview: boolean;
}

/** The caregiver-made types: a timesheet with either is the one the app writes to (office edits are type 3). */
const CAREGIVER_TYPES = [TIMESHEET_TYPES.mobile, TIMESHEET_TYPES.offline];

/**
 * Records a caregiver's check-in and/or check-out of their own shift (caregiverAppCheckInOut and
 * saveCareSheetCheckInOut; issue "caregiver app" item 4, docs/glossary.md "EVV"). The shift row is locked for the rest
 * of the request, so two taps on one visit run one after the other.
 *
 * - The visit's times go to the shift's caregiver-made timesheet (check_in_type or check_out_type 1 or 2), created
 *   when there is none. The first check-in wins: a check-in is written only when the timesheet has none (a replay
 *   or a second tap changes nothing), and likewise the first check-out, which must come after the check-in.
 * - Type 2 (offline) when the check was recorded offline, else 1 (mobile); the metadata (CheckMetadata) holds the
 *   position and accuracy, the haversine distance in metres to the client's primary address, whether that is
 *   within the branch's geofence radius (150 m by default), the reason given, the offline flag and timestamp.
 * - Outside the geofence, with no position, or with an address without coordinates, the visit is flagged for
 *   review and still recorded (never blocked).
 * - The time recorded (issue "No way around the rules": EVV times come from the server when the phone is online):
 *   an online check is recorded at the server's receipt time (`receipt.receivedAt`), whatever time the request
 *   states, which stays in the metadata as phoneTime; only an offline replay (`offline`, from the offline flag and
 *   offline timestamp headers) records the phone's time, since it happened then and may upload days later.
 * - EVV time integrity (evv-time-rules.ts, the company's EvvSettings): a check that is written is judged by its
 *   recorded time (entryRuleTime). Online, a check-in before `earlyCheckInMinutes` ahead of the scheduled start,
 *   or any check more than `lateEntryLimitMinutes` after the scheduled end, is refused with a message that tells
 *   the caregiver to ask the office (saveShiftTimesheet records it as a manual edit with a reason code). An offline
 *   replay outside those times, or stated after its receipt, is recorded and flagged for review (metadata
 *   outsideEntryTimes 'too_early', 'too_late' or 'after_receipt'), never refused: the phone drops what the
 *   server refuses (spec section 4), and a visit must not be lost. Checks that change nothing (a replay, a time
 *   already recorded) are not judged. The metadata keeps the receipt time, the phone's clock and its offset in
 *   seconds; a clock off by more than `clockSkewToleranceMinutes` sets clockSkew and flags the visit for review
 *   (never refused).
 * - Pay period lock (admitPhoneEntry): checks recorded offline are written into a locked period, so a visit
 *   recorded in time is never lost to a lock it could not see. The lock's override audit records them under the
 *   caregiver's user as action offline_timesheet, their metadata keeps the lock (afterPayPeriodLock) and the visit
 *   is flagged for review ("Arrived after the pay period was locked" in EVV review and the shift's timesheets).
 *   Payroll lines already computed for the period keep their figures until the office computes it again. Online
 *   checks into a locked period are refused: the caregiver sees it at the visit and asks the office.
 * - The shift's check_in_at / check_out_at / status follow its timesheets (writeTimesheet, the write the office's
 *   edits use too); a check-out sets
 *   tasks_missing when the client's care plan has tasks and the care sheet has none completed yet.
 * - A care_sheets row exists for the shift afterwards (created empty for this caregiver).
 * - A check recorded outside the geofence alerts the branch's office once (notifications alertGeofenceFlag).
 * - The client's family hears of a check written now (visit started, ended; client-app-alerts.notify.ts
 *   notifyFamilyVisitChecked); a replay that writes nothing tells nobody.
 * @returns the timesheet and care sheet ids, the distance and geofence result, and the review flag.
 * @throws AppError NOT_FOUND "Shift N not found" when the shift is not this caregiver's; BAD_REQUEST when it is
 * cancelled, when neither check is given, "Check in before checking out" for a check-out with no check-in, a
 * check-out not after the check-in, "Too early to check in: ..." or "Too late to record this check-in|check-out
 * from the phone: ... Ask the office ..." (field checkIn or checkOut); CONFLICT "The pay period ... is locked: the
 * phone cannot record this check-in|check-out. Ask the office ..." for an online check into a locked period.
 */
export async function recordVisitTimes(
  scope: Scope,
  input: {
    caregiverId: number;
    shiftId: number;
    checkIn?: VisitCheck | null;
    checkOut?: VisitCheck | null;
    receipt: EntryReceipt;
  },
): Promise<VisitTimesResult> {
  const { checkIn, checkOut, receipt } = input;
  if (!checkIn && !checkOut) throw new AppError('BAD_REQUEST', 'Give a check-in or a check-out');
  const shift = await findOwnShift(scope, input.caregiverId, input.shiftId);
  if (shift.status === 'cancelled') {
    throw new AppError('BAD_REQUEST', `Shift ${shift.id} is cancelled: it cannot be checked in or out`);
  }
  const [current] = await scope.db
    .select()
    .from(shiftTimesheets)
    .where(
      and(
        eq(shiftTimesheets.shiftId, shift.id),
        or(inArray(shiftTimesheets.checkInType, CAREGIVER_TYPES), inArray(shiftTimesheets.checkOutType, CAREGIVER_TYPES)),
      ),
    )
    .orderBy(asc(shiftTimesheets.id))
    .limit(1);

  const changes: Partial<typeof shiftTimesheets.$inferInsert> = {};
  let checkInAt = current?.checkIn ?? null;
  if (checkIn && !checkInAt) {
    const at = recordedTime(checkIn, receipt);
    const outside = judgeEntryTime('check_in', checkIn, at, shift, receipt);
    checkInAt = at;
    changes.checkIn = at;
    changes.checkInType = typeOf(checkIn);
    changes.checkInMetadata = metadataOf(checkIn, shift, receipt, outside);
  }
  if (checkOut && !current?.checkOut) {
    if (!checkInAt) throw new AppError('BAD_REQUEST', 'Check in before checking out');
    const at = recordedTime(checkOut, receipt);
    if (at <= checkInAt) {
      throw new AppError(
        'BAD_REQUEST',
        `The check-out (${at.toISOString()}) must be after the check-in (${checkInAt.toISOString()})`,
      );
    }
    const outside = judgeEntryTime('check_out', checkOut, at, shift, receipt);
    changes.checkOut = at;
    changes.checkOutType = typeOf(checkOut);
    changes.checkOutMetadata = metadataOf(checkOut, shift, receipt, outside);
  }

  let sheet: Pick<TimesheetRow, 'id' | 'checkInMetadata' | 'checkOutMetadata'> | undefined = current;
  if (Object.keys(changes).length > 0) {
    const written = [changes.checkIn ? checkIn : null, changes.checkOut ? checkOut : null].filter((c) => c != null);
    const lock = await admitPhoneEntry(scope, shift, {
      offline: written.every((c) => c.offline),
      what: changes.checkOut && !changes.checkIn ? 'check-out' : 'check-in',
    });
    if (lock) stampLock(changes, lock);
    sheet = await writeTimesheet(scope, shift, current?.id ?? null, changes);
    if (changes.checkInMetadata?.insideGeofence === false) await alertGeofenceFlag(scope.db, shift.id, 'in');
    if (changes.checkOutMetadata?.insideGeofence === false) await alertGeofenceFlag(scope.db, shift.id, 'out');
    const checks = { checkIn: changes.checkIn ?? null, checkOut: changes.checkOut ?? null };
    await notifyFamilyVisitChecked(scope.db, shift.id, checks, receipt.receivedAt);
  }
  if (!sheet) throw new AppError('INTERNAL_SERVER_ERROR', `Timesheet of shift ${shift.id} was not written`);

  const careSheet = await ensureCareSheet(scope, shift.id, input.caregiverId);
  if (changes.checkOut && shift.carePlanTasks.length > 0 && careSheet.completedTasks.length === 0) {
    await scope.db.update(shifts).set({ tasksMissing: true, updatedAt: new Date() }).where(eq(shifts.id, shift.id));
  }

  const last = checkOut ? sheet.checkOutMetadata : sheet.checkInMetadata;
  const checks = [sheet.checkInMetadata, sheet.checkOutMetadata].filter((m): m is CheckMetadata => m != null);
  return {
    timesheetId: sheet.id,
    careSheetId: careSheet.id,
    distanceMetres: last?.distanceMetres ?? null,
    insideGeofence: last?.insideGeofence ?? null,
    flaggedForReview: checks.some(
      (m) => m.insideGeofence !== true || m.clockSkew === true || m.afterPayPeriodLock != null || m.outsideEntryTimes != null,
    ),
  };
}

/**
 * Marks the checks being written as uploaded after their pay period locked (metadata afterPayPeriodLock), so the
 * visit is flagged for review in EVV review and the shift's timesheets; the times themselves are kept as recorded.
 */
function stampLock(changes: Partial<typeof shiftTimesheets.$inferInsert>, lock: LockOver): void {
  const afterPayPeriodLock = {
    periodStart: lock.periodStart,
    periodEnd: lock.periodEnd,
    locksAt: lock.locksAt.toISOString(),
  };
  if (changes.checkInMetadata) changes.checkInMetadata = { ...changes.checkInMetadata, afterPayPeriodLock };
  if (changes.checkOutMetadata) changes.checkOutMetadata = { ...changes.checkOutMetadata, afterPayPeriodLock };
}

/**
 * The time a check is recorded at (entryRuleTime): the phone's for an offline replay, the server's receipt time for
 * an online check (a phone's stated time cannot move an online visit).
 */
function recordedTime(check: VisitCheck, receipt: EntryReceipt): Date {
  return entryRuleTime({ at: check.at, offline: check.offline, receivedAt: receipt.receivedAt });
}

/**
 * Judges a check's recorded time against what the phone may record for the visit (entryTimeProblem). An online
 * check outside it is refused, with the scheduled times worded on the branch's wall clock with the zone's
 * abbreviation; an offline replay is recorded, and the problem is answered to flag it for review, as is an offline
 * replay stated after its receipt (isStatedAfterReceipt: tomorrow's visit uploaded today).
 * @returns null when the time is within the visit's entry times, else the problem of an offline replay.
 * @throws AppError BAD_REQUEST "Too early to check in: ..." or "Too late to record this ... Ask the office ...".
 */
function judgeEntryTime(
  kind: EntryKind,
  check: VisitCheck,
  at: Date,
  shift: OwnShift,
  receipt: EntryReceipt,
): OutsideEntryTimes | null {
  if (check.offline && isStatedAfterReceipt({ at, receivedAt: receipt.receivedAt }, shift.evvSettings)) {
    return 'after_receipt';
  }
  const problem = entryTimeProblem(kind, at, shift, shift.evvSettings);
  if (!problem) return null;
  if (check.offline) return problem.code;
  const field = kind === 'check_in' ? 'checkIn' : 'checkOut';
  const message = entryRefusal(kind, problem, shift);
  throw new AppError('BAD_REQUEST', message, { [field]: [message] });
}

/**
 * The refusal of an online check outside the visit's entry times, in the caregiver app's words (its catalogue's
 * `entry` messages, which the phone shows for the same rule): the time on the branch's wall clock with the zone's
 * abbreviation (in English the spec's "03/08/26 7:00 AM EDT", else through Intl in the reader's locale) and the
 * company's limit in days, hours or minutes with the language's plurals (durationWords). The English is
 * tooEarlyMessage's and tooLateMessage's.
 */
function entryRefusal(kind: EntryKind, problem: NonNullable<ReturnType<typeof entryTimeProblem>>, shift: OwnShift) {
  const when = (d: Date) => (language: Language) =>
    language === 'en' ? formatInstant(d, shift.timezone, { zoneName: 'always' }) : zonedDateTime(d, shift.timezone, language);
  const duration = (minutes: number) => (language: Language) =>
    durationWords(minutes, (count, unit) => translate(msg(`caregiverApp:entry.${unit}`, { count }), language));
  if (problem.code === 'too_early') {
    const { earlyCheckInMinutes } = shift.evvSettings;
    return earlyCheckInMinutes === 0
      ? msg('caregiverApp:entry.tooEarlyAtStart', { opensAt: when(problem.opensAt) })
      : msg('caregiverApp:entry.tooEarly', { opensAt: when(problem.opensAt), duration: duration(earlyCheckInMinutes) });
  }
  const values = { endAt: when(shift.endAt), duration: duration(shift.evvSettings.lateEntryLimitMinutes) };
  return msg(kind === 'check_in' ? 'caregiverApp:entry.tooLate_check_in' : 'caregiverApp:entry.tooLate_check_out', values);
}

/** What a check is measured against: the client's primary address and the branch's geofence. */
interface OwnShift {
  id: number;
  branchId: number;
  startAt: Date;
  endAt: Date;
  /** The branch's IANA time zone (the wall clock messages are worded on). */
  timezone: string;
  /** The company's EVV time rules, defaults filled. */
  evvSettings: EvvSettings;
  status: (typeof shifts.$inferSelect)['status'];
  carePlanTasks: string[];
  geofenceRadiusMetres: number;
  addressLat: number | null;
  addressLon: number | null;
}

/**
 * The caregiver's own shift, locked until the request ends, with the client's primary address coordinates, care
 * plan, the branch's geofence radius and time zone, and the company's EVV settings. Another caregiver's shift
 * looks missing.
 * @throws AppError NOT_FOUND "Shift N not found".
 */
async function findOwnShift(scope: Scope, caregiverId: number, shiftId: number): Promise<OwnShift> {
  const [row] = await scope.db
    .select({
      id: shifts.id,
      branchId: shifts.branchId,
      startAt: shifts.startAt,
      endAt: shifts.endAt,
      timezone: branches.timezone,
      evvSettings: companies.evvSettings,
      status: shifts.status,
      carePlanTasks: clients.carePlanTasks,
      geofenceRadiusMetres: branches.geofenceRadiusMetres,
      addressLat: sql<number | null>`(select a.lat from client_addresses a
        where a.client_id = ${shifts.clientId} and a.is_primary order by a.id limit 1)`,
      addressLon: sql<number | null>`(select a.lon from client_addresses a
        where a.client_id = ${shifts.clientId} and a.is_primary order by a.id limit 1)`,
    })
    .from(shifts)
    .innerJoin(branches, eq(branches.id, shifts.branchId))
    .innerJoin(companies, eq(companies.id, branches.companyId))
    .innerJoin(clients, eq(clients.id, shifts.clientId))
    .where(and(eq(shifts.id, shiftId), eq(shifts.caregiverId, caregiverId)))
    .for('update', { of: shifts });
  if (!row) throw notFound('Shift', shiftId);
  return {
    ...row,
    evvSettings: parseEvvSettings(row.evvSettings),
    addressLat: numberOrNull(row.addressLat),
    addressLon: numberOrNull(row.addressLon),
  };
}

/** A double precision read through raw SQL may arrive as a string on node-postgres. */
function numberOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

function typeOf(check: VisitCheck): number {
  return check.offline ? TIMESHEET_TYPES.offline : TIMESHEET_TYPES.mobile;
}

/**
 * The EVV metadata of one check: position, distance to the client's address in metres, geofence result, and the
 * receipt: the server's receipt time, the phone's stated time of an online check (phoneTime), the phone's clock,
 * how far it is off (seconds, ahead positive) and whether that is beyond the company's tolerance or the entry was
 * stated after its receipt (clockSkew), and for an offline replay outside the visit's entry times, which side
 * (outsideEntryTimes).
 */
function metadataOf(
  check: VisitCheck,
  shift: OwnShift,
  receipt: EntryReceipt,
  outsideEntryTimes: OutsideEntryTimes | null,
): CheckMetadata {
  const fence = geofenceOf(check.position, { lat: shift.addressLat, lon: shift.addressLon }, shift.geofenceRadiusMetres);
  const offset = deviceClockOffsetMs({ ...receipt, entryAt: check.at, offline: check.offline });
  return {
    lat: check.position?.lat ?? null,
    lon: check.position?.lon ?? null,
    accuracyMetres: check.position?.accuracyMetres ?? null,
    distanceMetres: fence.distanceMetres,
    insideGeofence: fence.insideGeofence,
    outsideGeofenceReason: check.outsideGeofenceReason,
    offline: check.offline,
    ...(check.offline && check.offlineTimestamp ? { offlineTimestamp: check.offlineTimestamp } : {}),
    ...(check.offline ? {} : { phoneTime: check.at.toISOString() }),
    ...(outsideEntryTimes ? { outsideEntryTimes } : {}),
    receivedAt: receipt.receivedAt.toISOString(),
    deviceTime: receipt.deviceTime?.toISOString() ?? null,
    clockOffsetSeconds: offset === null ? null : Math.round(offset / 1000),
    // An entry stated after it was received shows a phone clock that was wrong when it was made, whatever it read
    // when sending: EVV review shows it as a phone clock off, not compliant.
    clockSkew: isClockSkewed(offset, shift.evvSettings) || outsideEntryTimes === 'after_receipt',
    mobileApp: receipt.mobileApp,
  };
}

/**
 * The shift's care sheet, created empty for the caregiver when missing (one per shift: the unique index on
 * shift_id makes a concurrent creation a no-op).
 */
async function ensureCareSheet(scope: Scope, shiftId: number, caregiverId: number) {
  await scope.db.insert(careSheets).values({ shiftId, caregiverId }).onConflictDoNothing({ target: careSheets.shiftId });
  const [row] = await scope.db
    .select({ id: careSheets.id, completedTasks: careSheets.completedTasks })
    .from(careSheets)
    .where(eq(careSheets.shiftId, shiftId));
  if (!row) throw new AppError('INTERNAL_SERVER_ERROR', `Care sheet of shift ${shiftId} was not created`);
  return row;
}
