import { describe, expect, it } from 'vitest';
import { mergeOfflineVisit, windowsToEvict, type OfflineVisitRecord } from './cache-windows';

describe('windowsToEvict (spec section 9: at most 5 shift-list windows, the oldest by timestamp removed)', () => {
  const at = (n: number) => `2031-01-0${n}T00:00:00.000Z`;

  it('keeps up to 5 windows', () => {
    const five = [1, 2, 3, 4, 5].map((n) => ({ key: `w${n}`, updatedAt: at(n) }));
    expect(windowsToEvict(five)).toEqual([]);
  });

  it('removes the oldest by updatedAt, whatever the storage order', () => {
    const seven = [5, 1, 7, 3, 6, 2, 4].map((n) => ({ key: `w${n}`, updatedAt: at(n) }));
    expect(windowsToEvict(seven)).toEqual(['w1', 'w2']);
  });

  it("never removes a kept window (the schedule's window from today), however old: the next oldest go", () => {
    const seven = [5, 1, 7, 3, 6, 2, 4].map((n) => ({ key: `w${n}`, updatedAt: at(n) }));
    expect(windowsToEvict(seven, 5, ['w1'])).toEqual(['w2', 'w3']);
    expect(windowsToEvict(seven.slice(0, 5), 5, ['w1'])).toEqual([]);
  });
});

describe('mergeOfflineVisit (spec "Offline check-in/out record")', () => {
  const checkInMetadata = {
    position: { lat: 42.35, lon: -71.06, accuracyMetres: 12 },
    outsideGeofenceReason: null,
    offline: true,
  };

  it('keeps the offline check-in when the check-out is added, and renews the record id and time', () => {
    const first = mergeOfflineVisit(
      undefined,
      7,
      { checkInOut: { checkIn: '2031-01-01T14:00:00.000Z', checkInMetadata } },
      'a',
      't1',
    );
    expect(first).toEqual({
      shift_id: 7,
      clientRecordId: 'a',
      updatedAt: 't1',
      checkInOut: { checkIn: '2031-01-01T14:00:00.000Z', checkInMetadata },
    });
    const second = mergeOfflineVisit(
      first,
      7,
      { checkInOut: { checkOut: '2031-01-01T16:00:00.000Z', checkIn: undefined }, caregiver_comment: 'All done' },
      'b',
      't2',
    );
    expect(second.checkInOut).toEqual({
      checkIn: '2031-01-01T14:00:00.000Z',
      checkInMetadata,
      checkOut: '2031-01-01T16:00:00.000Z',
    });
    expect(second).toMatchObject({ clientRecordId: 'b', updatedAt: 't2', caregiver_comment: 'All done', shift_id: 7 });
  });

  it('overwrites care sheet fields given and leaves the others', () => {
    const stored: OfflineVisitRecord = {
      shift_id: 3,
      clientRecordId: 'a',
      updatedAt: 't1',
      checkInOut: {},
      completed_tasks: ['Bathing'],
      caregiver_comment: 'first',
    };
    const merged = mergeOfflineVisit(stored, 3, { completed_tasks: ['Bathing', 'Laundry'], submitted: true }, 'c', 't3');
    expect(merged).toMatchObject({ completed_tasks: ['Bathing', 'Laundry'], caregiver_comment: 'first', submitted: true });
  });
});
