import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { describeError, showErrorToast } from '../../api/errorHandler';
import { useCurrentRoute } from '../../routing/handle';
import { ensureFresh } from '../../sync/ensureFresh';
import { UpdatedAt } from '../../sync/UpdatedAt';
import { FeatureStatusNotice } from '../serviceStatus/FeatureStatusNotice';
import { useActiveUser } from '../../sync/useActiveUser';
import { useResource } from '../../sync/useResource';
import { HoldLayoutWhile, isAwaitingData } from '../../ui/layoutHold/holdContext';
import { LayoutHold } from '../../ui/layoutHold/LayoutHold';
import { wideScreenQuery } from '../../routing/media';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { IcalPanel } from './IcalPanel';
import { LayoutChoice, useWeekGridChoice } from './LayoutChoice';
import { timetableResource } from './resources';
import { serverNow, syncServerClock } from './serverClock';
import { groupByDay } from './timetableDays';
import { useWeek } from './useWeek';
import { WeekNav } from './WeekNav';
import { WeekView } from './WeekView';
import './timetable.css';

const getting = 'Timetable';

/** The week's stand-in while the timetable and the subscription load: a few days' worth of grey rows. */
function WeekSkeleton() {
  return (
    <div className="timetable__skeleton">
      <p className="visually-hidden">Loading your timetable…</p>
      {[0, 1, 2].map((day) => (
        <div key={day} className="skeleton-block timetable__skeleton-day" />
      ))}
    </div>
  );
}

/**
 * /timetable: one week at a time of the cached timetable, grouped by day (SPEC §2, §3). The week
 * and the calendar panel under it wait together behind a skeleton until their data is in, so the
 * week's days arriving never push the panel (or anything else in view) down.
 */
export function TimetablePage() {
  const title = useCurrentRoute()?.title ?? 'Timetable';
  const isStudent = useActiveUser()?.isStudentSignedIn === true;
  const timetable = useResource(timetableResource);
  const { data, error, isLoading } = timetable;
  const [isRefreshing, setRefreshing] = useState(false);
  const nowMs = serverNow();
  const week = useWeek(nowMs);
  const days = useMemo(() => groupByDay(data?.timetableEntries ?? []), [data]);
  const isWide = useMediaQuery(wideScreenQuery);
  const [isGrid, chooseGrid] = useWeekGridChoice();

  useEffect(() => {
    if (isStudent) void syncServerClock();
  }, [isStudent]);
  useEffect(() => {
    // Offline the cached copy and its "Updated" time speak for themselves.
    if (error && !error.isNetworkError) showErrorToast(error, { getting });
  }, [error]);

  const refresh = async () => {
    setRefreshing(true);
    await Promise.all([
      ensureFresh(timetableResource, { force: true }).catch((failure: unknown) => showErrorToast(failure, { getting })),
      isStudent ? syncServerClock({ force: true }) : undefined,
    ]);
    setRefreshing(false);
  };

  return (
    <div className="page timetable">
      <header className="page__intro timetable__intro">
        <h1>{title}</h1>
        <div className="timetable__status">
          <span className="timetable__updated">
            <UpdatedAt resourceKey={timetableResource.key} />
          </span>
          <button type="button" className="button" disabled={isRefreshing} onClick={() => void refresh()}>
            {isRefreshing ? 'Refreshing…' : 'Refresh'}
          </button>
        </div>
      </header>
      <FeatureStatusNotice feature="timetable" resourceKey={timetableResource.key} />
      <WeekNav
        week={week}
        rangeStart={data ? dayjs(data.timetableDateRangeStart) : undefined}
        rangeEnd={data ? dayjs(data.timetableDateRangeEnd) : undefined}
      />
      {isWide && <LayoutChoice isGrid={isGrid} onChoose={chooseGrid} />}
      <LayoutHold skeleton={<WeekSkeleton />}>
        <HoldLayoutWhile isLoading={isAwaitingData(timetable)} />
        {data ? (
          <WeekView days={days} week={week} isStudent={isStudent} fetchedAt={timetable.fetchedAt} isGrid={isWide && isGrid} />
        ) : isLoading ? (
          <p className="muted">Loading your timetable…</p>
        ) : (
          <p className="card callout callout--negative" role="alert">
            {error ? describeError(error, { getting }) : 'Your timetable is not available yet.'}
          </p>
        )}
        <IcalPanel />
      </LayoutHold>
    </div>
  );
}
