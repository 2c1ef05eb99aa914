import type { CoveredClass } from '../../../shared/contract/staffAbsences';
import { ResponsiveTable } from '../../ui/table/ResponsiveTable';
import { wallClockLabel } from './waitingTime';

const resultLabels: Readonly<Record<NonNullable<CoveredClass['analysisResult']>, string>> = {
  Attended: 'Attended',
  AttendedAssumed: 'Attended (assumed)',
  Absent: 'Absent',
  AbsentAuthorised: 'Absent, authorised',
  AbsentInformed: 'Absent, informed',
  Cancelled: 'Cancelled',
};

/** The classes the absence covers, with the student's record of each once its register closed. */
export function CoveredClasses({ classes }: { readonly classes: readonly CoveredClass[] }) {
  return (
    <section className="card" aria-labelledby="covered-heading">
      <h2 id="covered-heading">Classes it covers</h2>
      {classes.length === 0 ? (
        <p>No timetabled classes fall in this absence.</p>
      ) : (
        <ResponsiveTable label="Classes the absence covers">
          <caption className="visually-hidden">Classes the absence covers</caption>
          <thead>
            <tr>
              <th scope="col">Class</th>
              <th scope="col">When</th>
              <th scope="col">Record</th>
            </tr>
          </thead>
          <tbody>
            {classes.map((item) => (
              <tr key={item.rowId}>
                <th scope="row">
                  {item.moduleCode} {item.eventType}
                  <span className="staff-absences__sub">{item.moduleName}</span>
                </th>
                <td data-label="When">
                  <time dateTime={item.eventStart}>{wallClockLabel(item.eventStart)}</time>
                </td>
                <td data-label="Record">{item.isCancelled ? 'Class cancelled' : item.analysisResult ? resultLabels[item.analysisResult] : 'Register not closed yet'}</td>
              </tr>
            ))}
          </tbody>
        </ResponsiveTable>
      )}
    </section>
  );
}
