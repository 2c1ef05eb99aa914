import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { formatDayKey, formatLongDate } from '../../format/dateTime';
import { EventCard } from './EventCard';
import { isAwaitingRegistration } from './registrationPhase';
import { dayOfKey, weekDayKeys, type DayGroups, type TimetableEvent } from './timetableDays';

interface WeekViewProps {
  readonly days: DayGroups;
  readonly monday: Dayjs;
  readonly nowMs: number;
  readonly nextEvent: TimetableEvent | undefined;
  readonly isStudent: boolean;
}

/** One week of days (only those with classes), today and the next class highlighted. */
export function WeekView({ days, monday, nowMs, nextEvent, isStudent }: WeekViewProps) {
  const week = useMemo(
    () => weekDayKeys(monday).flatMap((key) => {
      const events = days.get(key);
      return events ? [{ key, events }] : [];
    }),
    [days, monday],
  );
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
                <EventCard
                  key={event.rowId}
                  event={event}
                  isNext={event === nextEvent}
                  hasCountdown={isStudent && isAwaitingRegistration(event, nowMs)}
                />
              ))}
            </ol>
          </section>
        );
      })}
    </div>
  );
}
