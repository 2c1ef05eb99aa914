/**
 * One field of an exported CSV file (RFC 4180), safe to open in a spreadsheet.
 *
 * - Text is always quoted, its quotes doubled, so a separator inside it (`,`, or `;` where a
 *   spreadsheet's locale splits on it) never starts a new cell.
 * - Text a spreadsheet could run as a formula gets a leading apostrophe: a part of it, split at
 *   `,` or `;`, that starts (after spaces) with `=`, `+`, `-`, `@`, a tab or a CR. So
 *   `Notes;=HYPERLINK(…)` is defused as surely as `=HYPERLINK(…)`.
 * - A number is written as it is (`-3` stays a number); nothing is an empty field.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = formulaPart.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

const formulaPart = /(^|[,;])[ ]*[=+\-@\t\r]/;
