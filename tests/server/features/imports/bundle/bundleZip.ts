import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { ImportEntity } from '../../../../../src/shared/contract/adminImports.js';
import type { FileMode, LinedRow, RowSink } from '../../../../../src/server/features/imports/bundle/rows.js';

/** Building test bundles: zips written with yazl, and byte patches for zips yazl refuses to write. */

export interface ZipFileSpec {
  /** A name ending in `/` is a folder entry (its data is ignored). */
  readonly name: string;
  readonly data: string | Buffer | (() => Readable);
  /** Deflate (the default) or store. */
  readonly compress?: boolean;
}

export async function makeTempDir(): Promise<{ readonly dir: string; cleanup(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'bundle-test-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

let counter = 0;

/** Writes a zip of `files` into `dir` and returns its path. */
export async function writeZip(dir: string, files: readonly ZipFileSpec[], name = `bundle-${(counter += 1)}.zip`): Promise<string> {
  const path = join(dir, name);
  const zip = new yazl.ZipFile();
  const out = createWriteStream(path);
  zip.outputStream.pipe(out);
  for (const file of files) {
    const options = { compress: file.compress ?? true, mtime: new Date('2026-01-01T00:00:00Z') };
    if (file.name.endsWith('/')) zip.addEmptyDirectory(file.name, { mtime: options.mtime });
    else if (typeof file.data === 'function') zip.addReadStream(file.data(), file.name, options);
    else zip.addBuffer(typeof file.data === 'string' ? Buffer.from(file.data, 'utf8') : file.data, file.name, options);
  }
  zip.end();
  await once(out, 'close');
  return path;
}

/** The manifest's file lines, by entity. */
export const manifestKeys: Record<ImportEntity, string> = {
  academicSessions: 'file.academicSessions', orgs: 'file.orgs', courses: 'file.courses', classes: 'file.classes',
  users: 'file.users', roles: 'file.roles', enrollments: 'file.enrollments', rooms: 'file.ext.rooms',
  events: 'file.ext.events', absenceCategories: 'file.ext.absenceCategories',
};

export const oneRosterEntities = ['academicSessions', 'orgs', 'courses', 'classes', 'users', 'roles', 'enrollments'] as const;

/** A manifest: the OneRoster files absent unless `modes` says otherwise, the extension lines only when given. */
export function manifestCsv(modes: Partial<Record<ImportEntity, FileMode | string>> = {}, extra: readonly string[] = []): string {
  const lines = ['propertyName,value', 'manifest.version,1.0', 'oneroster.version,1.2'];
  for (const entity of oneRosterEntities) lines.push(`${manifestKeys[entity]},${modes[entity] ?? 'absent'}`);
  for (const entity of ['rooms', 'events', 'absenceCategories'] as const) {
    const mode = modes[entity];
    if (mode !== undefined) lines.push(`${manifestKeys[entity]},${mode}`);
  }
  return [...lines, ...extra].join('\n') + '\n';
}

/** Collects what the reader hands to the sink, and checks that batches never overlap. */
export function collectingSink(): {
  readonly sink: RowSink;
  readonly rows: Map<ImportEntity, LinedRow<ImportEntity>[]>;
  readonly batches: { entity: ImportEntity; size: number }[];
} {
  const rows = new Map<ImportEntity, LinedRow<ImportEntity>[]>();
  const batches: { entity: ImportEntity; size: number }[] = [];
  let busy = false;
  const sink: RowSink = async (entity, batch) => {
    if (busy) throw new Error('the sink was called again before its last batch was done');
    busy = true;
    batches.push({ entity, size: batch.length });
    const list = rows.get(entity) ?? [];
    list.push(...(batch as readonly LinedRow<ImportEntity>[]));
    rows.set(entity, list);
    await new Promise<void>((resolve) => setImmediate(resolve));
    busy = false;
  };
  return { sink, rows, batches };
}

interface HeaderAt {
  readonly kind: 'local' | 'central';
  readonly offset: number;
  readonly name: string;
}

/** Every local and central header of a zip, with the entry name each carries. */
function headers(zip: Buffer): HeaderAt[] {
  const found: HeaderAt[] = [];
  for (let at = 0; at + 46 <= zip.length; at += 1) {
    const signature = zip.readUInt32LE(at);
    if (signature === 0x04034b50) {
      const nameLength = zip.readUInt16LE(at + 26);
      found.push({ kind: 'local', offset: at, name: zip.toString('latin1', at + 30, at + 30 + nameLength) });
    } else if (signature === 0x02014b50) {
      const nameLength = zip.readUInt16LE(at + 28);
      found.push({ kind: 'central', offset: at, name: zip.toString('latin1', at + 46, at + 46 + nameLength) });
    }
  }
  return found;
}

/** Rewrites a zip's bytes in place: `edit` gets each header of the entry `name`. */
export async function patchZip(path: string, name: string, edit: (zip: Buffer, header: HeaderAt) => void): Promise<void> {
  const zip = await readFile(path);
  const matching = headers(zip).filter((header) => header.name === name);
  if (matching.length === 0) throw new Error(`no entry ${name} in ${path}`);
  for (const header of matching) edit(zip, header);
  await writeFile(path, zip);
}

/** Renames an entry to a name of the same length (yazl refuses to write unsafe names). */
export function renameEntry(to: string) {
  return (zip: Buffer, header: HeaderAt) => {
    if (to.length !== header.name.length) throw new Error('a renamed entry keeps its name length');
    zip.write(to, header.offset + (header.kind === 'local' ? 30 : 46), 'latin1');
  };
}

/** Marks an entry as encrypted (bit 0 of the general purpose flags). */
export function markEncrypted(zip: Buffer, header: HeaderAt): void {
  const at = header.offset + (header.kind === 'local' ? 6 : 8);
  zip.writeUInt16LE(zip.readUInt16LE(at) | 1, at);
}

export function setCompressionMethod(method: number) {
  return (zip: Buffer, header: HeaderAt) => zip.writeUInt16LE(method, header.offset + (header.kind === 'local' ? 8 : 10));
}

/** Makes the central directory claim an uncompressed size (the local header, with a data descriptor, says 0). */
export function declareUncompressedSize(size: number) {
  return (zip: Buffer, header: HeaderAt) => {
    if (header.kind === 'central') zip.writeUInt32LE(size, header.offset + 24);
  };
}

/** Breaks the first byte of an entry's deflate data: a block of the reserved type 3. */
export function corruptDeflateData(zip: Buffer, header: HeaderAt): void {
  if (header.kind !== 'local') return;
  const dataStart = header.offset + 30 + zip.readUInt16LE(header.offset + 26) + zip.readUInt16LE(header.offset + 28);
  zip[dataStart] = 0x07;
}
