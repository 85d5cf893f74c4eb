import { describe, expect, it } from 'vitest';
import { InfiniteQueryObserver, QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { CaregiverShiftOutput, CaregiverShiftsPage } from '@hearth/shared/caregiver-app/caregiver-app.schema';
import { nextShiftsPageInput, previousShiftsPageInput } from '@hearth/shared/caregiver-app/shift-pages';
import { pageFromWindows, windowCoverage, type SavedWindow, type ShiftsInput } from './saved-windows';

const HOUR = 3_600_000;
/** Start of "today" on the server (05:00 UTC: midnight in New York in winter). */
const TODAY = Date.parse('2031-03-10T05:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const shift = (id: number, start: number, status: CaregiverShiftOutput['status'] = 'scheduled') =>
  ({ id, startTimestamp: iso(start), status }) as CaregiverShiftOutput;
const ids = (page: CaregiverShiftsPage | undefined) => page?.shifts.map((s) => s.id);

/**
 * caregiverAppGetShifts over an in-memory list, as the server answers it (apps/server/src/features/caregiver-app/
 * caregiver-app.shifts.ts): by start then id, `size` shifts a page without splitting tied starts, forward from
 * `after` (or today), backward before `before`, and whether more exist either way.
 */
function serve(all: CaregiverShiftOutput[], input: ShiftsInput, size = 20): CaregiverShiftsPage {
  const at = (s: CaregiverShiftOutput) => Date.parse(s.startTimestamp);
  const sorted = [...all].sort((a, b) => at(a) - at(b) || a.id - b.id);
  let rows: CaregiverShiftOutput[];
  let first: number;
  if (input.before !== undefined && input.after === undefined) {
    const before = Date.parse(input.before);
    const earlier = sorted.filter((s) => at(s) < before);
    let cut = Math.max(0, earlier.length - size);
    while (cut > 0 && at(earlier[cut - 1]!) === at(earlier[cut]!)) cut--;
    rows = earlier.slice(cut);
    first = rows[0] ? at(rows[0]) : before;
  } else {
    const after = input.after !== undefined ? Date.parse(input.after) : TODAY;
    const later = sorted.filter((s) => at(s) >= after && (input.before === undefined || at(s) < Date.parse(input.before)));
    let end = Math.min(size, later.length);
    while (end < later.length && at(later[end]!) === at(later[end - 1]!)) end++;
    rows = later.slice(0, end);
    first = rows[0] ? at(rows[0]) : after;
  }
  const last = rows.at(-1);
  return {
    shifts: rows,
    hasBefore: sorted.some((s) => at(s) < first),
    hasAfter: last ? sorted.some((s) => at(s) > at(last)) : sorted.some((s) => at(s) >= first),
  };
}

/**
 * A caregiver's schedule: three visits yesterday, the visit in progress this morning, and two a day for the next
 * twelve days (24: more than the first window's 20 from today).
 */
function schedule(): { all: CaregiverShiftOutput[]; inProgress: CaregiverShiftOutput } {
  const all = [9, 13, 17].map((h, i) => shift(100 + i, TODAY - 24 * HOUR + h * HOUR));
  const inProgress = shift(200, TODAY + 9 * HOUR, 'in_progress');
  all.push(inProgress);
  for (let day = 1; day <= 12; day++) {
    all.push(shift(300 + day * 2, TODAY + day * 24 * HOUR + 9 * HOUR), shift(301 + day * 2, TODAY + day * 24 * HOUR + 14 * HOUR));
  }
  return { all, inProgress };
}

/** The windows the phone saved online, in the order the schedule fetched them, a minute apart. */
function saveAll(all: CaregiverShiftOutput[], inputs: ShiftsInput[]): SavedWindow[] {
  return inputs.map((input, i) => ({ input, page: serve(all, input), updatedAt: iso(TODAY + 10 * HOUR + i * 60_000) }));
}

describe('pageFromWindows: an offline refetch of the scrolled schedule (issue: the offline phone never hides a visit)', () => {
  it('answers the cursor after yesterday, never fetched itself, with today and the later visits', () => {
    const { all, inProgress } = schedule();
    const first = serve(all, {});
    const before = previousShiftsPageInput(first)!;
    const after = nextShiftsPageInput(first)!;
    const windows = saveAll(all, [{}, before, after]);

    // The refetch starts at the list's first page (yesterday's) and derives each next cursor from the page read.
    const yesterday = pageFromWindows(windows, before);
    expect(ids(yesterday)).toEqual([100, 101, 102]);
    const cursor = nextShiftsPageInput(yesterday!)!;
    expect(windows.map((w) => w.input)).not.toContainEqual(cursor);
    const today = pageFromWindows(windows, cursor);
    expect(today?.shifts[0]).toEqual(inProgress);
    expect(ids(today)).toEqual(ids(first));
    expect(today?.hasAfter).toBe(true);
    const later = pageFromWindows(windows, nextShiftsPageInput(today!)!);
    expect(ids(later)).toEqual(ids(serve(all, after)));
    expect(later?.hasAfter).toBe(false);
  });

  it('keeps every saved visit through the real infinite query: scroll up and down online, then refetch offline', async () => {
    const { all, inProgress } = schedule();
    const saved: SavedWindow[] = [];
    let online = true;
    let minute = 0;
    const client = new QueryClient();
    const observer = new InfiniteQueryObserver<
      CaregiverShiftsPage,
      Error,
      InfiniteData<CaregiverShiftsPage, ShiftsInput>,
      string[],
      ShiftsInput
    >(client, {
      queryKey: ['caregiverAppGetShifts'],
      queryFn: ({ pageParam }) => {
        if (!online) return pageFromWindows(saved, pageParam) ?? { shifts: [], hasBefore: false, hasAfter: false };
        const page = serve(all, pageParam);
        saved.push({ input: pageParam, page, updatedAt: iso(TODAY + 10 * HOUR + minute++ * 60_000) });
        return page;
      },
      initialPageParam: {},
      getNextPageParam: (last) => nextShiftsPageInput(last) ?? undefined,
      getPreviousPageParam: (first) => previousShiftsPageInput(first) ?? undefined,
      maxPages: 3,
      networkMode: 'always',
    });
    const unsubscribe = observer.subscribe(() => undefined);
    try {
      await observer.refetch();
      await observer.fetchPreviousPage();
      await observer.fetchNextPage();
      const onScreen = observer.getCurrentResult().data!.pages.flatMap((p) => p.shifts.map((s) => s.id));
      expect(onScreen).toEqual(all.map((s) => s.id));

      // Offline, an invalidation (the check-in kept on the phone) refetches every page from the first one.
      online = false;
      const refetched = await observer.refetch();
      const pages = refetched.data!.pages;
      expect(pages.flatMap((p) => p.shifts.map((s) => s.id))).toEqual(onScreen);
      expect(pages.flatMap((p) => p.shifts)).toContainEqual(inProgress);
      expect(pages.at(-1)?.hasAfter).toBe(false);
    } finally {
      unsubscribe();
      client.clear();
    }
  });
});

describe('pageFromWindows: what the saved windows answer', () => {
  it('answers the first window from its own saved input, and nothing from the start of today without it', () => {
    const { all } = schedule();
    const first = serve(all, {});
    expect(ids(pageFromWindows(saveAll(all, [{}]), {}))).toEqual(ids(first));
    expect(pageFromWindows(saveAll(all, [{ before: first.shifts[0]!.startTimestamp }]), {})).toBeUndefined();
    const none = { input: {}, page: { shifts: [], hasBefore: true, hasAfter: false }, updatedAt: iso(TODAY) };
    expect(pageFromWindows([none], {})).toEqual(none.page);
  });

  it('ends where the saved schedule ends: no cursor outside what is saved, no hasAfter past the last saved visit', () => {
    const { all } = schedule();
    const windows = saveAll(all, [{}]);
    const first = serve(all, {});
    expect(pageFromWindows(windows, nextShiftsPageInput(first)!)).toBeUndefined();
    expect(pageFromWindows(windows, { before: first.shifts[0]!.startTimestamp })).toBeUndefined();
    const inside = pageFromWindows(windows, { after: first.shifts[5]!.startTimestamp })!;
    expect(ids(inside)).toEqual(ids(first)!.slice(5));
    expect(inside).toMatchObject({ hasBefore: true, hasAfter: false });
  });

  it('where windows overlap, the newest answers: a visit cancelled or moved since is not shown from the older one', () => {
    const { all } = schedule();
    const older = saveAll(all, [{}])[0]!;
    const moved = all.map((s) => (s.id === 302 + 2 ? shift(s.id, Date.parse(s.startTimestamp) + 24 * HOUR) : s));
    const newer = moved.filter((s) => s.id !== 200);
    const newest: SavedWindow = {
      input: { after: iso(TODAY) },
      page: serve(newer, { after: iso(TODAY) }),
      updatedAt: iso(TODAY + 11 * HOUR),
    };
    const page = pageFromWindows([older, newest], { after: iso(TODAY) })!;
    expect(ids(page)).not.toContain(200);
    expect(page.shifts.filter((s) => s.id === 304)).toEqual([newer.find((s) => s.id === 304)]);
    expect(ids(page)).toEqual(ids(serve(newer, { after: iso(TODAY) })));
  });

  it('reads only windows of the same status filter', () => {
    const { all } = schedule();
    const missed = { shifts: all.slice(0, 3), hasBefore: false, hasAfter: false };
    const missing: SavedWindow = { input: { status: 'missing' }, page: missed, updatedAt: iso(TODAY) };
    expect(pageFromWindows([missing], {})).toBeUndefined();
    expect(pageFromWindows([missing], { after: iso(TODAY) })).toBeUndefined();
    expect(ids(pageFromWindows([missing], { status: 'missing' }))).toEqual([100, 101, 102]);
  });

  it('cuts pages at the page size without splitting visits that start at the same instant', () => {
    const start = TODAY + 9 * HOUR;
    const all = [
      shift(1, start),
      shift(2, start + HOUR),
      shift(3, start + HOUR),
      shift(4, start + HOUR),
      shift(5, start + 2 * HOUR),
    ];
    const windows = saveAll(all, [{ after: iso(TODAY) }]);
    const forward = pageFromWindows(windows, { after: iso(TODAY) }, 2)!;
    expect(forward).toMatchObject({ hasBefore: false, hasAfter: true });
    expect(ids(forward)).toEqual([1, 2, 3, 4]);
    const backward = pageFromWindows(windows, { before: iso(start + 2 * HOUR) }, 2)!;
    expect(ids(backward)).toEqual([2, 3, 4]);
    expect(backward).toMatchObject({ hasBefore: true, hasAfter: true });
  });
});

describe('windowCoverage: the instants a saved window answers for completely', () => {
  const page = (starts: number[], hasBefore: boolean, hasAfter: boolean): CaregiverShiftsPage => ({
    shifts: starts.map((s, i) => shift(i + 1, s)),
    hasBefore,
    hasAfter,
  });

  it('forward: from `after` (or the first visit for today), to just after the last visit when more follow', () => {
    expect(windowCoverage({ after: iso(TODAY) }, page([TODAY + HOUR, TODAY + 2 * HOUR], true, true))).toEqual({
      from: TODAY,
      to: TODAY + 2 * HOUR + 1,
    });
    expect(windowCoverage({}, page([TODAY + HOUR], false, false))).toEqual({ from: TODAY + HOUR, to: Infinity });
    expect(windowCoverage({}, page([], false, false)).from).toBe(Infinity);
  });

  it('backward: to `before`, from the first visit when more precede, else from the open start', () => {
    expect(windowCoverage({ before: iso(TODAY) }, page([TODAY - HOUR], true, true))).toEqual({ from: TODAY - HOUR, to: TODAY });
    expect(windowCoverage({ before: iso(TODAY) }, page([TODAY - HOUR], false, true))).toEqual({ from: -Infinity, to: TODAY });
    expect(windowCoverage({ before: iso(TODAY) }, page([], false, true))).toEqual({ from: -Infinity, to: TODAY });
  });
});
