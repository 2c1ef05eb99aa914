import type { Dayjs } from 'dayjs';
import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ensureFresh } from '../../sync/ensureFresh';
import { HoldContext } from '../../ui/layoutHold/holdContext';
import { formatDayKey, formatLongDate } from '../../format/dateTime';
import { classState, isTicking, type ClassState } from './classState';
import { EventCard } from './EventCard';
import { timetableResource } from './resources';
import { serverNow, useServerNowWhile } from './serverClock';
import { dayOfKey, findNextEvent, weekDayKeys, type DayGroups, type TimetableEvent } from './timetableDays';

interface WeekViewProps {
  readonly days: DayGroups;
  readonly monday: Dayjs;
  readonly isStudent: boolean;
  /** When the copy shown was fetched: a link to a class waits for one newer than itself. */
  readonly fetchedAt: number | undefined;
}

const noRegistration = { kind: 'none' } as const;

/**
 * A link to a class (`?week=…#class-<rowId>`, a notification's) is newer than this device's copy
 * (the class may have moved): the timetable is refreshed first, then the class's card is focused
 * once shown (not while its hold hides it), which scrolls it into view and has screen readers read
 * it. Offline, the copy held is used. Once per navigation: a later refresh never takes focus back.
 */
function useFocusLinkedClass(fetchedAt: number | undefined, shown: unknown): void {
  const { hash, key } = useLocation();
  const isLink = hash.startsWith('#class-');
  const isHeld = useContext(HoldContext) !== undefined;
  const [asked, setAsked] = useState<{ key: string; at: number }>();
  const done = useRef('');
  useEffect(() => {
    if (!isLink) return;
    const at = Date.now();
    ensureFresh(timetableResource, { force: true }).then(() => setAsked({ key, at }), () => setAsked({ key, at: 0 }));
  }, [isLink, key]);
  useEffect(() => {
    const isReady = asked?.key === key && (fetchedAt ?? 0) >= asked.at && !isHeld && done.current !== key;
    const card = isReady ? document.getElementById(hash.slice(1)) : null;
    if (!card) return;
    done.current = key;
    card.focus({ preventScroll: true });
    card.scrollIntoView({ block: 'center' });
  }, [asked, fetchedAt, hash, key, isHeld, shown]);
}

/**
 * One week of days (only those with classes), today, the class on and the next one highlighted.
 * One clock for the week, ticking only while one of its classes is still to come or on.
 */
export function WeekView({ days, monday, isStudent, fetchedAt }: WeekViewProps) {
  const week = useMemo(
    () => weekDayKeys(monday).flatMap((key) => {
      const events = days.get(key);
      return events ? [{ key, events }] : [];
    }),
    [days, monday],
  );
  useFocusLinkedClass(fetchedAt, week);
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
