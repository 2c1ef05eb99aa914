import { importEntityNames, type ImportCounts as Counts } from '../../../../shared/contract/adminImports';
import { ResponsiveTable } from '../../../ui/table/ResponsiveTable';
import { entityLabels, formatCount } from './importText';

const kinds = [
  { key: 'create', header: 'Create' },
  { key: 'update', header: 'Update' },
  { key: 'deactivate', header: 'Deactivate' },
  { key: 'unchanged', header: 'Unchanged' },
] as const;

/** What applying the batch does (or did) to each kind of record. */
export function ImportCounts({ counts, caption }: { readonly counts: Counts; readonly caption: string }) {
  return (
    <ResponsiveTable label={caption} className="admin-imports__counts">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Records</th>
          {kinds.map((kind) => (
            <th key={kind.key} scope="col">
              {kind.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {importEntityNames.map((entity) => (
          <tr key={entity}>
            <th scope="row">{entityLabels[entity]}</th>
            {kinds.map((kind) => (
              <td key={kind.key} data-label={kind.header}>
                {formatCount(counts[entity][kind.key])}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </ResponsiveTable>
  );
}
