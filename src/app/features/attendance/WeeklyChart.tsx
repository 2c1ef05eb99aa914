import { useId, useState } from 'react';
import type { AttendanceRecord } from '../../../shared/contract/attendance';
import { formatDate } from '../../format/dateTime';
import { ResponsiveTable } from '../../ui/table/ResponsiveTable';
import { percentageText, weeklySeries, weeklySummary } from './attendanceView';

/** The gridlines of the value axis, in percent. */
const ticks = [100, 50, 0] as const;

/**
 * Attendance week by week as bars (loaded lazily), on a 0–100% axis. The drawing is decoration;
 * a sentence under it sums it up, and "Show the figures" opens every week's values as a table
 * (issue 34 §4).
 */
export default function WeeklyChart({ records }: { readonly records: readonly AttendanceRecord[] }) {
  const weeks = weeklySeries(records);
  const [showFigures, setShowFigures] = useState(false);
  const tableId = useId();
  if (weeks.length === 0) return <p className="muted">The chart appears once classes have been recorded.</p>;
  return (
    <figure className="week-chart">
      <figcaption className="muted">Each bar is one week: the share of its expected classes you attended.</figcaption>
      <div className="week-chart__plot" aria-hidden="true">
        <ol className="week-chart__ticks">
          {ticks.map((tick) => (
            <li key={tick} className="week-chart__tick">
              {tick}%
            </li>
          ))}
        </ol>
        <ol className="week-chart__bars">
          {weeks.map((week) => (
            <li key={week.weekStart} className="week-chart__week">
              <span
                className={`week-chart__bar${week.percentage === null ? ' week-chart__bar--none' : ''}`}
                style={{ height: `${Math.max(week.percentage ?? 0, 2)}%` }}
              />
            </li>
          ))}
        </ol>
        <p className="week-chart__axis">
          <span>{formatDate(weeks[0]?.weekStart)}</span>
          <span>{formatDate(weeks.at(-1)?.weekStart)}</span>
        </p>
      </div>
      <p className="week-chart__summary" data-testid="week-chart-summary">
        {weeklySummary(weeks)}
      </p>
      <button type="button" className="button button--ghost week-chart__toggle" aria-expanded={showFigures} aria-controls={tableId} onClick={() => setShowFigures(!showFigures)}>
        {showFigures ? 'Hide the figures' : 'Show the figures'}
      </button>
      <div id={tableId} hidden={!showFigures}>
        {showFigures && (
          <ResponsiveTable label="Attendance week by week">
            <caption>Attendance week by week</caption>
            <thead>
              <tr>
                <th scope="col">Week of</th>
                <th scope="col" className="tally-table__number">Attended</th>
                <th scope="col" className="tally-table__number">Expected</th>
                <th scope="col" className="tally-table__number">Attendance</th>
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={week.weekStart} data-row={week.weekStart}>
                  <th scope="row">{formatDate(week.weekStart)}</th>
                  <td className="tally-table__number" data-label="Attended">{week.present}</td>
                  <td className="tally-table__number" data-label="Expected">{week.expected}</td>
                  <td className="tally-table__number" data-label="Attendance">
                    {week.percentage === null ? 'No classes expected' : percentageText(week.percentage)}
                  </td>
                </tr>
              ))}
            </tbody>
          </ResponsiveTable>
        )}
      </div>
    </figure>
  );
}
