import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { formatDayKey, formatLongDate } from '../../format/dateTime';
import { classState, isTicking, type ClassState } from './classState';
import { EventCard } from './EventCard';
import { serverNow, useServerNowWhile } from './serverClock';
import { dayOfKey, findNextEvent, weekDayKeys, type DayGroups, type TimetableEvent } from './timetableDays';

interface WeekViewProps {
  readonly days: DayGroups;
  readonly monday: Dayjs;
  readonly isStudent: boolean;
}

const noRegistration = { kind: 'none' } as const;

/**
 * One week of days (only those with classes), today, the class on and the next one highlighted.
 * One clock for the week, ticking only while one of its classes is still to come or on.
 */
export function WeekView({ days, monday, isStudent }: WeekViewProps) {
  const week = useMemo(
    () => weekDayKeys(monday).flatMap((key) => {
      const events = days.get(key);
      return events ? [{ key, events }] : [];
    }),
    [days, monday],
  );
  const probeMs = serverNow();
  const nowMs = useServerNowWhile(week.some(({ events }) => events.some((event) => isTicking(classState(event, probeMs)))));
  const nextEvent = findNextEvent(days, nowMs);
  const stateOf = (event: TimetableEvent): ClassState => {
    const state = classState(event, nowMs);
    // Registration is the student's: a lecturer's view shows only whether the class is on.
    return isStudent ? state : { ...state, registration: noRegistration };
  };
  const todayKey = formatDayKey(nowMs);
  if (week.length === 0) return <p className="timetable__empty">No classes this week.</p>;
  return (
    <div className="timetable__days">
      {week.map(({ key, events }) => {
        const isToday = key === todayKey;
        const headingId = `day-${key}`;
        return (
          <section key={key} className={isToday ? 'day day--today' : 'day'} aria-labelledby={headingId} data-day={key}>
            <h2 id={headingId} className="day__heading">
              {formatLongDate(dayOfKey(key))}
              {isToday && <span className="day__today">Today</span>}
            </h2>
            <ol className="day__events">
              {events.map((event) => (
                <EventCard key={event.rowId} event={event} isNext={event === nextEvent} state={stateOf(event)} />
              ))}
            </ol>
          </section>
        );
      })}
    </div>
  );
}
