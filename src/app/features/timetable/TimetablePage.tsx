import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { describeError, showErrorToast } from '../../api/errorHandler';
import { useCurrentRoute } from '../../routing/handle';
import { ensureFresh } from '../../sync/ensureFresh';
import { UpdatedAt } from '../../sync/UpdatedAt';
import { FeatureStatusNotice } from '../serviceStatus/FeatureStatusNotice';
import { useActiveUser } from '../../sync/useActiveUser';
import { useResource } from '../../sync/useResource';
import { IcalPanel } from './IcalPanel';
import { timetableResource } from './resources';
import { serverNow, syncServerClock } from './serverClock';
import { groupByDay } from './timetableDays';
import { useWeek } from './useWeek';
import { WeekNav } from './WeekNav';
import { WeekView } from './WeekView';
import './timetable.css';

const getting = 'Timetable';

/** /timetable: one week at a time of the cached timetable, grouped by day (SPEC §2, §3). */
export function TimetablePage() {
  const title = useCurrentRoute()?.title ?? 'Timetable';
  const isStudent = useActiveUser()?.isStudentSignedIn === true;
  const { data, error, isLoading } = useResource(timetableResource);
  const [isRefreshing, setRefreshing] = useState(false);
  const nowMs = serverNow();
  const week = useWeek(nowMs);
  const days = useMemo(() => groupByDay(data?.timetableEntries ?? []), [data]);

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
          <UpdatedAt resourceKey={timetableResource.key} />
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
      {data ? (
        <WeekView days={days} monday={week.monday} isStudent={isStudent} />
      ) : isLoading ? (
        <p className="muted">Loading your timetable…</p>
      ) : (
        <p className="card callout callout--negative" role="alert">
          {error ? describeError(error, { getting }) : 'Your timetable is not available yet.'}
        </p>
      )}
      <IcalPanel />
    </div>
  );
}
