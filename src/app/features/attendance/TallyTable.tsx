import { ResponsiveTable } from '../../ui/table/ResponsiveTable';
import { tallyColumns, type TallyRow } from './attendanceView';

interface TallyTableProps {
  readonly caption: string;
  /** The heading of the row-header column, e.g. 'Module' or 'Academic year'. */
  readonly rowHeading: string;
  readonly rows: readonly TallyRow[];
}

/** Tallies as a table: one row per year or module, one column per count, then the percentage. */
export function TallyTable({ caption, rowHeading, rows }: TallyTableProps) {
  return (
    <ResponsiveTable label={caption} className="tally-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{rowHeading}</th>
          {tallyColumns.map((column) => (
            <th scope="col" key={column.key} className="tally-table__number">
              {column.label}
            </th>
          ))}
          <th scope="col" className="tally-table__number">
            Attendance
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} data-row={row.id}>
            <th scope="row">
              {row.label}
              {row.detail && <span className="tally-table__name">{row.detail}</span>}
            </th>
            {row.cells.map((value, index) => (
              <td key={tallyColumns[index]?.key ?? index} className="tally-table__number" data-label={tallyColumns[index]?.label}>
                {value}
              </td>
            ))}
            <td className="tally-table__number" data-label="Attendance">
              {row.percentage}
            </td>
          </tr>
        ))}
      </tbody>
    </ResponsiveTable>
  );
}
