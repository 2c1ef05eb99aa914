import { createWriteStream } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import yazl from 'yazl';

/** Rows of one CSV file: the header's columns, then each row's values in that order. */
export type CsvTable = readonly (readonly (string | number | boolean | null)[])[];

const field = (value: string | number | boolean | null): string => {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const csv = (table: CsvTable): string => `${table.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;

/** A manifest naming each given file's mode; the source is "Test SIS". */
export function manifest(modes: Readonly<Record<string, 'bulk' | 'delta' | 'absent'>>): string {
  return csv([
    ['propertyName', 'value'], ['manifest.version', '1.0'], ['oneroster.version', '1.2'],
    ['source.systemName', 'Test SIS'], ['source.systemCode', 'test'],
    ...Object.entries(modes).map(([file, mode]) => [`file.${file}`, mode]),
  ]);
}

/** Writes a zip of the given entries (text) to a new temporary directory; returns its path. */
export async function writeZip(entries: Readonly<Record<string, string | Buffer>>, name = 'bundle.zip'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'cc-import-'));
  const path = join(dir, name);
  const zip = new yazl.ZipFile();
  for (const [entry, content] of Object.entries(entries)) zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), entry, { mtime: new Date(0) });
  zip.end();
  const out = createWriteStream(path);
  zip.outputStream.pipe(out);
  await once(out, 'close');
  return path;
}
