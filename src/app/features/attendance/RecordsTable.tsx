import type { AttendanceRecord } from '../../../shared/contract/attendance';
import { formatDate, formatTime24 } from '../../format/dateTime';
import { Pager } from '../../ui/table/Pager';
import { ResponsiveTable } from '../../ui/table/ResponsiveTable';
import { usePagination } from '../../ui/table/usePagination';
import { newestFirst, resultLabels } from './attendanceView';
import { useMemo } from 'react';

interface RecordsTableProps {
  readonly caption: string;
  readonly records: readonly AttendanceRecord[];
  /** False under a module's own heading, where a Module column would repeat it on every row. */
  readonly hasModuleColumn?: boolean;
}

/** Every counted class, newest first, paged with the table defaults (SPEC §2). */
export function RecordsTable({ caption, records, hasModuleColumn = true }: RecordsTableProps) {
  const sorted = useMemo(() => newestFirst(records), [records]);
  const pagination = usePagination(sorted);
  if (sorted.length === 0) return <p className="muted">No classes have been recorded yet.</p>;
  return (
    <>
      <ResponsiveTable label={caption}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            {hasModuleColumn && <th scope="col">Module</th>}
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
              {hasModuleColumn && (
                <td data-label="Module">
                  {record.moduleCode} {record.moduleName}
                </td>
              )}
              <td data-label="Class">{record.eventType}</td>
              <td data-label="Result">
                <span className={`result result--${record.analysisResult}`}>{resultLabels[record.analysisResult]}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </ResponsiveTable>
      <Pager pagination={pagination} label={caption} />
    </>
  );
}
