import { useEffect, useLayoutEffect, useRef } from 'react';
import type { useScheduleShifts } from './schedule-data';
import type { ScheduleDay } from './schedule-days';

/** Calls `onVisible` when the sentinel scrolls into view (infinite scroll). */
function useSentinel(onVisible: () => void, enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) callback.current();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}

/** The first shift card visible on screen and its distance from the top, to keep it in place across page changes. */
function visibleAnchor(): { id: string; top: number } | null {
  for (const el of document.querySelectorAll<HTMLElement>('[data-shift-id]')) {
    const top = el.getBoundingClientRect().top;
    if (top >= 0) return { id: el.dataset.shiftId ?? '', top };
  }
  return null;
}

/**
 * The schedule's infinite scroll both ways: the refs of the sentinels above (`topRef`) and below (`bottomRef`) the
 * days, which load the previous or next page of `query` once `ready` and in view, one fetch at a time; a sentinel
 * still in view when a fetch ends loads its page then. The visit on screen stays where it is when pages are
 * prepended or dropped (the query keeps at most 3).
 */
export function useScheduleScroll(query: ReturnType<typeof useScheduleShifts>, ready: boolean) {
  // Keep the visible visit where it is when pages are prepended (scrolling up) or dropped (maxPages).
  const anchor = useRef<{ id: string; top: number } | null>(null);
  useLayoutEffect(() => {
    const kept = anchor.current;
    if (!kept) return;
    anchor.current = null;
    const el = document.querySelector<HTMLElement>(`[data-shift-id="${kept.id}"]`);
    if (el) window.scrollBy(0, el.getBoundingClientRect().top - kept.top);
  }, [query.data]);

  const loadPrevious = () => {
    if (!query.hasPreviousPage || query.isFetchingPreviousPage || query.isFetchingNextPage) return;
    anchor.current = visibleAnchor();
    void query.fetchPreviousPage();
  };
  const loadNext = () => {
    if (!query.hasNextPage || query.isFetchingNextPage || query.isFetchingPreviousPage) return;
    anchor.current = visibleAnchor();
    void query.fetchNextPage();
  };
  // Watched only while no fetch runs: an observer reports a sentinel once when it comes into view, so a load it
  // asked for during another fetch (refused above, or cancelled by a refetch a live update started) would never be
  // asked again while the sentinel stays in view. A new observer after each fetch reports it anew.
  const idle = ready && !query.isFetching;
  const topRef = useSentinel(loadPrevious, idle && query.hasPreviousPage);
  const bottomRef = useSentinel(loadNext, idle && query.hasNextPage);
  return { topRef, bottomRef };
}

/**
 * Deep link: the visit of `days` at (or first after) `startTimestamp` (ISO), scrolled into view once, when `shown`
 * (its card is on screen). Returns that visit, or undefined without a `startTimestamp` or a visit after it.
 */
export function useDeepLinkScroll(days: ScheduleDay[], startTimestamp: string | undefined, shown: boolean) {
  const scrolledTo = useRef<string | null>(null);
  const target = startTimestamp
    ? days.flatMap((d) => d.shifts).find((s) => Date.parse(s.startTimestamp) >= Date.parse(startTimestamp))
    : undefined;
  useLayoutEffect(() => {
    if (!shown || !target || !startTimestamp || scrolledTo.current === startTimestamp) return;
    scrolledTo.current = startTimestamp;
    document.querySelector(`[data-shift-id="${target.id}"]`)?.scrollIntoView({ block: 'center' });
  }, [shown, target, startTimestamp]);
  return target;
}
