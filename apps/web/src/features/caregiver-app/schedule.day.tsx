import { dayTitle, type ScheduleDay } from './schedule-days';
import { ScheduleShiftCard } from './schedule-shift-card';
import classes from './schedule.page.module.css';

/**
 * One day of the schedule: its title (in the day's time zone) in a header sticking at `stickyTop` (a CSS length),
 * then its visit cards, the one with id `highlightedId` highlighted. Plain elements: it repeats down the page.
 */
export function ScheduleDaySection(props: { day: ScheduleDay; stickyTop: string; highlightedId: number | undefined }) {
  const { day, stickyTop, highlightedId } = props;
  const title = dayTitle(day.date, day.shifts[0]?.timezone ?? 'UTC');
  return (
    <section aria-label={title}>
      <div className={classes.dayHeader} style={{ top: stickyTop }}>
        <p className={classes.dayTitle}>{title}</p>
      </div>
      <div className={classes.cards}>
        {day.shifts.map((shift) => (
          <ScheduleShiftCard key={shift.id} shift={shift} highlighted={shift.id === highlightedId} />
        ))}
      </div>
    </section>
  );
}
