import { buildExport, type ExportColumn, type ExportFormat } from './exportItems';

/** Saves text as a file through a temporary link; works offline, since nothing is fetched. */
export function downloadText(fileName: string, mimeType: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Exports items by the chosen columns and downloads the file, e.g. `absences.csv`. */
export function exportItems<T>(
  items: readonly T[],
  columns: readonly ExportColumn<T>[],
  format: ExportFormat,
  name: string,
): void {
  const file = buildExport(items, columns, format, name);
  downloadText(file.fileName, file.mimeType, file.content);
}
