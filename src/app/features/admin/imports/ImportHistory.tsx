import type { ImportSummary } from '../../../../shared/contract/adminImports';
import { RowOpenLink } from '../../../ui/table/ResponsiveTable';
import { AdminTable, type AdminColumn } from '../table/AdminTable';
import { changesSummary, senderOf, stateLabels, when } from './importText';

const columns: readonly AdminColumn<ImportSummary>[] = [
  { key: 'createdAt', header: 'When', value: (b) => b.createdAt, render: (b) => <time dateTime={b.createdAt}>{when(b.createdAt)}</time> },
  { key: 'createdBy', header: 'Who', value: (b) => senderOf(b) },
  { key: 'fileName', header: 'File', value: (b) => b.fileName },
  { key: 'source', header: 'Source', value: (b) => b.source ?? '' },
  { key: 'state', header: 'State', value: (b) => stateLabels[b.state] },
  { key: 'changes', header: 'Changes', value: (b) => changesSummary(b.state, b.counts), isSortable: false },
];

interface ImportHistoryProps {
  readonly items: readonly ImportSummary[];
  /** The path of a batch's report. */
  readonly reportPath: (rowId: number) => string;
}

/** Every upload, newest first (the server's order), each opening its report. */
export function ImportHistory({ items, reportPath }: ImportHistoryProps) {
  return (
    <AdminTable
      caption="Import history"
      rows={items}
      columns={columns}
      rowKey={(b) => b.rowId}
      exportName="imports"
      actions={(b) => <RowOpenLink to={reportPath(b.rowId)} label={`Open the report of ${b.fileName}, uploaded ${when(b.createdAt)}`} />}
    />
  );
}
