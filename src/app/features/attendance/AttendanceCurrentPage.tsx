import { lazy, Suspense } from 'react';
import type { AttendanceAnalysis } from '../../../shared/contract/attendance';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { AbsencesSection } from '../absences/AbsencesSection';
import { SupportSection } from '../referral/SupportSection';
import { AttendanceFrame } from './AttendanceFrame';
import { AttendanceSummary } from './AttendanceSummary';
import { tallyRow } from './attendanceView';
import { NetworkSelfTest } from './NetworkSelfTest';
import { PeerTable } from './PeerTable';
import { RecordsTable } from './RecordsTable';
import { TallyTable } from './TallyTable';

const WeeklyChart = lazy(() => import('./WeeklyChart'));

function CurrentYear({ analysis }: { readonly analysis: AttendanceAnalysis }) {
  const year = analysis.yearTallies[0];
  const records = analysis.attendanceCurrentAcademicYear;
  return (
    <>
      <AttendanceSummary analysis={analysis} />
      <NetworkSelfTest />
      <AbsencesSection />
      <section className="card attendance-section" aria-labelledby="weekly-heading">
        <h2 id="weekly-heading">Week by week</h2>
        <ErrorBoundary fallback={<p className="muted">The chart could not be shown just now.</p>}>
          <Suspense fallback={<p className="muted">Loading the chart…</p>}>
            <WeeklyChart records={records} />
          </Suspense>
        </ErrorBoundary>
      </section>
      <section className="card attendance-section" aria-labelledby="tallies-heading">
        <h2 id="tallies-heading">Your classes in numbers</h2>
        {year && (
          <TallyTable
            caption={`Academic year ${year.academicYear}`}
            rowHeading="Academic year"
            rows={[tallyRow(year.academicYear, year.academicYear, year.tally, year.attendancePercentage)]}
          />
        )}
        <TallyTable
          caption="By module"
          rowHeading="Module"
          rows={analysis.moduleTallies.map((m) => tallyRow(m.moduleCode, m.moduleCode, m.tally, m.attendancePercentage, m.moduleName))}
        />
        <p className="muted">
          Assumed: classes where attendance is not taken and you are counted as present. Informed: absences you told us
          about. Monitored: classes where attendance was taken.
        </p>
      </section>
      <PeerTable peers={analysis.peerAnalyses} />
      <section className="card attendance-section" aria-labelledby="records-heading">
        <h2 id="records-heading">Your classes</h2>
        <RecordsTable caption="Classes this year" records={records} />
      </section>
      <SupportSection />
    </>
  );
}

/** /attendance/current: this academic year. */
export function AttendanceCurrentPage() {
  return <AttendanceFrame>{(analysis) => <CurrentYear analysis={analysis} />}</AttendanceFrame>;
}
