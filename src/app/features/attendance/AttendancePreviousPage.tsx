import type { AttendanceAnalysis } from '../../../shared/contract/attendance';
import { CollapsibleSection } from '../../ui/collapsible/CollapsibleSection';
import { AttendanceFrame } from './AttendanceFrame';
import { moduleRowsOf, percentageText, recordsByYear, tallyRow } from './attendanceView';
import { RecordsTable } from './RecordsTable';
import { TallyTable } from './TallyTable';

/** One row per year in the overview; each year's detail opens on demand (issue 34 §4). */
function PreviousYears({ analysis }: { readonly analysis: AttendanceAnalysis }) {
  const years = analysis.yearTallies.slice(1); // the first is the current year
  const records = recordsByYear(analysis.attendancePreviousAcademicYears);
  if (years.length === 0) return <p className="card">You have no attendance from earlier academic years.</p>;
  return (
    <>
      <section className="card attendance-section" aria-labelledby="previous-overview-heading">
        <h2 id="previous-overview-heading">All previous years</h2>
        <TallyTable
          caption="Previous academic years"
          rowHeading="Academic year"
          rows={years.map((y) => tallyRow(y.academicYear, y.academicYear, y.tally, y.attendancePercentage))}
        />
      </section>
      {years.map((year) => {
        const yearRecords = records.get(year.academicYear) ?? [];
        return (
          <CollapsibleSection
            key={year.academicYear}
            storageKey={`attendance.year.${year.academicYear}`}
            title={`Academic year ${year.academicYear}`}
            summary={percentageText(year.attendancePercentage)}
            className="attendance-section"
          >
            <TallyTable caption={`By module, ${year.academicYear}`} rowHeading="Module" rows={moduleRowsOf(yearRecords)} />
            <RecordsTable caption={`Classes in ${year.academicYear}`} records={yearRecords} />
          </CollapsibleSection>
        );
      })}
    </>
  );
}

/** /attendance/previous: the earlier academic years, newest first. */
export function AttendancePreviousPage() {
  return <AttendanceFrame>{(analysis) => <PreviousYears analysis={analysis} />}</AttendanceFrame>;
}
