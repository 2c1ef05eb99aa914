/** SPEC §3 export helpers: items to CSV or JSON by chosen columns. */
import { csvField as sharedCsvField } from '../../shared/format/csvField';
import { isRecord } from '../../shared/guards';

export type ExportFormat = 'csv' | 'json';

export interface ExportColumn<T> {
  /** The key in the JSON output and the source field unless `value` is given. */
  readonly key: string;
  /** The CSV header; defaults to the key. */
  readonly header?: string;
  /** Where the value comes from; defaults to `item[key]`. */
  readonly value?: (item: T) => unknown;
}

function cellValue<T>(item: T, column: ExportColumn<T>): unknown {
  if (column.value) return column.value(item);
  return isRecord(item) ? item[column.key] : undefined;
}

/** A value as plain text: dates as ISO 8601, arrays joined, objects as JSON, nothing as ''. */
function toText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (Array.isArray(value)) return value.map(toText).join('; ');
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'string') return value;
  // Numbers, booleans and bigints written out; a function or symbol is not data.
  return typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint' ? String(value) : '';
}

/** One CSV field (src/shared/format/csvField.ts): any value as text, quoted and safe in a spreadsheet. */
export function csvField(value: unknown): string {
  if (typeof value === 'number') return sharedCsvField(value);
  const text = toText(value);
  return text === '' ? '' : sharedCsvField(text);
}

/** A header row, then one row per item; CRLF line ends as RFC 4180 asks. */
export function toCsv<T>(items: readonly T[], columns: readonly ExportColumn<T>[]): string {
  const header = columns.map((column) => csvField(column.header ?? column.key)).join(',');
  const rows = items.map((item) => columns.map((column) => csvField(cellValue(item, column))).join(','));
  return [header, ...rows].join('\r\n') + '\r\n';
}

/** Only the chosen columns of each item, as pretty-printed JSON. */
export function toJson<T>(items: readonly T[], columns: readonly ExportColumn<T>[]): string {
  const picked = items.map((item) =>
    Object.fromEntries(columns.map((column) => [column.key, cellValue(item, column) ?? null])),
  );
  return JSON.stringify(picked, null, 2);
}

/** A safe file name ending in .csv or .json (an existing extension of either kind is replaced). */
export function exportFileName(name: string, format: ExportFormat): string {
  const base = name
    .trim()
    .replace(/\.(csv|json)$/i, '')
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-')
    .replace(/^\.+/, '');
  return `${base || 'export'}.${format}`;
}

export interface ExportFile {
  readonly fileName: string;
  readonly mimeType: string;
  readonly content: string;
}

/** The file an export produces, without touching the DOM. */
export function buildExport<T>(
  items: readonly T[],
  columns: readonly ExportColumn<T>[],
  format: ExportFormat,
  name: string,
): ExportFile {
  const fileName = exportFileName(name, format);
  return format === 'csv'
    ? // The byte order mark tells spreadsheet apps the file is UTF-8 (names with accents).
      { fileName, mimeType: 'text/csv;charset=utf-8', content: `\uFEFF${toCsv(items, columns)}` }
    : { fileName, mimeType: 'application/json', content: toJson(items, columns) };
}
