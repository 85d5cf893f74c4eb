/**
 * A page of the schedule from the windows saved on the phone (spec section 9: the shift list falls back to its
 * local copy), answered by the time range the windows cover rather than by the exact input each was fetched with.
 *
 * Why by range: the list's cursors come from its pages (packages/shared/src/caregiver-app/shift-pages.ts), and a
 * refetch of an infinite list starts again at its first page and derives every next cursor from the page just
 * fetched. Once the caregiver has scrolled up, the first page is the one before today's, and the page after it
 * starts just after yesterday's last visit: an input that was never fetched, hence never saved, although the
 * window of today holds exactly those visits. Offline, any refetch (an offline check-in, focus, a remount) then
 * ended the schedule at yesterday. Read by range, every cursor inside what the phone saved gets its visits.
 *
 * All times are UTC milliseconds; a window covers the half-open range [from, to).
 */
import {
  CAREGIVER_SHIFTS_PAGE_SIZE,
  type CaregiverAppGetShiftsInput,
  type CaregiverShiftOutput,
  type CaregiverShiftsPage,
} from '@hearth/shared/caregiver-app/caregiver-app.schema';

/** A caregiverAppGetShifts input as a window was fetched with (the server's defaults when absent). */
export type ShiftsInput = NonNullable<CaregiverAppGetShiftsInput>;

/** One saved window: its input, the page the server answered, and when it was saved (ISO 8601, UTC). */
export interface SavedWindow {
  input: ShiftsInput;
  page: CaregiverShiftsPage;
  updatedAt: string;
}

/** A half-open range of instants, UTC ms; -Infinity and Infinity for an open end. */
export interface Coverage {
  from: number;
  to: number;
}

const startOf = (shift: CaregiverShiftOutput) => Date.parse(shift.startTimestamp);

function isBackwards(input: ShiftsInput): boolean {
  return input.before !== undefined && input.after === undefined;
}

/**
 * The instants a saved window answers for completely: every shift of the filter that starts in the range is in
 * the page (caregiverAppGetShifts never splits shifts that start at the same instant).
 * - forward (`after`, or neither: from the start of today): from `after`, or the first shift's start when the
 *   server chose the start; to just after the last shift when more follow, else to `before` or the open end;
 * - backward (`before` alone): to `before`; from the first shift when more precede, else the open start.
 * @returns the range; empty (from >= to) when the window tells nothing for sure
 */
export function windowCoverage(input: ShiftsInput, page: CaregiverShiftsPage): Coverage {
  const first = page.shifts[0];
  const last = page.shifts.at(-1);
  const before = input.before !== undefined ? Date.parse(input.before) : Infinity;
  if (isBackwards(input)) {
    if (!first) return page.hasBefore ? { from: before, to: before } : { from: -Infinity, to: before };
    return { from: page.hasBefore ? startOf(first) : -Infinity, to: before };
  }
  const from = input.after !== undefined ? Date.parse(input.after) : first ? startOf(first) : Infinity;
  // With more to come and nothing on the page, only a given `before` bounds what the page answered for.
  const to = page.hasAfter ? (last ? startOf(last) + 1 : input.before !== undefined ? before : from) : before;
  return { from, to };
}

/** The parts of `range` that none of `taken` (disjoint, ascending) holds, ascending. */
function subtract(range: Coverage, taken: Coverage[]): Coverage[] {
  const free: Coverage[] = [];
  let from = range.from;
  for (const t of taken) {
    if (t.to <= from || t.from >= range.to) continue;
    if (t.from > from) free.push({ from, to: t.from });
    from = Math.max(from, t.to);
    if (from >= range.to) return free;
  }
  if (from < range.to) free.push({ from, to: range.to });
  return free;
}

/** Ranges sorted and joined where they touch or overlap. */
function joined(ranges: Coverage[]): Coverage[] {
  const runs: Coverage[] = [];
  for (const r of [...ranges].sort((a, b) => a.from - b.from)) {
    const last = runs.at(-1);
    if (last && r.from <= last.to) last.to = Math.max(last.to, r.to);
    else runs.push({ ...r });
  }
  return runs;
}

/** What the saved windows of one filter hold together: the covered runs and the shifts in them, by start. */
interface SavedSchedule {
  runs: Coverage[];
  shifts: CaregiverShiftOutput[];
}

/**
 * Joins saved windows of one filter: where windows overlap the newest answers (a visit moved, cancelled or
 * reassigned after an older window was saved is not shown from that older one), and a shift is taken once, from
 * the newest window that holds it.
 */
function joinWindows(windows: SavedWindow[]): SavedSchedule {
  const newestFirst = [...windows].sort((a, b) => (a.updatedAt === b.updatedAt ? 0 : a.updatedAt > b.updatedAt ? -1 : 1));
  let taken: Coverage[] = [];
  const shifts = new Map<number, CaregiverShiftOutput>();
  for (const window of newestFirst) {
    const coverage = windowCoverage(window.input, window.page);
    if (coverage.from >= coverage.to) continue;
    const free = subtract(coverage, taken);
    for (const shift of window.page.shifts) {
      const start = startOf(shift);
      if (!shifts.has(shift.id) && free.some((f) => f.from <= start && start < f.to)) shifts.set(shift.id, shift);
    }
    taken = joined([...taken, ...free]);
  }
  const ordered = [...shifts.values()].sort((a, b) => startOf(a) - startOf(b) || a.id - b.id);
  return { runs: taken, shifts: ordered };
}

function sameFilter(a: ShiftsInput, b: ShiftsInput): boolean {
  return (a.status ?? null) === (b.status ?? null);
}

function sameInput(a: ShiftsInput, b: ShiftsInput): boolean {
  return sameFilter(a, b) && a.after === b.after && a.before === b.before;
}

/**
 * The page of `input` from the saved windows, as caregiverAppGetShifts would answer it from what the phone holds:
 * at most `pageSize` shifts ascending (more when the last ones start at the same instant), and `hasBefore` /
 * `hasAfter` true only when the phone holds more shifts that way, so offline scrolling ends where the saved
 * schedule ends.
 * - `after`: the covered run holding `after`, from there on (and before `before`, when given);
 * - `before` alone: the covered run reaching up to `before`, the last shifts before it;
 * - neither (from the start of today): the window saved for that same input gives the start (the server chose
 *   it), and the newest saved shifts from there on answer.
 * Only windows with the same `status` filter are read.
 * @returns the page, or undefined when no saved window covers where the page starts
 */
export function pageFromWindows(
  windows: SavedWindow[],
  input: ShiftsInput,
  pageSize = CAREGIVER_SHIFTS_PAGE_SIZE,
): CaregiverShiftsPage | undefined {
  const mine = windows.filter((w) => sameFilter(w.input, input));
  const { runs, shifts } = joinWindows(mine);
  if (isBackwards(input)) {
    const before = Date.parse(input.before!);
    const run = runs.find((r) => r.from < before && before <= r.to);
    if (!run) return undefined;
    const inRun = shifts.filter((s) => startOf(s) >= run.from && startOf(s) < before);
    let cut = Math.max(0, inRun.length - pageSize);
    while (cut > 0 && startOf(inRun[cut - 1]!) === startOf(inRun[cut]!)) cut--;
    const page = inRun.slice(cut);
    const last = page.at(-1);
    return {
      shifts: page,
      hasBefore: cut > 0,
      hasAfter: shifts.some((s) => startOf(s) >= (last ? startOf(last) + 1 : before) && startOf(s) < run.to),
    };
  }
  let after: number;
  if (input.after !== undefined) {
    after = Date.parse(input.after);
  } else {
    const exact = mine.filter((w) => sameInput(w.input, input)).sort((a, b) => (a.updatedAt > b.updatedAt ? -1 : 1))[0];
    if (!exact) return undefined;
    const first = exact.page.shifts[0];
    if (!first) return exact.page;
    after = startOf(first);
  }
  const run = runs.find((r) => r.from <= after && after < r.to);
  if (!run) return undefined;
  const until = input.before !== undefined ? Math.min(Date.parse(input.before), run.to) : run.to;
  const inRun = shifts.filter((s) => startOf(s) >= after && startOf(s) < until);
  let end = Math.min(pageSize, inRun.length);
  while (end < inRun.length && startOf(inRun[end]!) === startOf(inRun[end - 1]!)) end++;
  const page = inRun.slice(0, end);
  const first = page[0];
  const last = page.at(-1);
  return {
    shifts: page,
    hasBefore: shifts.some((s) => startOf(s) >= run.from && startOf(s) < (first ? startOf(first) : after)),
    hasAfter: shifts.some((s) => startOf(s) > (last ? startOf(last) : after - 1) && startOf(s) < run.to),
  };
}
