import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { sendUserNotification } from './notifications.service';
import { claimNotices } from './notice-ledger';
import { branchOfficeUserIds } from './office-recipients';
import { visitWhen } from './visit-when';

interface FlaggedVisit {
  branch_id: number;
  client_id: number;
  start_at: Date | string;
  end_at: Date | string;
  timezone: string;
  caregiver: string;
  client: string;
}

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
  const [visit] = rowsOf<FlaggedVisit>(
    await db.execute(sql`
      select s.branch_id, s.client_id, s.start_at, s.end_at, b.timezone,
        c.first_name || ' ' || c.last_name as caregiver, cl.first_name || ' ' || cl.last_name as client
      from shifts s
      join caregivers c on c.id = s.caregiver_id
      join clients cl on cl.id = s.client_id
      join branches b on b.id = s.branch_id
      where s.id = ${shiftId}`),
  );
  if (!visit) return { told: 0 };
  const start = new Date(visit.start_at);
  const end = new Date(visit.end_at);
  const office = (await branchOfficeUserIds(db, [visit.branch_id])).get(visit.branch_id) ?? [];
  for (const userId of office) {
    await sendUserNotification({
      db,
      userId,
      kind: 'geofence_flag',
      params: {
        caregiver: visit.caregiver,
        client: visit.client,
        when: (language) => visitWhen(start, end, visit.timezone, language),
      },
      link: `/clients/${visit.client_id}/schedule`,
    });
  }
  return { told: office.length };
}
