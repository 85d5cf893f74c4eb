import { useEffect, useRef, useState } from 'react';
import type { DatesSetArg } from '@fullcalendar/core';
import type FullCalendar from '@fullcalendar/react';
import type { CalendarView } from './shift-calendar.toolbar';

/**
 * What the calendar shows, as FullCalendar reports it through `datesSet`: the visible `range` (ISO instants, `after`
 * inclusive and `before` exclusive; null before the first report), its `title` and `view`. A phone (`narrow`) starts
 * on the day view and a wider screen on the week; when the screen changes between the two, the view follows.
 * `calendarRef` goes on the FullCalendar element and `api()` reaches it.
 */
export function useCalendarRange(narrow: boolean) {
  const calendarRef = useRef<FullCalendar>(null);
  const [range, setRange] = useState<{ after: string; before: string } | null>(null);
  const [title, setTitle] = useState('');
  const [view, setView] = useState<CalendarView>(narrow ? 'timeGridDay' : 'timeGridWeek');
  // FullCalendar reads its first view once; later changes go through its API and come back in datesSet.
  const [initialView] = useState(view);

  // A phone gets the day view; a wider screen coming back gets the week.
  useEffect(() => {
    const api = calendarRef.current?.getApi();
    if (!api) return;
    if (narrow && api.view.type === 'timeGridWeek') api.changeView('timeGridDay');
    else if (!narrow && api.view.type === 'timeGridDay') api.changeView('timeGridWeek');
  }, [narrow]);

  const datesSet = (arg: DatesSetArg) => {
    setRange({ after: arg.start.toISOString(), before: arg.end.toISOString() });
    setTitle(arg.view.title);
    setView(arg.view.type as CalendarView);
  };
  return { calendarRef, api: () => calendarRef.current?.getApi(), range, title, view, initialView, datesSet };
}
