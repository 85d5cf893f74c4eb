import { zoneCalendar } from './payroll-calendar';

/**
 * Regular and overtime minutes of a caregiver's work, minute by minute in time order (docs/glossary.md "Overtime"):
 * weekly overtime past a threshold per FLSA workweek (29 CFR 778.103-778.104), and optional daily overtime past a
 * threshold per local workday (state rules such as California Labor Code 510). Instants are JS Dates (UTC),
 * durations whole minutes, dates YYYY-MM-DD in the branch's time zone.
 */

/** Some work of one caregiver: a visit or paid travel, starting at `start` and lasting whole `minutes`. */
export interface WorkItem {
  start: Date;
  minutes: number;
}

/** The thresholds: minutes per workweek, and minutes per local workday (null: no daily overtime). */
export interface OvertimeThresholds {
  thresholdMinutes: number;
  dailyThresholdMinutes: number | null;
}

/** The part of a work item within one workweek and one local day. */
export interface WorkSegment {
  /** The Sunday of the segment's FLSA workweek (workweekOf firstDate): the workweek's key. */
  week: string;
  /** The local date of the segment (its workday). */
  date: string;
  minutes: number;
  regularMinutes: number;
  overtimeMinutes: number;
}

/** A work item with its segments and their sums. */
export interface AllocatedWork<T extends WorkItem> {
  item: T;
  /** Local date of the item's start: it decides the pay period the whole item is paid in. */
  date: string;
  segments: WorkSegment[];
  regularMinutes: number;
  overtimeMinutes: number;
}

const MINUTE_MS = 60_000;

/**
 * Splits each item at workweek boundaries (and at local midnight when daily overtime applies) and decides which of
 * its minutes are regular and which overtime, taking the items in order of start (ties keep the given order):
 * - daily (when `dailyThresholdMinutes` is set): the minutes of a local workday past the daily threshold are
 *   overtime, whatever the week;
 * - weekly: of the remaining regular minutes, those past `thresholdMinutes` of regular time in the workweek are
 *   overtime. Daily overtime minutes do not count toward the weekly threshold, so no minute is overtime twice.
 * Minutes are whole: a boundary inside a minute belongs to the side of the minute's middle, so segments always sum
 * to the item's minutes. A daylight-saving week needs no special case (minutes are real elapsed time). Local dates
 * and workweeks come from zoneCalendar (the same as workweek.ts, without Luxon's cost per instant).
 * @param items work of one caregiver, minutes >= 0.
 * @returns each item (same order as the sorted input) with its segments and regular and overtime minutes.
 * @throws RangeError for an unknown time zone.
 */
export function allocateOvertime<T extends WorkItem>(
  items: readonly T[],
  timeZone: string,
  thresholds: OvertimeThresholds,
): AllocatedWork<T>[] {
  const ordered = items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.start.getTime() - b.item.start.getTime() || a.index - b.index);
  const weekRegular = new Map<string, number>();
  const dayWorked = new Map<string, number>();
  const daily = thresholds.dailyThresholdMinutes;
  const calendar = zoneCalendar(timeZone);
  return ordered.map(({ item }) => {
    const startMs = item.start.getTime();
    const segments: WorkSegment[] = [];
    let done = 0;
    while (done < item.minutes) {
      const middle = startMs + (done + 0.5) * MINUTE_MS;
      const week = calendar.workweek(middle);
      const date = calendar.localDate(middle);
      let boundary = week.end;
      if (daily !== null) {
        const midnight = calendar.nextMidnight(middle);
        if (midnight < boundary) boundary = midnight;
      }
      const minutes = Math.min(item.minutes - done, Math.round((boundary.getTime() - startMs) / MINUTE_MS) - done);
      const worked = dayWorked.get(date) ?? 0;
      const dailyRoom = daily === null ? Infinity : Math.max(0, daily - worked);
      const weeklyRoom = Math.max(0, thresholds.thresholdMinutes - (weekRegular.get(week.firstDate) ?? 0));
      const regularMinutes = Math.min(minutes, dailyRoom, weeklyRoom);
      dayWorked.set(date, worked + minutes);
      weekRegular.set(week.firstDate, (weekRegular.get(week.firstDate) ?? 0) + regularMinutes);
      segments.push({ week: week.firstDate, date, minutes, regularMinutes, overtimeMinutes: minutes - regularMinutes });
      done += minutes;
    }
    const regularMinutes = segments.reduce((sum, s) => sum + s.regularMinutes, 0);
    return {
      item,
      date: calendar.localDate(item.start),
      segments,
      regularMinutes,
      overtimeMinutes: item.minutes - regularMinutes,
    };
  });
}
