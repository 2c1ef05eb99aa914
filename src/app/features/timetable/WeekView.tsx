import { lazy, Suspense, useContext, useEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import { useLocation } from 'react-router';
import { ensureFresh } from '../../sync/ensureFresh';
import { HoldContext } from '../../ui/layoutHold/holdContext';
import { formatDayKey, formatLongDate, formatTime24 } from '../../format/dateTime';
import { wideScreenQuery } from '../../routing/media';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { classState, isTicking, type ClassState } from './classState';
import { EventCard } from './EventCard';
import { timetableResource } from './resources';
import { serverNow, useServerNowWhile } from './serverClock';
import { daySwipeStep, nowLineIndex, shownDayKey } from './dayView';
import { DayStrip } from './DayStrip';
import { dayOfKey, findNextEvent, weekDayKeys, type DayGroups, type TimetableEvent } from './timetableDays';
import type { WeekState } from './useWeek';

interface WeekViewProps {
  readonly days: DayGroups;
  readonly week: WeekState;
  readonly isStudent: boolean;
  /** When the copy shown was fetched: a link to a class waits for one newer than itself. */
  readonly fetchedAt: number | undefined;
  /** A wide screen's week grid instead of the list (the device's choice). */
  readonly isGrid?: boolean;
}

const noRegistration = { kind: 'none' } as const;

// A wide screen's opt-in: loaded when a device chooses it.
const WeekGrid = lazy(() => import('./WeekGrid').then(({ WeekGrid: grid }) => ({ default: grid })));

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

interface DaySectionProps {
  readonly dayKey: string;
  readonly events: readonly TimetableEvent[];
  readonly isToday: boolean;
  readonly nowMs: number;
  readonly nextEvent: TimetableEvent | undefined;
  readonly stateOf: (event: TimetableEvent) => ClassState;
}

/**
 * One day's classes under its heading (SPEC §2: grouped by day, keyed DD-MM-YYYY). Today has a
 * "now" line before the first class that has not started.
 */
function DaySection({ dayKey, events, isToday, nowMs, nextEvent, stateOf }: DaySectionProps) {
  const headingId = `day-${dayKey}`;
  const nowAt = isToday ? nowLineIndex(events, nowMs) : -1;
  const nowLine = (
    <li key="now" className="now-line" aria-hidden="true" data-testid="now-line">
      <span className="now-line__label">Now {formatTime24(nowMs)}</span>
    </li>
  );
  return (
    <section className={isToday ? 'day day--today' : 'day'} aria-labelledby={headingId} data-day={dayKey}>
      <h2 id={headingId} className="day__heading">
        {formatLongDate(dayOfKey(dayKey))}
        {isToday && <span className="day__today">Today</span>}
      </h2>
      <ol className="day__events">
        {events.map((event, index) => [
          index === nowAt ? nowLine : null,
          <EventCard key={event.rowId} event={event} isNext={event === nextEvent} state={stateOf(event)} />,
        ])}
        {nowAt === events.length && nowLine}
      </ol>
    </section>
  );
}

/** The class a link names (`#class-<rowId>`), by its row id, if any. */
function useLinkedRowId(): number | undefined {
  const { hash } = useLocation();
  const match = /^#class-(\d+)$/.exec(hash);
  return match ? Number(match[1]) : undefined;
}

/**
 * Sideways swipes over the day view move a day (touch and pen; a mouse drags to select text). The
 * area lets the browser scroll vertically only (timetable.css), so sideways moves reach it.
 */
function useDaySwipe(onStep: (step: -1 | 1) => void) {
  const start = useRef<{ id: number; x: number; y: number }>(undefined);
  return {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse' || !event.isPrimary) return;
      start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      const from = start.current;
      start.current = undefined;
      if (from?.id !== event.pointerId) return;
      const step = daySwipeStep(event.clientX - from.x, event.clientY - from.y);
      if (step !== 0) onStep(step);
    },
    onPointerCancel: () => {
      start.current = undefined;
    },
  };
}

/**
 * One week of the timetable. Wide screens: the days with classes, one under the other, or the
 * week grid the device chose (WeekGrid.tsx). Phones
 * (issue 34 §1): one day at a time under a strip of the week's days, today first, swiped
 * sideways to the next or previous day. Today, the class on and the next one are highlighted,
 * classes that have ended are dimmed. One clock, ticking only while a class is still to come or on.
 */
export function WeekView({ days, week, isStudent, fetchedAt, isGrid = false }: WeekViewProps) {
  const { monday } = week;
  const isWide = useMediaQuery(wideScreenQuery);
  const weekKeys = useMemo(() => weekDayKeys(monday), [monday]);
  const withClasses = useMemo(
    () => weekKeys.flatMap((key) => {
      const events = days.get(key);
      return events ? [{ key, events }] : [];
    }),
    [days, weekKeys],
  );
  const linkedRowId = useLinkedRowId();
  const probeMs = serverNow();
  const nowMs = useServerNowWhile(withClasses.some(({ events }) => events.some((event) => isTicking(classState(event, probeMs)))));
  const todayKey = formatDayKey(nowMs);
  const shownKey = shownDayKey({
    weekKeys,
    chosenDay: week.chosenDay,
    linkedKey: withClasses.find(({ events }) => events.some((event) => event.rowId === linkedRowId))?.key,
    todayKey,
    keysWithClasses: new Set(withClasses.map(({ key }) => key)),
  });
  const shown = isWide ? withClasses : withClasses.filter(({ key }) => key === shownKey);
  useFocusLinkedClass(fetchedAt, shown);
  const swipe = useDaySwipe((step) => week.showDay(dayOfKey(shownKey).add(step, 'day')));
  const nextEvent = findNextEvent(days, nowMs);
  const stateOf = (event: TimetableEvent): ClassState => {
    const state = classState(event, nowMs);
    // Registration is the student's: a lecturer's view shows only whether the class is on.
    return isStudent ? state : { ...state, registration: noRegistration };
  };
  const sections = shown.map(({ key, events }) => (
    <DaySection key={key} dayKey={key} events={events} isToday={key === todayKey} nowMs={nowMs} nextEvent={nextEvent} stateOf={stateOf} />
  ));
  if (isWide) {
    if (withClasses.length === 0) return <p className="timetable__empty">No classes this week.</p>;
    if (isGrid) {
      // Monday to Friday always; a weekend day when it has classes.
      const columns = weekKeys.flatMap((key, index) => {
        const events = days.get(key) ?? [];
        return index < 5 || events.length > 0 ? [{ key, events }] : [];
      });
      return (
        <Suspense fallback={<p className="muted">Loading the week grid…</p>}>
          <WeekGrid columns={columns} todayKey={todayKey} nowMs={nowMs} stateOf={stateOf} />
        </Suspense>
      );
    }
    return <div className="timetable__days">{sections}</div>;
  }
  return (
    <div className="timetable__day-view">
      <DayStrip
        monday={monday}
        shownKey={shownKey}
        todayKey={todayKey}
        classCounts={new Map(withClasses.map(({ key, events }) => [key, events.length]))}
        onShow={week.showDay}
      />
      <div className="timetable__days timetable__swipe" {...swipe}>
        {sections.length > 0 ? sections : <p className="timetable__empty">No classes on {formatLongDate(dayOfKey(shownKey))}.</p>}
      </div>
    </div>
  );
}
