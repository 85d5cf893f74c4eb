import { eq } from 'drizzle-orm';
import type { TestApp } from '../../test/test-app';
import { shifts, shiftTimesheets, type CheckMetadata } from '../shifts/shifts.schema';
import { ny, shiftFixtures } from '../shifts/shifts.test-support';

type Status = (typeof shifts.$inferSelect)['status'];

/** A check of a hand-built timesheet: New York wall clock, type (1 mobile, 2 offline, 3 office), geofence result. */
export interface TestCheck {
  at: string;
  type: 1 | 2 | 3;
  inside?: boolean | null;
  distance?: number;
  /** Sent from a phone whose clock was off beyond the tolerance (metadata clockSkew). */
  skew?: boolean;
  /** Arrived after its pay period was locked (metadata afterPayPeriodLock set). */
  afterLock?: boolean;
}

/**
 * What the dashboard tests build on: shiftFixtures plus `visit`, which creates a shift (as the developer, who
 * reaches every branch), writes its timesheets directly as the caregiver app or the office would and sets its
 * status, so each visit's EVV data is exactly what a test asks for.
 */
export async function dashboardFixtures(t: TestApp) {
  const f = await shiftFixtures(t);
  const metadata = (c: TestCheck | undefined): CheckMetadata | null =>
    c && c.type !== 3
      ? {
          lat: 42.35,
          lon: -71.06,
          distanceMetres: c.distance ?? 25,
          insideGeofence: c.inside ?? null,
          ...(c.skew === undefined ? {} : { clockSkew: c.skew }),
          ...(c.afterLock
            ? { afterPayPeriodLock: { periodStart: '2026-01-01', periodEnd: '2026-01-15', locksAt: '2026-01-18T05:00:00.000Z' } }
            : {}),
        }
      : null;

  async function visit(v: {
    clientId: number;
    caregiverId: number | null;
    from: string;
    to: string;
    status: Status;
    sheets?: { in?: TestCheck; out?: TestCheck; reasonCode?: string }[];
  }) {
    const shift = await f.shift(
      { clientId: v.clientId, caregiverId: v.caregiverId, startTimestamp: ny(v.from), endTimestamp: ny(v.to) },
      'developer',
    );
    for (const s of v.sheets ?? []) {
      await f.db.insert(shiftTimesheets).values({
        shiftId: shift.id,
        checkIn: s.in ? new Date(ny(s.in.at)) : null,
        checkInType: s.in?.type ?? null,
        checkInMetadata: metadata(s.in),
        checkOut: s.out ? new Date(ny(s.out.at)) : null,
        checkOutType: s.out?.type ?? null,
        checkOutMetadata: metadata(s.out),
        reasonCode: s.reasonCode ?? null,
      });
    }
    await f.db.update(shifts).set({ status: v.status }).where(eq(shifts.id, shift.id));
    return shift.id;
  }

  return { ...f, visit };
}
