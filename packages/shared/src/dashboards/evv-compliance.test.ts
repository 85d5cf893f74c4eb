import { describe, expect, it } from 'vitest';
import { complianceRate, evvVisitFlags, LATE_CHECK_IN_GRACE_MINUTES, type EvvTimesheet } from './evv-compliance';

const start = new Date('2031-03-04T14:00:00Z');
const at = (minutesAfterStart: number) => new Date(start.getTime() + minutesAfterStart * 60_000);

/** A device timesheet (type 1) from `inAt` to `outAt` minutes after the start, inside the geofence unless told. */
function device(inAt: number, outAt: number | null, patch: Partial<EvvTimesheet> = {}): EvvTimesheet {
  return {
    checkIn: at(inAt),
    checkOut: outAt === null ? null : at(outAt),
    checkInType: 1,
    checkOutType: outAt === null ? null : 1,
    checkInInsideGeofence: true,
    checkOutInsideGeofence: outAt === null ? null : true,
    ...patch,
  };
}

describe('evvVisitFlags', () => {
  it('a device visit inside the geofence on time is compliant and has no other flag', () => {
    expect(evvVisitFlags({ startAt: start, timesheets: [device(3, 120)] })).toEqual({
      compliant: true,
      geofenceException: false,
      manualEdit: false,
      lateCheckIn: false,
      clockSkew: false,
      afterLock: false,
    });
  });

  it('a check sent from a phone whose clock was off is flagged and not compliant', () => {
    const skewed = evvVisitFlags({ startAt: start, timesheets: [device(0, 60, { checkOutClockSkew: true })] });
    expect(skewed).toMatchObject({ compliant: false, clockSkew: true, geofenceException: false });
    // An office check carries no phone clock: a stray flag on it does not count.
    const office: EvvTimesheet = { ...device(0, 60), checkOutType: 3, checkOutClockSkew: true };
    expect(evvVisitFlags({ startAt: start, timesheets: [office] }).clockSkew).toBe(false);
  });

  it('an offline check that arrived after its pay period locked is flagged, still compliant', () => {
    const late = evvVisitFlags({
      startAt: start,
      timesheets: [device(0, 60, { checkInType: 2, checkOutType: 2, checkOutAfterLock: true })],
    });
    expect(late).toMatchObject({ compliant: true, afterLock: true, clockSkew: false });
    const office: EvvTimesheet = { ...device(0, 60), checkInType: 3, checkOutType: 3, checkInAfterLock: true };
    expect(evvVisitFlags({ startAt: start, timesheets: [office] }).afterLock).toBe(false);
  });

  it('an offline check (type 2) counts as a device check', () => {
    const flags = evvVisitFlags({ startAt: start, timesheets: [device(0, 60, { checkInType: 2, checkOutType: 2 })] });
    expect(flags.compliant).toBe(true);
  });

  it('a check-out outside the geofence is an exception and not compliant', () => {
    const flags = evvVisitFlags({ startAt: start, timesheets: [device(0, 60, { checkOutInsideGeofence: false })] });
    expect(flags).toMatchObject({ compliant: false, geofenceException: true });
  });

  it('an unknown geofence result (no position) is not compliant but not an exception either', () => {
    const flags = evvVisitFlags({ startAt: start, timesheets: [device(0, 60, { checkInInsideGeofence: null })] });
    expect(flags).toMatchObject({ compliant: false, geofenceException: false });
  });

  it('an office-edited check-out is a manual edit, even with a reason (verified but not compliant)', () => {
    const office: EvvTimesheet = {
      checkIn: null,
      checkOut: at(90),
      checkInType: null,
      checkOutType: 3,
      reasonCode: 'caregiver_forgot',
    };
    const flags = evvVisitFlags({ startAt: start, timesheets: [device(0, null), office] });
    expect(flags).toMatchObject({ compliant: false, manualEdit: true, geofenceException: false });
  });

  it('an office check-in wins over the device one: lateness is judged on the office time', () => {
    const office: EvvTimesheet = { checkIn: at(30), checkOut: null, checkInType: 3, checkOutType: null, reasonCode: 'other' };
    const flags = evvVisitFlags({ startAt: start, timesheets: [device(1, 60), office] });
    expect(flags).toMatchObject({ manualEdit: true, lateCheckIn: true });
  });

  it(`a check-in exactly ${LATE_CHECK_IN_GRACE_MINUTES} minutes late is on time, one minute more is late`, () => {
    expect(evvVisitFlags({ startAt: start, timesheets: [device(LATE_CHECK_IN_GRACE_MINUTES, 90)] }).lateCheckIn).toBe(false);
    const late = evvVisitFlags({ startAt: start, timesheets: [device(LATE_CHECK_IN_GRACE_MINUTES + 1, 90)] });
    expect(late).toMatchObject({ lateCheckIn: true, compliant: true });
  });

  it('a visit without a check-out or without timesheets is not compliant and not late', () => {
    expect(evvVisitFlags({ startAt: start, timesheets: [device(0, null)] }).compliant).toBe(false);
    expect(evvVisitFlags({ startAt: start, timesheets: [] })).toEqual({
      compliant: false,
      geofenceException: false,
      manualEdit: false,
      lateCheckIn: false,
      clockSkew: false,
      afterLock: false,
    });
  });

  it('every check counts: a second check-in outside the geofence is an exception and not compliant', () => {
    const first = device(0, 60);
    const second = device(5, null, { checkInInsideGeofence: false });
    expect(evvVisitFlags({ startAt: start, timesheets: [first, second] })).toMatchObject({
      compliant: false,
      geofenceException: true,
      lateCheckIn: false,
    });
    expect(evvVisitFlags({ startAt: start, timesheets: [first, device(5, null)] }).compliant).toBe(true);
  });
});

describe('complianceRate', () => {
  it('is compliant over completed, null without completed visits', () => {
    expect(complianceRate(3, 4)).toBe(0.75);
    expect(complianceRate(0, 5)).toBe(0);
    expect(complianceRate(0, 0)).toBeNull();
  });
});
