import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import yazl from 'yazl';
import type { FileMode } from '../../../shared/contract/adminImports.js';

/**
 * Writes what a connector read as an import bundle (IMPORT-FORMAT.md): a manifest naming each
 * file's mode and the source, and the CSV files, zipped. The import pipeline then reads it like an
 * upload. Fields are quoted as RFC 4180 asks; nothing is altered (the pipeline reads values as
 * data, never as formulas).
 */

export type CsvValue = string | number | boolean | null | undefined;

export interface BundleFile {
  /** e.g. `users.csv`, `ext.events.csv`. */
  readonly name: string;
  /** The manifest key without `file.`: `users`, `ext.events`. */
  readonly manifestKey: string;
  readonly mode: FileMode;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly CsvValue[])[];
}

function field(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvOf = (rows: readonly (readonly CsvValue[])[]): string => rows.map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';

const oneRosterManifestKeys = ['academicSessions', 'orgs', 'courses', 'classes', 'users', 'roles', 'enrollments'] as const;

export interface BundleSource {
  readonly systemName: string;
  readonly systemCode: string;
}

/** Writes the bundle into `dir`; returns the zip's path. */
export async function writeBundle(dir: string, source: BundleSource, files: readonly BundleFile[], epoch: Date): Promise<string> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, `connector-${randomBytes(8).toString('hex')}.zip`);
  const zip = new yazl.ZipFile();
  const manifest: CsvValue[][] = [
    ['propertyName', 'value'], ['manifest.version', '1.0'], ['oneroster.version', '1.2'],
    ['source.systemName', source.systemName], ['source.systemCode', source.systemCode],
    ...files.map((f) => [`file.${f.manifestKey}`, f.mode]),
    // The manifest must say something of every OneRoster file: what a connector does not send is absent.
    ...oneRosterManifestKeys.filter((key) => !files.some((f) => f.manifestKey === key)).map((key) => [`file.${key}`, 'absent']),
  ];
  zip.addBuffer(Buffer.from(csvOf(manifest), 'utf8'), 'manifest.csv', { mtime: epoch });
  for (const file of files) {
    if (file.mode === 'absent') continue;
    zip.addBuffer(Buffer.from(csvOf([file.columns, ...file.rows]), 'utf8'), file.name, { mtime: epoch });
  }
  zip.end();
  const out = createWriteStream(path);
  zip.outputStream.pipe(out);
  await once(out, 'close');
  return path;
}

/** How many data rows the files hold. */
export const rowCount = (files: readonly BundleFile[]): number => files.reduce((n, f) => n + f.rows.length, 0);
