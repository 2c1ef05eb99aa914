import type { StaffAbsenceSummary } from '../../../shared/contract/staffAbsences';
import { absenceSpanLabel } from '../../../shared/format/absenceSpan';
import { ResponsiveTable, RowOpenLink } from '../../ui/table/ResponsiveTable';
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
    <ResponsiveTable label="Absence requests to review" className="staff-absences__table">
      <caption className="visually-hidden">Absence requests to review: evidence added first, then oldest first</caption>
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
            <td data-label="Absence">{absenceSpanLabel(item.absenceStart, item.absenceEnd)}</td>
            <td data-label="Category">
              {item.categoryName}
              <span className="staff-absences__sub">
                {item.absenceType}, {item.fileCount} {item.fileCount === 1 ? 'file' : 'files'}
              </span>
            </td>
            <td data-label="Status">
              <span className={`absence-status absence-status--${statusTones[item.absenceStatus]}`}>{statusLabels[item.absenceStatus]}</span>
              {item.evidenceAddedAt && <span className="staff-absences__mark">Evidence added</span>}
            </td>
            <td data-label="Waiting">
              <time dateTime={item.waitingSince} title={wallClockLabel(item.waitingSince)}>
                {waitingFor(item.waitingSince, now)}
              </time>
            </td>
            <td>
              <RowOpenLink to={linkTo(item.rowId)} label={`Open the request of ${item.studentName} for ${absenceSpanLabel(item.absenceStart, item.absenceEnd)}`} />
            </td>
          </tr>
        ))}
      </tbody>
    </ResponsiveTable>
  );
}
