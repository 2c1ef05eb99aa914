import type { Dayjs } from 'dayjs';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { formatWeekParam, parseWeekParam, weekStart } from './timetableDays';

export interface WeekState {
  /** Monday 00:00 of the week shown. */
  readonly monday: Dayjs;
  readonly isThisWeek: boolean;
  readonly goTo: (monday: Dayjs | undefined) => void;
}

/** The week shown, kept in `?week=YYYY-MM-DD` so it survives a reload and can be shared. */
export function useWeek(nowMs: number): WeekState {
  const [params, setParams] = useSearchParams();
  const requested = params.get('week');
  const thisMonday = weekStart(nowMs).valueOf();
  const monday = useMemo(() => parseWeekParam(requested) ?? weekStart(thisMonday), [requested, thisMonday]);
  const goTo = useCallback(
    (target: Dayjs | undefined) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (!target || target.valueOf() === thisMonday) next.delete('week');
          else next.set('week', formatWeekParam(target));
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams, thisMonday],
  );
  return { monday, isThisWeek: monday.valueOf() === thisMonday, goTo };
}
