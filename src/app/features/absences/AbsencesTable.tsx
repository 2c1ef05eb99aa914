import type { AbsenceCategory, AbsenceRequest } from '../../../shared/contract/absences';
import { displayDate } from '../../../shared/rules/absences/dates';
import { Pager } from '../../ui/table/Pager';
import { ResponsiveTable, RowOpenButton } from '../../ui/table/ResponsiveTable';
import { usePagination } from '../../ui/table/usePagination';
import { draftKeyOf } from './absenceDrafts';
import { impactOf, requestSummary, startLabel, statusLabels, statusTones } from './absenceView';
import { ImpactIcon } from './ImpactIcon';

interface AbsencesTableProps {
  readonly requests: readonly AbsenceRequest[];
  readonly categories: readonly AbsenceCategory[] | undefined;
  /** Draft keys of unsent changes on this device. */
  readonly drafts: ReadonlyMap<string, number>;
  readonly onOpen: (request: AbsenceRequest) => void;
}

export const absencesTableCaption = 'Your absence requests';

/** SPEC §2 absences table: Start, Status, Impact and an open button per row, latest first. */
export function AbsencesTable({ requests, categories, drafts, onOpen }: AbsencesTableProps) {
  const pagination = usePagination(requests);
  if (requests.length === 0) return <p className="muted">You have not requested any absences yet.</p>;
  return (
    <>
      <ResponsiveTable label={absencesTableCaption} className="absences-table">
        <caption className="visually-hidden">{absencesTableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">Start</th>
            <th scope="col">Status</th>
            <th scope="col">Impact</th>
            <th scope="col">
              <span className="visually-hidden">Open</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {pagination.rows.map((request) => (
            <tr key={request.rowId} data-row={request.rowId}>
              <th scope="row">
                <time dateTime={request.absenceStart}>{startLabel(request.absenceStart)}</time>
              </th>
              <td data-label="Status">
                <span className={`absence-status absence-status--${statusTones[request.absenceStatus]}`}>
                  {statusLabels[request.absenceStatus]}
                </span>
                {request.absenceStatus === 'Pending' && request.evidenceAddedAt && (
                  <span className="absence-sent">Sent for review on {displayDate(request.evidenceAddedAt)}</span>
                )}
                {drafts.has(draftKeyOf(request)) && <span className="absence-unsent">Unsent changes on this device</span>}
                {request.messageToStudent && (
                  <span className="absence-message">
                    <strong>Message from the school:</strong>{' '}
                    {request.messageToStudent}
                  </span>
                )}
              </td>
              <td data-label="Impact">
                <ImpactIcon impact={impactOf(request.absenceCategoryRowId, categories)} />
              </td>
              <td className="absences-table__open">
                <RowOpenButton label={`Open the absence request of ${requestSummary(request)}`} onOpen={() => onOpen(request)} />
              </td>
            </tr>
          ))}
        </tbody>
      </ResponsiveTable>
      <Pager pagination={pagination} label="Absence requests" />
    </>
  );
}
