import { useMemo } from 'react';
import { formatDayKey } from '../../format/dateTime';
import { useResource } from '../../sync/useResource';
import { EventCard } from './EventCard';
import { isAwaitingRegistration } from './registrationPhase';
import { timetableResource } from './resources';
import { serverNow } from './serverClock';
import { findNextEvent, groupByDay } from './timetableDays';
import './timetable.css';

/** Home: today's classes, the next one highlighted (works offline from the cache). */
export default function TodayWidget() {
  const { data } = useResource(timetableResource);
  const days = useMemo(() => groupByDay(data?.timetableEntries ?? []), [data]);
  if (!data) return <p className="widget__empty">Loading your timetable…</p>;
  const nowMs = serverNow();
  const today = days.get(formatDayKey(nowMs)) ?? [];
  const next = findNextEvent(days, nowMs);
  if (today.length === 0) return <p className="widget__empty">No classes today.</p>;
  return (
    <ol className="day__events">
      {today.map((event) => (
        <EventCard key={event.rowId} event={event} isNext={event === next} hasCountdown={isAwaitingRegistration(event, nowMs)} />
      ))}
    </ol>
  );
}
