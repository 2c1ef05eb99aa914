import type { AttendanceAnalysis } from '../../../shared/contract/attendance';
import { missedWarning, percentageDefinition, percentageText, trendTexts } from './attendanceView';
import { MissedWarningBanner } from './MissedWarningBanner';
import { TrendIcon } from './TrendIcon';

/** This year's headline: the percentage and what it means, the trend and any missed-run warning. */
export function AttendanceSummary({ analysis }: { readonly analysis: AttendanceAnalysis }) {
  const warning = missedWarning(analysis);
  return (
    <section className="card attendance-section" aria-labelledby="attendance-summary-heading">
      <h2 id="attendance-summary-heading">Your attendance this year</h2>
      {warning && <MissedWarningBanner warning={warning} />}
      <dl className="attendance-summary">
        <div>
          <dt>Attendance</dt>
          <dd className="attendance-summary__percentage" data-testid="attendance-percentage">
            {percentageText(analysis.attendancePercentage)}
          </dd>
        </div>
        <div>
          <dt>Trend</dt>
          <dd className={`attendance-summary__trend trend--${analysis.trend}`} data-testid="attendance-trend">
            <TrendIcon trend={analysis.trend} />
            <span>{trendTexts[analysis.trend]}</span>
          </dd>
        </div>
      </dl>
      <p className="muted">{percentageDefinition}</p>
    </section>
  );
}
