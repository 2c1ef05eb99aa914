import type { AbsenceCategory, AbsenceRequest } from '../../../shared/contract/absences';
import { Pager } from '../../ui/table/Pager';
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
      <div className="table-wrap" tabIndex={0} role="region" aria-label={absencesTableCaption}>
        <table className="data-table absences-table">
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
                <td>
                  <span className={`absence-status absence-status--${statusTones[request.absenceStatus]}`}>
                    {statusLabels[request.absenceStatus]}
                  </span>
                  {drafts.has(draftKeyOf(request)) && <span className="absence-unsent">Unsent changes on this device</span>}
                  {request.messageToStudent && (
                    <span className="absence-message">
                      <strong>Message from the school:</strong>{' '}
                      {request.messageToStudent}
                    </span>
                  )}
                </td>
                <td>
                  <ImpactIcon impact={impactOf(request.absenceCategoryRowId, categories)} />
                </td>
                <td className="absences-table__open">
                  <button
                    type="button"
                    className="button button--ghost"
                    aria-label={`Open the absence request of ${requestSummary(request)}`}
                    onClick={() => onOpen(request)}
                  >
                    Open
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager pagination={pagination} label="Absence requests" />
    </>
  );
}
