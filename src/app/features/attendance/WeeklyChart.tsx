import type { AttendanceRecord } from '../../../shared/contract/attendance';
import { formatDate } from '../../format/dateTime';
import { percentageText, weeklySeries } from './attendanceView';

/**
 * Attendance week by week as bars (loaded lazily). Each bar carries its figures as text for
 * screen readers; the bars themselves are decoration.
 */
export default function WeeklyChart({ records }: { readonly records: readonly AttendanceRecord[] }) {
  const weeks = weeklySeries(records);
  if (weeks.length === 0) return <p className="muted">The chart appears once classes have been recorded.</p>;
  return (
    <figure className="week-chart">
      <figcaption className="muted">Each bar is one week: the share of its expected classes you attended.</figcaption>
      <ol className="week-chart__bars">
        {weeks.map((week) => (
          <li key={week.weekStart} className="week-chart__week">
            <span
              className={`week-chart__bar${week.percentage === null ? ' week-chart__bar--none' : ''}`}
              style={{ height: `${Math.max(week.percentage ?? 0, 2)}%` }}
              aria-hidden="true"
            />
            <span className="visually-hidden">
              Week of {formatDate(week.weekStart)}: {week.percentage === null ? 'no classes expected' : `${percentageText(week.percentage)}, ${week.present} of ${week.expected}`}
            </span>
          </li>
        ))}
      </ol>
      <p className="week-chart__axis" aria-hidden="true">
        <span>{formatDate(weeks[0]?.weekStart)}</span>
        <span>{formatDate(weeks.at(-1)?.weekStart)}</span>
      </p>
    </figure>
  );
}
