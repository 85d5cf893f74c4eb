import { useEffect, useRef } from 'react';
import type { CalendarView } from './shift-calendar.toolbar';

/** The hour a day or week view opens on, as FullCalendar's slot `data-time` writes it: the working day's start. */
const MORNING_SLOT = '07:00:00';

/**
 * The calendar's own scrolling box (issue 27, WCAG 2.1.1): FullCalendar draws its grid at full height and this box
 * scrolls it, because FullCalendar's inner scroller sits inside its grid's ARIA structure, where making it
 * focusable breaks the grid (axe aria-required-children), and a scroller that cannot take focus cannot be scrolled
 * from the keyboard (axe scrollable-region-focusable). The returned ref goes on a focusable element around the
 * calendar; whenever a day or week view is shown, the box scrolls to 07:00 just under the sticky day headers, as
 * FullCalendar's `scrollTime` did when it scrolled itself.
 * @param view the view shown (the effect runs again when it changes).
 * @param rangeKey the visible range's start (ISO), so a new week opens on the morning too.
 */
export function useCalendarScroller(view: CalendarView, rangeKey: string | undefined) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = ref.current;
    if (!box || view === 'dayGridMonth') return;
    const frame = requestAnimationFrame(() => {
      const slot = box.querySelector<HTMLElement>(`.fc-timegrid-slot[data-time="${MORNING_SLOT}"]`);
      if (!slot) return;
      const header = box.querySelector<HTMLElement>('.fc-col-header')?.offsetHeight ?? 0;
      box.scrollTop += slot.getBoundingClientRect().top - box.getBoundingClientRect().top - header;
    });
    return () => cancelAnimationFrame(frame);
  }, [view, rangeKey]);
  return ref;
}
