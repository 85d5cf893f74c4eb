import { describe, expect, it } from 'vitest';
import { visitChangeNotices, type VisitState } from './visit-changes.rules';

const now = new Date('2026-03-07T12:00:00Z');
const visit = (over: Partial<VisitState> = {}): VisitState => ({
  caregiverId: 7,
  startAt: new Date('2026-03-09T14:00:00Z'),
  endAt: new Date('2026-03-09T18:00:00Z'),
  status: 'scheduled',
  ...over,
});

describe('visitChangeNotices', () => {
  it('tells the caregiver of a new visit, and nobody of a new open shift', () => {
    expect(visitChangeNotices(null, visit(), now)).toEqual([{ caregiverId: 7, kind: 'visit_assigned' }]);
    expect(visitChangeNotices(null, visit({ caregiverId: null }), now)).toEqual([]);
  });

  it('tells both caregivers when a visit changes hands, and the new one when an open shift is given', () => {
    expect(visitChangeNotices(visit(), visit({ caregiverId: 8 }), now)).toEqual([
      { caregiverId: 7, kind: 'visit_unassigned' },
      { caregiverId: 8, kind: 'visit_assigned' },
    ]);
    expect(visitChangeNotices(visit({ caregiverId: null }), visit({ caregiverId: 8 }), now)).toEqual([
      { caregiverId: 8, kind: 'visit_assigned' },
    ]);
    expect(visitChangeNotices(visit(), visit({ caregiverId: null }), now)).toEqual([
      { caregiverId: 7, kind: 'visit_unassigned' },
    ]);
  });

  it('tells the caregiver when the times move, not when only notes or the payer change', () => {
    const later = visit({ startAt: new Date('2026-03-09T15:00:00Z'), endAt: new Date('2026-03-09T19:00:00Z') });
    expect(visitChangeNotices(visit(), later, now)).toEqual([{ caregiverId: 7, kind: 'visit_moved' }]);
    expect(visitChangeNotices(visit(), visit({ endAt: new Date('2026-03-09T17:00:00Z') }), now)).toEqual([
      { caregiverId: 7, kind: 'visit_moved' },
    ]);
    expect(visitChangeNotices(visit(), visit(), now)).toEqual([]);
  });

  it('tells the caregiver once when a visit is cancelled', () => {
    expect(visitChangeNotices(visit(), visit({ status: 'cancelled' }), now)).toEqual([
      { caregiverId: 7, kind: 'visit_cancelled' },
    ]);
    expect(visitChangeNotices(visit({ status: 'cancelled' }), visit({ status: 'cancelled' }), now)).toEqual([]);
    expect(visitChangeNotices(visit({ caregiverId: null }), visit({ caregiverId: null, status: 'cancelled' }), now)).toEqual([]);
  });

  it('tells nobody of corrections to a visit that is over, but does when a past visit moves into the future', () => {
    const past = visit({ startAt: new Date('2026-03-06T14:00:00Z'), endAt: new Date('2026-03-06T18:00:00Z') });
    expect(visitChangeNotices(past, { ...past, endAt: new Date('2026-03-06T17:30:00Z') }, now)).toEqual([]);
    expect(visitChangeNotices(past, { ...past, caregiverId: 8 }, now)).toEqual([]);
    expect(visitChangeNotices(past, visit(), now)).toEqual([{ caregiverId: 7, kind: 'visit_moved' }]);
  });

  it('tells the caregiver of a visit in progress that ends in the future when it is taken from them', () => {
    const running = visit({ startAt: new Date('2026-03-07T10:00:00Z'), endAt: new Date('2026-03-07T14:00:00Z') });
    expect(visitChangeNotices(running, { ...running, caregiverId: 9 }, now)).toEqual([
      { caregiverId: 7, kind: 'visit_unassigned' },
      { caregiverId: 9, kind: 'visit_assigned' },
    ]);
  });
});
