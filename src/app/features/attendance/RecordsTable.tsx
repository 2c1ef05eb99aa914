import type { AttendanceRecord } from '../../../shared/contract/attendance';
import { formatDate, formatTime24 } from '../../format/dateTime';
import { Pager } from '../../ui/table/Pager';
import { usePagination } from '../../ui/table/usePagination';
import { newestFirst, resultLabels } from './attendanceView';
import { useMemo } from 'react';

/** Every counted class, newest first, paged with the table defaults (SPEC §2). */
export function RecordsTable({ caption, records }: { readonly caption: string; readonly records: readonly AttendanceRecord[] }) {
  const sorted = useMemo(() => newestFirst(records), [records]);
  const pagination = usePagination(sorted);
  if (sorted.length === 0) return <p className="muted">No classes have been recorded yet.</p>;
  return (
    <>
      <div className="table-wrap" tabIndex={0} role="region" aria-label={caption}>
        <table className="data-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Module</th>
              <th scope="col">Class</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {pagination.rows.map((record) => (
              <tr key={record.rowId}>
                <th scope="row">
                  <time dateTime={record.eventStart}>
                    {formatDate(record.eventStart)} {formatTime24(record.eventStart)}
                  </time>
                </th>
                <td>
                  {record.moduleCode} {record.moduleName}
                </td>
                <td>{record.eventType}</td>
                <td>
                  <span className={`result result--${record.analysisResult}`}>{resultLabels[record.analysisResult]}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager pagination={pagination} label={caption} />
    </>
  );
}
