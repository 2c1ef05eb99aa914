import { Link } from 'react-router';
import type { StaffAbsenceSummary } from '../../../shared/contract/staffAbsences';
import { statusLabels, statusTones } from '../absences/absenceView';
import { waitingFor, wallClockLabel } from './waitingTime';

interface QueueTableProps {
  readonly items: readonly StaffAbsenceSummary[];
  readonly now: number;
  readonly linkTo: (rowId: number) => string;
}

/** One row per request: student, dates, category, status, files and how long it has waited. */
export function QueueTable({ items, now, linkTo }: QueueTableProps) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Absence requests to review">
      <table className="data-table staff-absences__table">
        <caption className="visually-hidden">Absence requests to review, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">Student</th>
            <th scope="col">Absence</th>
            <th scope="col">Category</th>
            <th scope="col">Status</th>
            <th scope="col">Waiting</th>
            <th scope="col">
              <span className="visually-hidden">Open</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.rowId} data-row={item.rowId}>
              <th scope="row">
                {item.studentName}
                <span className="staff-absences__sub">{item.studentId}</span>
              </th>
              <td>
                <time dateTime={item.absenceStart}>{wallClockLabel(item.absenceStart)}</time> to{' '}
                <time dateTime={item.absenceEnd}>{wallClockLabel(item.absenceEnd)}</time>
              </td>
              <td>
                {item.categoryName}
                <span className="staff-absences__sub">
                  {item.absenceType}, {item.fileCount} {item.fileCount === 1 ? 'file' : 'files'}
                </span>
              </td>
              <td>
                <span className={`absence-status absence-status--${statusTones[item.absenceStatus]}`}>{statusLabels[item.absenceStatus]}</span>
              </td>
              <td>
                <time dateTime={item.waitingSince} title={wallClockLabel(item.waitingSince)}>
                  {waitingFor(item.waitingSince, now)}
                </time>
              </td>
              <td>
                <Link className="button button--ghost" to={linkTo(item.rowId)} aria-label={`Open the request of ${item.studentName} from ${wallClockLabel(item.absenceStart)}`}>
                  Open
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
