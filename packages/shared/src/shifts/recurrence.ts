import * as rruleModule from 'rrule';
import type { Options } from 'rrule';
import { IANAZone } from 'luxon';

// rrule 2.8 ships CommonJS to Node (its exports then sit on `default`) and ES modules to bundlers.
const { RRule } = (rruleModule as unknown as { default?: typeof rruleModule }).default ?? rruleModule;

/**
 * Recurring visit patterns (issue "Scheduling" item 2, docs/glossary.md "Recurring pattern"): the occurrences of an
 * RFC 5545 rule at a local wall-clock time in an IANA time zone.
 *
 * The rule runs in rrule's "floating" mode: DTSTART is a UTC Date whose fields carry the local wall clock (the
 * way rrule's documentation recommends for local times), so the rule steps over calendar days and never sees a
 * daylight-saving change. Each wall clock is then turned into a UTC instant with Luxon in the pattern's zone.
 */

/** A pattern as the recurrence needs it (the shift_patterns columns). */
export interface RecurrencePattern {
  /** RRULE body without DTSTART, e.g. "FREQ=WEEKLY;BYDAY=MO,WE,FR" (INTERVAL, COUNT, UNTIL allowed). */
  rrule: string;
  /** First local date (YYYY-MM-DD): the rule's DTSTART day; COUNT counts from here. */
  startDate: string;
  /** Last local date included, or null when open-ended. */
  endDate: string | null;
  /** Local wall-clock start "HH:MM" in `timezone`. */
  startTime: string;
  /** Length of each visit in real (elapsed) minutes. */
  durationMinutes: number;
  /** IANA time zone of the wall clock (the branch's). */
  timezone: string;
  /** Occurrence starts (ISO 8601 instants) deleted one by one: never generated again. */
  exdates: string[];
}

/** One occurrence: its identity (the start the rule gives it), the shift's start and end (UTC) and local date. */
export interface Occurrence {
  /** The occurrence's start as the rule gives it: with the pattern id, the key of a generated shift. */
  occurrenceStart: Date;
  /** The shift's start (the same instant as occurrenceStart when generated). */
  start: Date;
  /** start + durationMinutes real minutes. */
  end: Date;
  /** The occurrence's local calendar date (YYYY-MM-DD) in the pattern's zone. */
  localDate: string;
}

/** A rule that cannot be read or is not allowed for a visit pattern (the message names the problem). */
export class RecurrenceRuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RecurrenceRuleError';
  }
}

/** Rule parts a visit pattern may not carry: the time of day is the pattern's startTime, DTSTART its startDate. */
const FORBIDDEN_PARTS = new Set(['BYHOUR', 'BYMINUTE', 'BYSECOND', 'DTSTART', 'TZID', 'RDATE', 'EXDATE']);

const MINUTE_MS = 60_000;

/** A local date and wall-clock time as rrule's floating Date (UTC fields = local wall clock). */
function floating(date: string, time = '00:00', seconds = 0, ms = 0): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, d, hh, mm, seconds, ms));
}

/** The local date (YYYY-MM-DD) of a floating Date. */
function floatingDate(f: Date): string {
  return f.toISOString().slice(0, 10);
}

/**
 * Parses an RRULE body into rrule options, refusing what a visit pattern cannot use: yearly and sub-daily frequencies, a
 * time of day in the rule (BYHOUR, BYMINUTE, BYSECOND), COUNT together with UNTIL (RFC 5545 forbids it).
 * A date-only UNTIL (UNTIL=20261231) includes that whole local day; a date-time UNTIL is read as a local wall
 * clock (floating), whatever its trailing Z says.
 * @throws RecurrenceRuleError naming the problem.
 */
function parseRule(rule: string): Partial<Options> {
  const body = rule.trim().toUpperCase();
  const parts = body.split(';').filter(Boolean);
  for (const part of parts) {
    const key = part.split('=')[0] ?? '';
    if (FORBIDDEN_PARTS.has(key)) {
      throw new RecurrenceRuleError(`A visit pattern's rule cannot use ${key}: the time and first day are set separately`);
    }
  }
  let options: Partial<Options>;
  try {
    options = RRule.parseString(body);
  } catch (error) {
    throw new RecurrenceRuleError(`The rule "${rule}" cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  // rrule numbers YEARLY 0 and the sub-daily frequencies above DAILY: both are refused.
  if (options.freq === undefined || options.freq === RRule.YEARLY || options.freq > RRule.DAILY) {
    throw new RecurrenceRuleError('A visit pattern repeats daily, weekly or monthly (FREQ=DAILY, WEEKLY or MONTHLY)');
  }
  if (options.count != null && options.until) {
    throw new RecurrenceRuleError('A rule cannot have both COUNT and UNTIL');
  }
  const dateOnlyUntil = parts.find((p) => /^UNTIL=\d{8}$/.test(p));
  if (dateOnlyUntil) {
    const v = dateOnlyUntil.slice('UNTIL='.length);
    options.until = floating(`${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}`, '23:59', 59, 999);
  }
  return options;
}

/** The rule of a pattern, with DTSTART at its first day's wall-clock start (floating). */
function ruleOf(pattern: Pick<RecurrencePattern, 'rrule' | 'startDate' | 'startTime'>) {
  return new RRule({ ...parseRule(pattern.rrule), dtstart: floating(pattern.startDate, pattern.startTime) });
}

const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * The rule of a pattern for occurrences on or after local date `from`. rrule walks every period from DTSTART,
 * about a millisecond a year of a weekly rule, and a pattern may have started years ago: a daily or weekly rule
 * without COUNT starts instead on the last day before `from` that is a whole number of its periods (INTERVAL days
 * or weeks) after startDate. That day has the same weekday and the same INTERVAL phase, and only days before it,
 * all before `from`, are left out, so the occurrences from `from` on are the same.
 */
function ruleFrom(pattern: Pick<RecurrencePattern, 'rrule' | 'startDate' | 'startTime'>, from: string) {
  const options = parseRule(pattern.rrule);
  let startMs = Date.parse(`${pattern.startDate}T00:00:00Z`);
  if (options.count == null && (options.freq === RRule.WEEKLY || options.freq === RRule.DAILY)) {
    const periodMs = (options.interval ?? 1) * (options.freq === RRule.WEEKLY ? 7 : 1) * DAY_MS;
    const periods = Math.floor((Date.parse(`${from}T00:00:00Z`) - startMs) / periodMs);
    if (periods > 0) startMs += periods * periodMs;
  }
  return new RRule({ ...options, dtstart: floating(new Date(startMs).toISOString().slice(0, 10), pattern.startTime) });
}

/**
 * Checks that a rule can be used for a visit pattern (see parseRule).
 * @throws RecurrenceRuleError naming the problem.
 */
export function assertValidRRule(rule: string): void {
  parseRule(rule);
}

/** Luxon zones by name (validated once). */
const zones = new Map<string, IANAZone>();
/** Per zone and local day: the UTC offsets (minutes) in force just before and just after the day. */
const dayOffsets = new Map<string, readonly [number, number]>();
const DAY_OFFSETS_CACHE_LIMIT = 50_000;
const HOUR_MS = 60 * MINUTE_MS;

function zoneOf(name: string): IANAZone {
  let zone = zones.get(name);
  if (!zone) {
    zone = IANAZone.create(name);
    if (!zone.isValid) throw new RecurrenceRuleError(`Unknown time zone ${name}`);
    zones.set(name, zone);
  }
  return zone;
}

/**
 * The UTC instant of a local wall-clock time in an IANA zone, with RFC 5545's rules (section 3.3.5) for the two
 * hours a daylight-saving change makes odd:
 * - a time that does not exist (spring forward: 02:30 on 2026-03-08 in America/New_York) is read with the
 *   offset before the gap, so it lands as far past the gap's start as asked: 02:30 becomes 03:30 EDT (07:30Z),
 *   as Luxon's DateTime.fromObject also places it. It is the first valid time only for a wall clock at the
 *   gap's very start (02:00 becomes 03:00);
 * - a time that happens twice (fall back: 01:30 on 2026-11-01) takes the first, daylight-time instance (01:30
 *   EDT, 05:30Z), where DateTime.fromObject would pick the second.
 * Offsets come from Luxon's IANAZone. Asking Intl for an offset costs about 10 microseconds, so the offsets
 * around each local day are asked once and kept: on a day without a change (nearly all) the instant is the
 * wall clock minus that offset, with no further lookup. Bulk generation converts 100,000+ wall clocks a run.
 * @param date local date YYYY-MM-DD; @param time local "HH:MM"; @param zone IANA zone, e.g. America/New_York.
 * @throws RecurrenceRuleError for an unknown zone.
 */
export function wallClockToUtc(date: string, time: string, zone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return wallClockPartsToUtc(year, month, day, hour, minute, zone);
}

function wallClockPartsToUtc(year: number, month: number, day: number, hour: number, minute: number, zoneName: string): Date {
  const zone = zoneOf(zoneName);
  const dayStart = Date.UTC(year, month - 1, day);
  const key = `${zoneName}|${dayStart}`;
  let offsets = dayOffsets.get(key);
  if (!offsets) {
    // UTC offsets lie within -12 h..+14 h: these instants fall before and after the whole local day.
    offsets = [zone.offset(dayStart - 15 * HOUR_MS), zone.offset(dayStart + 39 * HOUR_MS)] as const;
    if (dayOffsets.size >= DAY_OFFSETS_CACHE_LIMIT) dayOffsets.clear();
    dayOffsets.set(key, offsets);
  }
  const wallMs = Date.UTC(year, month - 1, day, hour, minute);
  const [before, after] = offsets;
  if (before === after) return new Date(wallMs - before * MINUTE_MS);
  // The offset changes this day: keep each reading of the wall clock that the zone confirms.
  const readings = [before, after]
    .map((o) => wallMs - o * MINUTE_MS)
    .filter((ts) => zone.offset(ts) === (wallMs - ts) / MINUTE_MS);
  if (readings.length === 0) return new Date(wallMs - before * MINUTE_MS);
  return new Date(Math.min(...readings));
}

/**
 * The occurrences of a pattern whose local date lies in the window [from, to] (local dates, both included) and
 * within the pattern's startDate..endDate, in order. Each starts at the pattern's local wall-clock time, so a
 * 09:00 visit stays 09:00 local across daylight-saving changes (its UTC hour moves), and lasts durationMinutes
 * real minutes: an overnight visit across the fall-back night ends an hour earlier on the wall clock, since
 * payroll pays elapsed time. Occurrences listed in exdates are left out. COUNT counts from startDate, whatever
 * the window.
 * @throws RecurrenceRuleError for a rule that cannot be read or used (see parseRule) or an unknown zone.
 */
export function patternOccurrences(pattern: RecurrencePattern, window: { from: string; to: string }): Occurrence[] {
  const from = window.from > pattern.startDate ? window.from : pattern.startDate;
  const to = pattern.endDate !== null && pattern.endDate < window.to ? pattern.endDate : window.to;
  if (from > to) return [];
  const floatingStarts = ruleFrom(pattern, from).between(floating(from), floating(to, '23:59', 59, 999), true);
  const excluded = new Set(pattern.exdates.map((d) => Date.parse(d)));
  const durationMs = pattern.durationMinutes * MINUTE_MS;
  const occurrences: Occurrence[] = [];
  for (const f of floatingStarts) {
    const start = wallClockPartsToUtc(
      f.getUTCFullYear(),
      f.getUTCMonth() + 1,
      f.getUTCDate(),
      f.getUTCHours(),
      f.getUTCMinutes(),
      pattern.timezone,
    );
    if (excluded.has(start.getTime())) continue;
    occurrences.push({
      occurrenceStart: start,
      start,
      end: new Date(start.getTime() + durationMs),
      localDate: floatingDate(f),
    });
  }
  return occurrences;
}

/**
 * The rule and first day that carry a pattern on from a local date without changing which days it falls on,
 * for a "this and the following" edit that keeps the rule: the new first day is the first occurrence on or after
 * `from` (so INTERVAL keeps its phase and a day the rule takes from DTSTART, as the weekday of
 * "FREQ=WEEKLY", stays), and a COUNT becomes an UNTIL on the last counted day (the series still ends where it
 * would have). Without an occurrence from `from` on, the first day is `from` itself.
 * @returns {rrule, startDate}.
 * @throws RecurrenceRuleError for a rule that cannot be read.
 */
export function continueRule(
  pattern: Pick<RecurrencePattern, 'rrule' | 'startDate' | 'startTime'>,
  from: string,
): { rrule: string; startDate: string } {
  const rule = ruleOf(pattern);
  const next = rule.after(floating(from), true);
  const startDate = next ? floatingDate(next) : from;
  if (rule.options.count === null) return { rrule: pattern.rrule, startDate };
  const last = rule.all().at(-1);
  const until = (last ? floatingDate(last) : pattern.startDate).replaceAll('-', '');
  const parts = pattern.rrule
    .trim()
    .toUpperCase()
    .split(';')
    .filter((p) => p && !p.startsWith('COUNT='));
  return { rrule: [...parts, `UNTIL=${until}`].join(';'), startDate };
}

/**
 * A readable description of a rule, by rrule's toText(): "FREQ=WEEKLY;BYDAY=MO,WE" -> "every week on Monday,
 * Wednesday". A rule that cannot be read is returned as it is.
 */
export function describeRRule(rule: string): string {
  try {
    return new RRule(parseRule(rule)).toText();
  } catch {
    return rule;
  }
}
