import { useResource } from '../../sync/useResource';
import { isAwaitingData, useHoldLayout } from '../../ui/layoutHold/holdContext';
import { missedWarning, percentageText, trendTexts } from './attendanceView';
import { MissedWarningBanner } from './MissedWarningBanner';
import { attendanceAnalysisResource } from './resources';
import { TrendIcon } from './TrendIcon';
import './attendance.css';

/** Home: this year's percentage, the trend and any missed-run warning, from the cached analysis. */
export default function AttendanceWidget() {
  const analysis = useResource(attendanceAnalysisResource);
  const { data } = analysis;
  useHoldLayout(isAwaitingData(analysis));
  if (!data) return <p className="widget__empty">Loading your attendance…</p>;
  const warning = missedWarning(data);
  return (
    <div className="attendance-widget">
      <p className="attendance-widget__percentage">
        <span className="attendance-summary__percentage">{percentageText(data.attendancePercentage)}</span>{' '}
        <span className="muted">this year</span>
      </p>
      <p className={`attendance-summary__trend trend--${data.trend}`}>
        <TrendIcon trend={data.trend} />
        <span>{trendTexts[data.trend]}</span>
      </p>
      {warning && <MissedWarningBanner warning={warning} isCompact />}
    </div>
  );
}
