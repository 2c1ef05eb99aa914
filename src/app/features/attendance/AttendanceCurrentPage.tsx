import { lazy, Suspense } from 'react';
import type { AttendanceAnalysis } from '../../../shared/contract/attendance';
import { CollapsibleSection } from '../../ui/collapsible/CollapsibleSection';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { AbsencesSection } from '../absences/AbsencesSection';
import { SupportSection } from '../referral/SupportSection';
import { AttendanceFrame } from './AttendanceFrame';
import { AttendanceSummary } from './AttendanceSummary';
import { recordsByModule, tallyRow } from './attendanceView';
import { NetworkSelfTest } from './NetworkSelfTest';
import { PeerTable } from './PeerTable';
import { RecordsTable } from './RecordsTable';
import { TallyTable } from './TallyTable';

const WeeklyChart = lazy(() => import('./WeeklyChart'));

const classCount = (count: number) => (count === 1 ? '1 class' : `${count} classes`);

/**
 * This year's classes, a section per module (issue 34 §4): the way a student thinks of their year
 * and what the tallies already use. Each opens on demand and stays as left on this device.
 */
function ClassesByModule({ records }: { readonly records: AttendanceAnalysis['attendanceCurrentAcademicYear'] }) {
  const modules = recordsByModule(records);
  if (modules.length === 0) return <p className="muted">No classes have been recorded yet.</p>;
  return modules.map(({ moduleCode, moduleName, records: moduleRecords }) => (
    <CollapsibleSection
      key={moduleCode}
      storageKey={`attendance.classes.${moduleCode}`}
      headingLevel={3}
      title={`${moduleCode} ${moduleName}`}
      summary={classCount(moduleRecords.length)}
    >
      <RecordsTable caption={`Classes in ${moduleCode} this year`} records={moduleRecords} hasModuleColumn={false} />
    </CollapsibleSection>
  ));
}

/**
 * The summary and the student's own actions first (absences, support); the detail below them in
 * sections that open on demand and stay as the student left them on this device (issue 34 §4).
 */
function CurrentYear({ analysis }: { readonly analysis: AttendanceAnalysis }) {
  const year = analysis.yearTallies[0];
  const records = analysis.attendanceCurrentAcademicYear;
  return (
    <>
      <AttendanceSummary analysis={analysis} />
      <NetworkSelfTest />
      <AbsencesSection />
      <CollapsibleSection storageKey="attendance.weekly" title="Week by week" className="attendance-section">
        <ErrorBoundary fallback={<p className="muted">The chart could not be shown just now.</p>}>
          <Suspense fallback={<p className="muted">Loading the chart…</p>}>
            <WeeklyChart records={records} />
          </Suspense>
        </ErrorBoundary>
      </CollapsibleSection>
      <CollapsibleSection storageKey="attendance.numbers" title="Your classes in numbers" className="attendance-section">
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
      </CollapsibleSection>
      <PeerTable peers={analysis.peerAnalyses} />
      <CollapsibleSection storageKey="attendance.classes" title="Your classes" summary={classCount(records.length)} className="attendance-section">
        <ClassesByModule records={records} />
      </CollapsibleSection>
      <SupportSection />
    </>
  );
}

/** /attendance/current: this academic year. */
export function AttendanceCurrentPage() {
  return <AttendanceFrame>{(analysis) => <CurrentYear analysis={analysis} />}</AttendanceFrame>;
}
