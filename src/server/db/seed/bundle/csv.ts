/**
 * CSV as RFC 4180 has it: fields separated by commas, records ended by CRLF, and a field that
 * holds a comma, a double quote, a CR or an LF wrapped in double quotes, its quotes doubled.
 */

/** A value of one CSV field: text, a number, a flag, a list (comma-joined, as OneRoster does), or blank. */
export type CsvValue = string | number | boolean | null | readonly string[];

const needsQuotes = /[",\r\n]/;

export function csvField(value: CsvValue): string {
  if (value === null) return '';
  const text = typeof value === 'string' ? value : Array.isArray(value) ? value.join(',') : String(value);
  return needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, its line end included, so that the lines of a file concatenate into the file. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
