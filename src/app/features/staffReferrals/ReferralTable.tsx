import type { StaffReferralSummary } from '../../../shared/contract/staffReferrals';
import { ResponsiveTable, RowOpenLink } from '../../ui/table/ResponsiveTable';
import { caseTimeLabel } from './referralFilter';
import { ReferralStatusBadge } from './ReferralStatusBadge';

interface ReferralTableProps {
  readonly items: readonly StaffReferralSummary[];
  readonly linkTo: (rowId: number) => string;
}

/** One row per referral, newest first: student, programme, what they wrote, status and when it was sent. */
export function ReferralTable({ items, linkTo }: ReferralTableProps) {
  return (
    <ResponsiveTable label="Referrals" className="staff-referrals__table">
      <caption className="visually-hidden">Student Support referrals, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Student</th>
          <th scope="col">Programme</th>
          <th scope="col">Notes</th>
          <th scope="col">Status</th>
          <th scope="col">Sent</th>
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
              <span className="staff-absences__sub">{item.studentId ?? 'No student id'}</span>
            </th>
            <td data-label="Programme">{item.programme ?? 'Not known'}</td>
            <td data-label="Notes">
              <span className="staff-referrals__notes">{item.notes}</span>
            </td>
            <td data-label="Status">
              <ReferralStatusBadge status={item.status} />
            </td>
            <td data-label="Sent">
              <time dateTime={item.sentAt}>{caseTimeLabel(item.sentAt)}</time>
            </td>
            <td>
              <RowOpenLink to={linkTo(item.rowId)} label={`Open the referral of ${item.studentName} sent ${caseTimeLabel(item.sentAt)}`} />
            </td>
          </tr>
        ))}
      </tbody>
    </ResponsiveTable>
  );
}
