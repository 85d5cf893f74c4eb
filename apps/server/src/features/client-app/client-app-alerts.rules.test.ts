import { describe, expect, it } from 'vitest';
import { checkTime, familyChangeNotices, familyCheckKinds, type FamilyVisitState } from './client-app-alerts.rules';

const at = (iso: string) => new Date(iso);
const NOW = at('2031-03-05T12:00:00Z');
const visit = (patch: Partial<FamilyVisitState> = {}): FamilyVisitState => ({
  caregiverId: 1,
  startAt: at('2031-03-07T14:00:00Z'),
  endAt: at('2031-03-07T18:00:00Z'),
  status: 'scheduled',
  ...patch,
});

describe('familyChangeNotices', () => {
  it('tells a new visit, a move, a cancellation and a new caregiver', () => {
    expect(familyChangeNotices(null, visit(), NOW)).toEqual([{ kind: 'family_schedule_changed', change: 'added' }]);
    expect(familyChangeNotices(null, visit({ caregiverId: null }), NOW)).toEqual([
      { kind: 'family_schedule_changed', change: 'added' },
    ]);
    expect(familyChangeNotices(visit(), visit({ startAt: at('2031-03-07T15:00:00Z') }), NOW)).toEqual([
      { kind: 'family_schedule_changed', change: 'moved' },
    ]);
    expect(familyChangeNotices(visit(), visit({ status: 'cancelled' }), NOW)).toEqual([
      { kind: 'family_schedule_changed', change: 'cancelled' },
    ]);
    expect(familyChangeNotices(visit(), visit({ caregiverId: 2 }), NOW)).toEqual([
      { kind: 'family_caregiver_changed', caregiverId: 2 },
    ]);
    expect(
      familyChangeNotices(visit({ caregiverId: null }), visit({ caregiverId: 2, endAt: at('2031-03-07T19:00:00Z') }), NOW),
    ).toEqual([
      { kind: 'family_schedule_changed', change: 'moved' },
      { kind: 'family_caregiver_changed', caregiverId: 2 },
    ]);
  });

  it('tells nothing of an ended visit, a visit left open, a cancelled one cancelled again, or nothing changed', () => {
    const past = visit({ startAt: at('2031-03-01T14:00:00Z'), endAt: at('2031-03-01T18:00:00Z') });
    expect(familyChangeNotices(past, { ...past, caregiverId: 2 }, NOW)).toEqual([]);
    expect(familyChangeNotices(past, { ...past, status: 'completed' }, NOW)).toEqual([]);
    expect(familyChangeNotices(visit(), visit({ caregiverId: null }), NOW)).toEqual([]);
    expect(familyChangeNotices(visit({ status: 'cancelled' }), visit({ status: 'cancelled' }), NOW)).toEqual([]);
    expect(familyChangeNotices(visit(), visit({ status: 'in_progress' }), NOW)).toEqual([]);
    // A past visit moved into the future is news again.
    expect(familyChangeNotices(past, visit(), NOW)).toEqual([{ kind: 'family_schedule_changed', change: 'moved' }]);
  });
});

describe('familyCheckKinds', () => {
  const checkIn = at('2031-03-07T14:02:00Z');
  const checkOut = at('2031-03-07T18:01:00Z');

  it('tells a check received at once, or up to an hour late', () => {
    expect(familyCheckKinds({ checkIn, checkOut: null }, checkIn)).toEqual([{ kind: 'family_visit_started', at: checkIn }]);
    expect(familyCheckKinds({ checkIn: null, checkOut }, at('2031-03-07T19:01:00Z'))).toEqual([
      { kind: 'family_visit_ended', at: checkOut },
    ]);
  });

  it('tells a whole visit uploaded at once as ended, and an old upload not at all', () => {
    expect(familyCheckKinds({ checkIn, checkOut }, at('2031-03-07T18:05:00Z'))).toEqual([
      { kind: 'family_visit_ended', at: checkOut },
    ]);
    expect(familyCheckKinds({ checkIn, checkOut: null }, at('2031-03-07T15:02:01Z'))).toEqual([]);
    expect(familyCheckKinds({ checkIn: null, checkOut: null }, checkIn)).toEqual([]);
  });
});

describe('checkTime', () => {
  it("words a check's time on the branch's wall clock with its zone, either side of a DST change", () => {
    // 8 March 2026: New York springs forward at 02:00 EST.
    expect(checkTime(at('2026-03-08T06:30:00Z'), 'America/New_York', 'en')).toBe('1:30 AM EST');
    expect(checkTime(at('2026-03-08T07:30:00Z'), 'America/New_York', 'en')).toBe('3:30 AM EDT');
    expect(checkTime(at('2026-03-08T14:02:00Z'), 'America/New_York', 'es')).toMatch(/^10:02 a\. ?m\. EDT$/);
    expect(checkTime(at('2026-03-08T18:02:00Z'), 'America/Chicago', 'en')).toBe('1:02 PM CDT');
  });
});
