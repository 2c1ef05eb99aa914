import type { Dayjs } from 'dayjs';
import { formats } from '../../../shared/constants';

interface DayStripProps {
  readonly monday: Dayjs;
  readonly shownKey: string;
  readonly todayKey: string;
  /** How many classes each day has (days missing have none). */
  readonly classCounts: ReadonlyMap<string, number>;
  readonly onShow: (day: Dayjs) => void;
}

const classesText = (count: number) => (count === 0 ? 'no classes' : count === 1 ? '1 class' : `${count} classes`);

/**
 * The week's seven days on a phone (issue 34 §1): short name and date, a dot under a day with
 * classes, today marked, the shown day pressed. Each button's name starts with what it shows
 * ('Thu 27'), then says the rest: the month, how many classes, and whether it is today.
 */
export function DayStrip({ monday, shownKey, todayKey, classCounts, onShow }: DayStripProps) {
  const days = Array.from({ length: 7 }, (_, index) => monday.add(index, 'day'));
  return (
    <div className="day-strip" role="group" aria-label="Days of the week">
      {days.map((day) => {
        const key = day.format(formats.dayKey);
        const count = classCounts.get(key) ?? 0;
        const isToday = key === todayKey;
        const classes = ['day-strip__day', isToday ? 'day-strip__day--today' : '', count > 0 ? 'day-strip__day--classes' : ''].filter(Boolean).join(' ');
        return (
          <button key={key} type="button" className={classes} aria-pressed={key === shownKey} onClick={() => onShow(day)}>
            <span className="day-strip__name">{day.format('ddd')}</span> <span className="day-strip__date">{day.format('D')}</span>
            <span className="visually-hidden">
              {' '}
              {day.format('MMMM')}, {classesText(count)}
              {isToday ? ', today' : ''}
            </span>
            <span className="day-strip__dot" aria-hidden="true" />
          </button>
        );
      })}
    </div>
  );
}
