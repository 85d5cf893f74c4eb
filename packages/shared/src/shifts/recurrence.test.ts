import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import {
  assertValidRRule,
  continueRule,
  describeRRule,
  patternOccurrences,
  wallClockToUtc,
  type RecurrencePattern,
} from './recurrence';

const NY = 'America/New_York';

const pattern = (patch: Partial<RecurrencePattern> = {}): RecurrencePattern => ({
  rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR',
  startDate: '2026-01-05',
  endDate: null,
  startTime: '09:00',
  durationMinutes: 240,
  timezone: NY,
  exdates: [],
  ...patch,
});

const local = (d: Date) => DateTime.fromJSDate(d, { zone: NY }).toFormat('yyyy-MM-dd HH:mm');
const iso = (d: Date) => d.toISOString();

describe('patternOccurrences across daylight-saving changes', () => {
  it('keeps a 09:00-13:00 weekly visit at 09:00 local over 2026-03-08 (UTC hour 14 -> 13)', () => {
    const occ = patternOccurrences(pattern({ rrule: 'FREQ=WEEKLY;BYDAY=SA,SU,MO' }), { from: '2026-03-07', to: '2026-03-09' });
    expect(occ.map((o) => local(o.start))).toEqual(['2026-03-07 09:00', '2026-03-08 09:00', '2026-03-09 09:00']);
    expect(occ.map((o) => local(o.end))).toEqual(['2026-03-07 13:00', '2026-03-08 13:00', '2026-03-09 13:00']);
    expect(occ.map((o) => o.start.getUTCHours())).toEqual([14, 13, 13]);
    expect(occ.map((o) => o.localDate)).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
  });

  it('keeps it at 09:00 local over 2026-11-01 (UTC hour 13 -> 14)', () => {
    const occ = patternOccurrences(pattern({ rrule: 'FREQ=WEEKLY;BYDAY=SA,SU,MO' }), { from: '2026-10-31', to: '2026-11-02' });
    expect(occ.map((o) => iso(o.start))).toEqual([
      '2026-10-31T13:00:00.000Z',
      '2026-11-01T14:00:00.000Z',
      '2026-11-02T14:00:00.000Z',
    ]);
    expect(occ.every((o) => o.end.getTime() - o.start.getTime() === 240 * 60_000)).toBe(true);
    expect(occ.every((o) => o.occurrenceStart.getTime() === o.start.getTime())).toBe(true);
  });

  it('moves a wall clock inside the spring-forward gap past it by the gap (02:30 -> 03:30 EDT, RFC 5545 3.3.5)', () => {
    const occ = patternOccurrences(pattern({ rrule: 'FREQ=DAILY', startTime: '02:30', startDate: '2026-03-07' }), {
      from: '2026-03-07',
      to: '2026-03-09',
    });
    expect(occ.map((o) => iso(o.start))).toEqual([
      '2026-03-07T07:30:00.000Z',
      '2026-03-08T07:30:00.000Z',
      '2026-03-09T06:30:00.000Z',
    ]);
    expect(occ.map((o) => local(o.start))).toEqual(['2026-03-07 02:30', '2026-03-08 03:30', '2026-03-09 02:30']);
    expect(occ[1]!.localDate).toBe('2026-03-08');
    expect(iso(wallClockToUtc('2026-03-08', '02:00', NY))).toBe('2026-03-08T07:00:00.000Z');
  });

  it('takes the first (EDT) instance of a wall clock that happens twice on the fall-back night', () => {
    const occ = patternOccurrences(pattern({ rrule: 'FREQ=DAILY', startTime: '01:30', startDate: '2026-10-31' }), {
      from: '2026-10-31',
      to: '2026-11-02',
    });
    expect(occ.map((o) => iso(o.start))).toEqual([
      '2026-10-31T05:30:00.000Z',
      '2026-11-01T05:30:00.000Z',
      '2026-11-02T06:30:00.000Z',
    ]);
    expect(DateTime.fromJSDate(occ[1]!.start, { zone: NY }).offset).toBe(-240);
  });

  it('lasts real minutes overnight across both changes (22:00 for 600 minutes)', () => {
    const [fall] = patternOccurrences(
      pattern({ rrule: 'FREQ=DAILY', startTime: '22:00', durationMinutes: 600, startDate: '2026-10-31' }),
      {
        from: '2026-10-31',
        to: '2026-10-31',
      },
    );
    expect(iso(fall!.start)).toBe('2026-11-01T02:00:00.000Z');
    expect((fall!.end.getTime() - fall!.start.getTime()) / 60_000).toBe(600);
    expect(local(fall!.end)).toBe('2026-11-01 07:00');
    const [spring] = patternOccurrences(
      pattern({ rrule: 'FREQ=DAILY', startTime: '22:00', durationMinutes: 600, startDate: '2026-03-07' }),
      {
        from: '2026-03-07',
        to: '2026-03-07',
      },
    );
    expect((spring!.end.getTime() - spring!.start.getTime()) / 60_000).toBe(600);
    expect(local(spring!.end)).toBe('2026-03-08 09:00');
  });
});

describe('patternOccurrences rule parts, bounds and exdates', () => {
  it('leaves out the occurrences listed in exdates', () => {
    const occ = patternOccurrences(pattern({ exdates: ['2026-01-07T14:00:00.000Z', '2026-01-09T14:00:00Z'] }), {
      from: '2026-01-05',
      to: '2026-01-12',
    });
    expect(occ.map((o) => o.localDate)).toEqual(['2026-01-05', '2026-01-12']);
  });

  it('honours UNTIL: a date-only UNTIL includes its day, a date-time one is a local wall clock', () => {
    const window = { from: '2026-01-01', to: '2026-12-31' };
    expect(
      patternOccurrences(pattern({ rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20260114' }), window).map((o) => o.localDate),
    ).toEqual(['2026-01-05', '2026-01-07', '2026-01-09', '2026-01-12', '2026-01-14']);
    expect(
      patternOccurrences(pattern({ rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20260114T085900Z' }), window).at(-1)!.localDate,
    ).toBe('2026-01-12');
  });

  it('honours COUNT from the start date whatever the window', () => {
    const p = pattern({ rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=5' });
    expect(patternOccurrences(p, { from: '2026-01-01', to: '2026-12-31' })).toHaveLength(5);
    expect(patternOccurrences(p, { from: '2026-01-10', to: '2026-12-31' }).map((o) => o.localDate)).toEqual([
      '2026-01-12',
      '2026-01-14',
    ]);
  });

  it('honours INTERVAL (every other week)', () => {
    const occ = patternOccurrences(pattern({ rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU' }), {
      from: '2026-01-01',
      to: '2026-02-10',
    });
    expect(occ.map((o) => o.localDate)).toEqual(['2026-01-06', '2026-01-20', '2026-02-03']);
  });

  it('honours the end date and clips to the window and the start date', () => {
    const p = pattern({ startDate: '2026-01-07', endDate: '2026-01-16' });
    expect(patternOccurrences(p, { from: '2026-01-01', to: '2026-01-31' }).map((o) => o.localDate)).toEqual([
      '2026-01-07',
      '2026-01-09',
      '2026-01-12',
      '2026-01-14',
      '2026-01-16',
    ]);
    expect(patternOccurrences(p, { from: '2026-01-10', to: '2026-01-14' }).map((o) => o.localDate)).toEqual([
      '2026-01-12',
      '2026-01-14',
    ]);
    expect(patternOccurrences(p, { from: '2026-01-17', to: '2026-01-31' })).toEqual([]);
  });

  it('takes the weekday of the start date when a weekly rule names none', () => {
    const occ = patternOccurrences(pattern({ rrule: 'FREQ=WEEKLY', startDate: '2026-01-08' }), {
      from: '2026-01-01',
      to: '2026-01-22',
    });
    expect(occ.map((o) => o.localDate)).toEqual(['2026-01-08', '2026-01-15', '2026-01-22']);
  });
});

describe('wallClockToUtc against Luxon', () => {
  const zones = ['America/New_York', 'Europe/London', 'America/Santiago', 'Australia/Lord_Howe', 'Asia/Kolkata'];
  /** Luxon's reading: DateTime.fromObject, and the earliest instance of a wall clock that happens twice. */
  const luxon = (date: string, hour: number, minute: number, zone: string) => {
    const [year, month, day] = date.split('-').map(Number);
    const dt = DateTime.fromObject({ year, month, day, hour, minute }, { zone });
    return Math.min(dt.toMillis(), ...dt.getPossibleOffsets().map((c) => c.toMillis()));
  };
  const days = (zone: string) => {
    const out: string[] = [];
    for (let d = DateTime.fromISO('2026-01-01', { zone: 'UTC' }); d.year === 2026; d = d.plus({ days: 1 })) {
      const date = d.toISODate()!;
      const noon = (dd: string) => DateTime.fromISO(`${dd}T12:00`, { zone }).offset;
      const changes =
        noon(date) !== noon(d.plus({ days: 1 }).toISODate()!) || noon(date) !== noon(d.minus({ days: 1 }).toISODate()!);
      if (changes || d.day === 1) out.push(date);
    }
    return out;
  };

  it.each(zones)('agrees every 15 minutes on the first of each month and around each change in %s', (zone) => {
    let checked = 0;
    for (const date of days(zone)) {
      for (let m = 0; m < 24 * 60; m += 15) {
        const time = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        expect([date, time, wallClockToUtc(date, time, zone).getTime()]).toEqual([
          date,
          time,
          luxon(date, Math.floor(m / 60), m % 60, zone),
        ]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(12 * 96);
  });
});

describe('patternOccurrences of a pattern that started long ago', () => {
  it.each([
    'FREQ=WEEKLY;INTERVAL=3;BYDAY=TU,TH',
    'FREQ=WEEKLY;INTERVAL=2',
    'FREQ=DAILY;INTERVAL=5',
    'FREQ=WEEKLY;BYDAY=MO;BYSETPOS=1',
  ])('gives the same occurrences from a late window as from the start (%s)', (rrule) => {
    const p = pattern({ rrule, startDate: '2020-02-13' });
    const window = { from: '2026-03-01', to: '2026-05-31' };
    const fromStart = patternOccurrences(p, { from: p.startDate, to: window.to }).filter((o) => o.localDate >= window.from);
    const late = patternOccurrences(p, window);
    expect(late.length).toBeGreaterThan(5);
    expect(late).toEqual(fromStart);
  });
});

describe('rules a visit pattern cannot use', () => {
  it.each([
    ['FREQ=HOURLY', 'daily, weekly or monthly'],
    ['FREQ=YEARLY', 'daily, weekly or monthly'],
    ['FREQ=WEEKLY;FREQ=YEARLY', 'daily, weekly or monthly'],
    ['FREQ=DAILY;BYHOUR=9,14', 'cannot use BYHOUR'],
    ['FREQ=WEEKLY;COUNT=3;UNTIL=20261231', 'both COUNT and UNTIL'],
    ['FREQ=WEEKLY;BYSOMETHING=1', 'cannot be read'],
  ])('refuses %s', (rule, message) => {
    expect(() => assertValidRRule(rule)).toThrow(message);
    expect(() => patternOccurrences(pattern({ rrule: rule }), { from: '2026-01-01', to: '2026-01-31' })).toThrow(message);
  });

  it('refuses an unknown time zone', () => {
    expect(() => patternOccurrences(pattern({ timezone: 'Mars/Olympus' }), { from: '2026-01-05', to: '2026-01-05' })).toThrow(
      'time zone Mars/Olympus',
    );
  });
});

describe('continueRule', () => {
  it('keeps the weekday and phase of an every-other-week rule from a later date', () => {
    const p = pattern({ rrule: 'FREQ=WEEKLY;INTERVAL=2', startDate: '2026-01-06' });
    const next = continueRule(p, '2026-01-14');
    expect(next).toEqual({ rrule: 'FREQ=WEEKLY;INTERVAL=2', startDate: '2026-01-20' });
    const before = patternOccurrences(p, { from: '2026-01-14', to: '2026-03-31' }).map((o) => o.localDate);
    const after = patternOccurrences({ ...p, ...next }, { from: '2026-01-14', to: '2026-03-31' }).map((o) => o.localDate);
    expect(after).toEqual(before);
  });

  it('turns COUNT into UNTIL on the last counted day', () => {
    const p = pattern({ rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=5' });
    const next = continueRule(p, '2026-01-08');
    expect(next).toEqual({ rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20260114', startDate: '2026-01-09' });
    expect(patternOccurrences({ ...p, ...next }, { from: '2026-01-01', to: '2026-12-31' }).map((o) => o.localDate)).toEqual([
      '2026-01-09',
      '2026-01-12',
      '2026-01-14',
    ]);
  });
});

describe('describeRRule', () => {
  it('describes a rule in words', () => {
    expect(describeRRule('FREQ=WEEKLY;BYDAY=MO,WE')).toBe('every week on Monday, Wednesday');
    expect(describeRRule('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU')).toBe('every 2 weeks on Tuesday');
    expect(describeRRule('not a rule')).toBe('not a rule');
  });
});
