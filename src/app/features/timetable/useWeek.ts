import type { Dayjs } from 'dayjs';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { formatWeekParam, parseWeekParam, weekStart } from './timetableDays';

export interface WeekState {
  /** Monday 00:00 of the week shown. */
  readonly monday: Dayjs;
  readonly isThisWeek: boolean;
  /** The day a phone's day view was moved to (`?day=`), when it was; it sets the week too. */
  readonly chosenDay: Dayjs | undefined;
  /** Shows another week (its default day on a phone); undefined is this week, at today. */
  readonly goTo: (monday: Dayjs | undefined) => void;
  /** Shows one day in the phone's day view, and its week. */
  readonly showDay: (day: Dayjs) => void;
}

/**
 * The week shown, kept in `?week=YYYY-MM-DD` (and a phone's day in `?day=YYYY-MM-DD`) so it
 * survives a reload and can be shared. Today's week, at today, has neither.
 */
export function useWeek(nowMs: number): WeekState {
  const [params, setParams] = useSearchParams();
  const requestedWeek = params.get('week');
  const requestedDay = params.get('day');
  const thisMonday = weekStart(nowMs).valueOf();
  const chosenDay = useMemo(() => parseWeekParam(requestedDay, { keepDay: true }), [requestedDay]);
  const monday = useMemo(
    () => (chosenDay ? weekStart(chosenDay) : parseWeekParam(requestedWeek) ?? weekStart(thisMonday)),
    [chosenDay, requestedWeek, thisMonday],
  );
  const replace = useCallback(
    (week: string | undefined, day: string | undefined) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of [['week', week], ['day', day]] as const) {
            if (value) next.set(name, value);
            else next.delete(name);
          }
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );
  const goTo = useCallback(
    (target: Dayjs | undefined) => replace(!target || target.valueOf() === thisMonday ? undefined : formatWeekParam(target), undefined),
    [replace, thisMonday],
  );
  const showDay = useCallback(
    (day: Dayjs) => {
      const isToday = day.isSame(nowMs, 'day');
      replace(undefined, isToday ? undefined : formatWeekParam(day));
    },
    [replace, nowMs],
  );
  return { monday, isThisWeek: monday.valueOf() === thisMonday, chosenDay, goTo, showDay };
}
