import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ClientAppVisit, VisitLiveStatus } from '@hearth/shared/client-app/client-app-visits.schema';
import type { ShiftStatus } from '@hearth/shared/shifts/shifts.constants';
import type { Db } from '../../db/client';
import { caregivers } from '../caregivers/caregivers.schema';
import { shifts } from '../shifts/shifts.schema';
import { users } from '../users/users.schema';

/**
 * What the family reads of a visit's state (VISIT_LIVE_STATUSES, issue "client and family app" item 1: "checked in
 * at 9:02", "checked out at 1:01"): cancelled and missed as the shift says; otherwise from its EVV times, which
 * mirror the caregiver's timesheets (shifts.check_in_at / check_out_at), a visit the office completed without
 * times reading as checked out.
 */
export function liveStatus(row: { status: ShiftStatus; checkInAt: Date | null; checkOutAt: Date | null }): VisitLiveStatus {
  if (row.status === 'cancelled' || row.status === 'missed') return row.status;
  if (row.checkOutAt || row.status === 'completed') return 'checked_out';
  if (row.checkInAt || row.status === 'in_progress') return 'checked_in';
  return 'scheduled';
}

/**
 * The description of the shift's service in its payer's services (payer_source_services, same code and the same
 * modifiers in any order), or null when the payer lists none: the family reads "Personal care", not "T1019".
 */
const serviceName = sql<string | null>`(
  select pss.description from payer_source_services pss
  where pss.payer_source_id = ${shifts.payerSourceId} and pss.service_code = ${shifts.serviceCode}
    and pss.modifiers @> ${shifts.modifiers} and ${shifts.modifiers} @> pss.modifiers
  order by pss.id limit 1)`;

const visitColumns = {
  shiftId: shifts.id,
  startAt: shifts.startAt,
  endAt: shifts.endAt,
  checkInAt: shifts.checkInAt,
  checkOutAt: shifts.checkOutAt,
  status: shifts.status,
  serviceCode: shifts.serviceCode,
  modifiers: shifts.modifiers,
  serviceName,
  caregiverId: shifts.caregiverId,
  caregiverFirstName: caregivers.firstName,
  photoUrl: users.image,
  branchId: shifts.branchId,
};

/** A visit row as readVisits selects it. */
export type VisitRow = Awaited<ReturnType<typeof readVisits>>[number];

/**
 * The visits of client `clientId` matching `where` (a condition on shifts), with the caregiver's first name and
 * sign-in picture and the service's description; the client is always in the `where`, so a visit of another
 * client is never read. Ordered by `order` (default start ascending), at most `limit` rows.
 */
export async function readVisits(
  db: Db,
  clientId: number,
  where: SQL | undefined,
  options: { limit?: number; newestFirst?: boolean } = {},
) {
  const query = db
    .select(visitColumns)
    .from(shifts)
    .leftJoin(caregivers, eq(caregivers.id, shifts.caregiverId))
    .leftJoin(users, eq(users.id, caregivers.userId))
    .where(and(eq(shifts.clientId, clientId), where))
    .orderBy(...(options.newestFirst ? [desc(shifts.startAt), desc(shifts.id)] : [shifts.startAt, shifts.id]))
    .$dynamic();
  return options.limit === undefined ? query : query.limit(options.limit);
}

/**
 * Only a picture a browser may load without leaking a session: an https URL or an inline image. Anything else
 * (a storage key, a http URL) is left out rather than shown broken or insecure.
 */
function safePhoto(url: string | null): string | null {
  if (!url) return null;
  return /^https:\/\//i.test(url) || /^data:image\/(png|jpeg|webp|gif);base64,/i.test(url) ? url : null;
}

/** A visit row in the family's whitelist of fields (ClientAppVisit): nothing of the shift's pay, notes or payer. */
export function toClientAppVisit(row: VisitRow): ClientAppVisit {
  return {
    shiftId: row.shiftId,
    startAt: row.startAt.toISOString(),
    endAt: row.endAt.toISOString(),
    checkInAt: row.checkInAt?.toISOString() ?? null,
    checkOutAt: row.checkOutAt?.toISOString() ?? null,
    status: liveStatus(row),
    serviceName: row.serviceName,
    serviceCode: row.serviceCode ? [row.serviceCode, ...row.modifiers].join(' ') : null,
    caregiver:
      row.caregiverId !== null && row.caregiverFirstName !== null
        ? { firstName: row.caregiverFirstName, photoUrl: safePhoto(row.photoUrl) }
        : null,
  };
}
