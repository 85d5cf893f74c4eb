import { describe, expect, it } from 'vitest';
import { caseDueDates, deadlineStates, isOverdue, type CaseDeadlineFacts } from './case-deadlines';

const incident = { acknowledgeWithinHours: 2, stateReportWithinHours: 24, resolveWithinHours: 72 };

describe('caseDueDates', () => {
  it('adds each deadline in hours to the report time, null when the type sets none', () => {
    expect(caseDueDates('2026-03-02T15:30:00.000Z', { ...incident, stateReportWithinHours: null })).toEqual({
      acknowledgeDueAt: '2026-03-02T17:30:00.000Z',
      stateReportDueAt: null,
      resolveDueAt: '2026-03-05T15:30:00.000Z',
    });
  });

  it('counts absolute hours across a daylight saving change (New York springs forward 2026-03-08)', () => {
    // 20:00 in New York (EST, UTC-5) the evening before clocks go forward at 02:00.
    const due = caseDueDates(new Date('2026-03-08T01:00:00Z'), incident);
    expect(due.stateReportDueAt).toBe('2026-03-09T01:00:00.000Z');
    // 24 hours later is 21:00 EDT local, not 20:00: exactly 24 hours elapse.
    expect(new Date(due.stateReportDueAt!).getTime() - new Date('2026-03-08T01:00:00Z').getTime()).toBe(24 * 3_600_000);
    const local = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', hour12: false });
    expect(local.format(new Date(due.stateReportDueAt!))).toBe('21');
  });

  it('refuses a time that is not one', () => {
    expect(() => caseDueDates('not a date', incident)).toThrow(RangeError);
  });
});

const base: CaseDeadlineFacts = {
  status: 'requested',
  acknowledgeDueAt: '2026-05-01T12:00:00.000Z',
  stateReportDueAt: '2026-05-02T10:00:00.000Z',
  resolveDueAt: '2026-05-04T10:00:00.000Z',
  acknowledgedAt: null,
  stateReportedAt: null,
  completedAt: null,
  cancelledAt: null,
};
const at = (iso: string) => new Date(iso);

describe('deadlineStates', () => {
  it('is not overdue at the due time itself, overdue a millisecond after', () => {
    expect(deadlineStates(base, at('2026-05-01T12:00:00.000Z')).acknowledge.overdue).toBe(false);
    expect(deadlineStates(base, at('2026-05-01T12:00:00.001Z')).acknowledge).toEqual({
      dueAt: '2026-05-01T12:00:00.000Z',
      metAt: null,
      overdue: true,
    });
  });

  it('an acknowledged case is not overdue to acknowledge, and shows when it was met', () => {
    const c = { ...base, status: 'accepted' as const, acknowledgedAt: '2026-05-01T13:00:00.000Z' };
    expect(deadlineStates(c, at('2026-05-03T00:00:00Z')).acknowledge).toEqual({
      dueAt: '2026-05-01T12:00:00.000Z',
      metAt: '2026-05-01T13:00:00.000Z',
      overdue: false,
    });
  });

  it('the state report is overdue until it is marked, even on a closed case', () => {
    const done = {
      ...base,
      status: 'completed' as const,
      acknowledgedAt: base.acknowledgeDueAt,
      completedAt: '2026-05-03T00:00:00Z',
    };
    const now = at('2026-05-05T00:00:00Z');
    expect(deadlineStates(done, now).stateReport.overdue).toBe(true);
    expect(deadlineStates({ ...done, stateReportedAt: '2026-05-02T09:00:00Z' }, now).stateReport).toEqual({
      dueAt: '2026-05-02T10:00:00.000Z',
      metAt: '2026-05-02T09:00:00.000Z',
      overdue: false,
    });
    expect(deadlineStates({ ...done, stateReportDueAt: null }, now).stateReport).toEqual({
      dueAt: null,
      metAt: null,
      overdue: false,
    });
  });

  it('resolution is overdue only while the case is open; completing meets it, cancelling closes it unmet', () => {
    const late = at('2026-05-04T10:00:01Z');
    expect(deadlineStates({ ...base, status: 'in-progress' }, late).resolve.overdue).toBe(true);
    const completed = { ...base, status: 'completed' as const, completedAt: '2026-05-04T11:00:00Z' };
    expect(deadlineStates(completed, late).resolve).toEqual({
      dueAt: '2026-05-04T10:00:00.000Z',
      metAt: '2026-05-04T11:00:00.000Z',
      overdue: false,
    });
    const cancelled = { ...base, status: 'cancelled' as const, cancelledAt: '2026-05-01T11:00:00Z' };
    expect(deadlineStates(cancelled, late).resolve).toEqual({ dueAt: '2026-05-04T10:00:00.000Z', metAt: null, overdue: false });
    expect(deadlineStates(cancelled, late).acknowledge.overdue).toBe(false);
  });

  it('a reopened case is open again: its old completion does not meet the resolution', () => {
    const reopened = {
      ...base,
      status: 'in-progress' as const,
      acknowledgedAt: base.acknowledgeDueAt,
      completedAt: '2026-05-03T00:00:00Z',
    };
    expect(deadlineStates(reopened, at('2026-05-05T00:00:00Z')).resolve).toEqual({
      dueAt: '2026-05-04T10:00:00.000Z',
      metAt: null,
      overdue: true,
    });
  });

  it('a deadline with no due date is never overdue', () => {
    const none = { ...base, acknowledgeDueAt: null, stateReportDueAt: null, resolveDueAt: null };
    expect(isOverdue(none, at('2030-01-01T00:00:00Z'))).toBe(false);
  });
});

describe('isOverdue', () => {
  it('is true when any deadline is overdue', () => {
    expect(isOverdue(base, at('2026-05-01T11:59:59Z'))).toBe(false);
    expect(isOverdue(base, at('2026-05-01T12:00:01Z'))).toBe(true);
    const acked = { ...base, status: 'accepted' as const, acknowledgedAt: '2026-05-01T11:00:00Z' };
    expect(isOverdue(acked, at('2026-05-02T09:00:00Z'))).toBe(false);
    expect(isOverdue(acked, at('2026-05-02T10:00:01Z'))).toBe(true);
  });
});
