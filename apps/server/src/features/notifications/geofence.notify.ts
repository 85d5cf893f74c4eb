import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sendUserNotifications } from './notifications.service';
import { claimNotices } from './notice-ledger';
import { officeAlert, officeVisits } from './office-alerts';
import { branchOfficeUserIds } from './office-recipients';

/**
 * Alerts the branch's office (office-recipients branchOfficeUserIds) that a caregiver checked in or out outside the
 * client's geofence (issue "Reaching people" item 3; the check is recorded and flagged for EVV review, never refused:
 * docs/glossary.md "EVV"). Once per visit and check (the notice ledger, kind geofence_flag, subject "<shift>:in" or
 * "<shift>:out"), so a replayed offline check does not alert again. Opens the client's schedule.
 * @param db the check's transaction: a check rolled back alerts no one.
 * @returns how many users were told (0 when already alerted).
 */
export async function alertGeofenceFlag(db: Db, shiftId: number, check: 'in' | 'out'): Promise<{ told: number }> {
  const claimed = await claimNotices(db, 'geofence_flag', [`${shiftId}:${check}`]);
  if (claimed.size === 0) return { told: 0 };
  const [visit] = await officeVisits(db, sql`s.id = ${shiftId}`);
  if (!visit) return { told: 0 };
  const office = (await branchOfficeUserIds(db, [visit.branch_id])).get(visit.branch_id) ?? [];
  await sendUserNotifications(
    db,
    office.map((userId) => officeAlert('geofence_flag', visit, userId)),
  );
  return { told: office.length };
}
