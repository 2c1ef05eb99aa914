import type { Dayjs } from 'dayjs';
import { Icon } from '../../ui/icons/Icon';
import type { WeekState } from './useWeek';

interface WeekNavProps {
  readonly week: WeekState;
  /** The timetable's range (SPEC §3): weeks outside it have nothing to show. */
  readonly rangeStart: Dayjs | undefined;
  readonly rangeEnd: Dayjs | undefined;
}

/**
 * Previous week, 'Today' (this week, and on a phone today's day), next week, and which week this
 * is (on a phone: the week above one row of three buttons).
 */
export function WeekNav({ week, rangeStart, rangeEnd }: WeekNavProps) {
  const { monday } = week;
  const sunday = monday.add(6, 'day');
  const hasPrevious = !rangeStart || monday.isAfter(rangeStart);
  const hasNext = !rangeEnd || monday.add(7, 'day').isBefore(rangeEnd);
  return (
    <nav className="week-nav" aria-label="Weeks">
      <button type="button" className="button" disabled={!hasPrevious} onClick={() => week.goTo(monday.subtract(7, 'day'))}>
        <Icon name="chevronLeft" size={18} />
        Previous<span className="week-nav__word"> week</span>
      </button>
      <p className="week-nav__label" aria-live="polite">
        {monday.format('D MMM')} – {sunday.format('D MMM YYYY')}
        {week.isThisWeek && <span className="week-nav__this"> (this week)</span>}
      </p>
      <button type="button" className="button" disabled={week.isThisWeek && !week.chosenDay} onClick={() => week.goTo(undefined)}>
        Today
      </button>
      <button type="button" className="button" disabled={!hasNext} onClick={() => week.goTo(monday.add(7, 'day'))}>
        Next<span className="week-nav__word"> week</span>
        <Icon name="chevronRight" size={18} />
      </button>
    </nav>
  );
}
