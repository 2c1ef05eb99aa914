import { useMemo } from 'react';
import { formatDayKey } from '../../format/dateTime';
import { useResource } from '../../sync/useResource';
import { isAwaitingData, useHoldLayout } from '../../ui/layoutHold/holdContext';
import { classState, isTicking } from './classState';
import { EventCard } from './EventCard';
import { timetableResource } from './resources';
import { serverNow, useServerNowWhile } from './serverClock';
import { findNextEvent, groupByDay } from './timetableDays';
import './timetable.css';

/**
 * Home: today's classes, each with its state (in progress, next, registration), from the cache
 * offline. One clock for the whole widget, ticking only while a class is still to come or on.
 */
export default function TodayWidget() {
  const timetable = useResource(timetableResource);
  const { data } = timetable;
  useHoldLayout(isAwaitingData(timetable));
  const days = useMemo(() => groupByDay(data?.timetableEntries ?? []), [data]);
  const today = days.get(formatDayKey(serverNow())) ?? [];
  const probeMs = serverNow();
  const nowMs = useServerNowWhile(today.some((event) => isTicking(classState(event, probeMs))));
  if (!data) return <p className="widget__empty">Loading your timetable…</p>;
  const next = findNextEvent(days, nowMs);
  if (today.length === 0) return <p className="widget__empty">No classes today.</p>;
  return (
    <ol className="day__events">
      {today.map((event) => (
        <EventCard key={event.rowId} event={event} isNext={event === next} state={classState(event, nowMs)} />
      ))}
    </ol>
  );
}
