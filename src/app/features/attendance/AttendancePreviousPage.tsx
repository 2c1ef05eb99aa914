import type { AttendanceAnalysis } from '../../../shared/contract/attendance';
import { AttendanceFrame } from './AttendanceFrame';
import { moduleRowsOf, recordsByYear, tallyRow } from './attendanceView';
import { RecordsTable } from './RecordsTable';
import { TallyTable } from './TallyTable';

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
        const headingId = `year-${year.academicYear.replace(/\W/g, '-')}`;
        const yearRecords = records.get(year.academicYear) ?? [];
        return (
          <section key={year.academicYear} className="card attendance-section" aria-labelledby={headingId}>
            <h2 id={headingId}>Academic year {year.academicYear}</h2>
            <TallyTable caption={`By module, ${year.academicYear}`} rowHeading="Module" rows={moduleRowsOf(yearRecords)} />
            <RecordsTable caption={`Classes in ${year.academicYear}`} records={yearRecords} />
          </section>
        );
      })}
    </>
  );
}

/** /attendance/previous: the earlier academic years, newest first. */
export function AttendancePreviousPage() {
  return <AttendanceFrame>{(analysis) => <PreviousYears analysis={analysis} />}</AttendanceFrame>;
}
