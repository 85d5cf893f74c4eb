/** FullCalendar's scrolling bodies: the time grid's hours and a month's weeks when they overflow the fixed height. */
const SCROLLER_SELECTOR = '.fc-scroller-liquid-absolute';

/**
 * Makes the calendar's scrolling bodies under `root` reachable from the keyboard, so the hours above and below the
 * visible part can be scrolled to without a mouse (WCAG 2.1.1; axe's scrollable-region-focusable): each becomes a
 * focusable region named `label`. FullCalendar renders them itself and offers no props for them, so this runs after
 * each render of a view (viewDidMount, datesSet); it only sets attributes, which FullCalendar leaves alone.
 * @param root the calendar's element (or a view's); nothing happens when it is null
 * @param label the regions' name in the shown language, e.g. "Calendar hours"
 */
export function labelCalendarScrollers(root: HTMLElement | null | undefined, label: string): void {
  if (!root) return;
  for (const scroller of root.querySelectorAll<HTMLElement>(SCROLLER_SELECTOR)) {
    scroller.tabIndex = 0;
    scroller.setAttribute('role', 'region');
    scroller.setAttribute('aria-label', label);
  }
}
