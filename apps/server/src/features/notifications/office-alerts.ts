import { sql, type SQL } from 'drizzle-orm';
import type { Language } from '@hearth/shared/i18n/languages';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { UserNotification } from './notifications.service';
import { visitWhen } from './visit-when';

/** A visit as an office alert about it (late visit, geofence flag) reads it: names, times (UTC) and zone. */
export interface OfficeVisit {
  id: number;
  branch_id: number;
  client_id: number;
  start_at: Date | string;
  end_at: Date | string;
  timezone: string;
  caregiver: string;
  client: string;
}

/**
 * The visits with a caregiver matching `where` (a condition on `s`, the shifts row), as office alerts read them,
 * ordered by start and id, at most `limit` (default all).
 */
export async function officeVisits(db: Db, where: SQL, limit?: number): Promise<OfficeVisit[]> {
  return rowsOf<OfficeVisit>(
    await db.execute(sql`
      select s.id, s.branch_id, s.client_id, s.start_at, s.end_at, b.timezone,
        c.first_name || ' ' || c.last_name as caregiver, cl.first_name || ' ' || cl.last_name as client
      from shifts s
      join caregivers c on c.id = s.caregiver_id
      join clients cl on cl.id = s.client_id
      join branches b on b.id = s.branch_id
      where ${where}
      order by s.start_at, s.id
      ${limit === undefined ? sql`` : sql`limit ${limit}`}`),
  );
}

/**
 * The notification of an office alert of `kind` about `visit` for user `userId`: the caregiver, the client and the
 * visit's times on the branch's wall clock in the reader's language, opening the client's schedule.
 */
export function officeAlert(
  kind: 'late_visit' | 'geofence_flag',
  visit: OfficeVisit,
  userId: number,
): Omit<UserNotification, 'db'> {
  const start = new Date(visit.start_at);
  const end = new Date(visit.end_at);
  return {
    userId,
    kind,
    params: {
      caregiver: visit.caregiver,
      client: visit.client,
      when: (language: Language) => visitWhen(start, end, visit.timezone, language),
    },
    link: `/clients/${visit.client_id}/schedule`,
  };
}
