import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { BundleLimits } from './limits.js';
import { ratioFloorBytes } from './limits.js';
import { problem, ProblemLog, ProblemStop } from './problems.js';
import { errorCode } from '../../../../shared/guards.js';

/**
 * Opening the zip and vetting its directory before any data is inflated: every entry's name,
 * encryption, compression method and declared sizes are checked, and any failure refuses the
 * whole bundle (nothing is read from it). The sizes are enforced again while inflating
 * (`inflationGuard` in textStreams.ts, and yauzl's own byte count), since headers can lie.
 *
 * yauzl runs with `lazyEntries` (the directory is walked one entry at a time), `strictFileNames`
 * (a backslash is refused rather than turned into a slash) and `validateEntrySizes`. `autoClose`
 * is off on purpose: the reader opens entries in its own order (manifest first, then the entity
 * order) after walking the whole directory, and yauzl closes the file as soon as the walk ends
 * when `autoClose` is on. `ZipBundle.close()` closes it instead, always, in readBundle's `finally`.
 */

export interface ZipBundle {
  /** The zip's own file name, used as the `file` of problems that belong to no entry. */
  readonly zipName: string;
  /** The file entries by name (folder entries left out). */
  readonly files: ReadonlyMap<string, Entry>;
  openEntry(entry: Entry): Promise<Readable>;
  close(): void;
}

/** Why an entry name is unsafe to honour, or null when it is fine. */
export function unsafeNameReason(name: string): string | null {
  if (name.includes('\\')) return 'contains a backslash';
  if (/^[a-zA-Z]:/.test(name)) return 'starts with a drive letter';
  if (name.startsWith('/')) return 'is an absolute path';
  if (name.split('/').includes('..')) return 'climbs out of its folder with ".."';
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'contains control characters';
  return null;
}

/** yauzl's own refusals of a name, which stop its directory walk before the entry reaches us. */
const yauzlNameRefusals = [/^invalid characters in fileName: (.*)$/s, /^absolute path: (.*)$/s, /^invalid relative path: (.*)$/s];

function isSystemError(err: unknown): boolean {
  return err instanceof Error && errorCode(err) !== undefined;
}

function walkDirectory(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

function directoryProblem(err: unknown, zipName: string) {
  const message = err instanceof Error ? err.message : String(err);
  for (const pattern of yauzlNameRefusals) {
    const name = pattern.exec(message)?.[1];
    if (name !== undefined) {
      return problem('unsafe_entry_name', { file: name },
        `${zipName}: the entry ${JSON.stringify(name)} ${unsafeNameReason(name) ?? 'has an unsafe name'}; a bundle's files must sit inside the zip`);
    }
  }
  if (/encrypt/i.test(message)) {
    return problem('encrypted_entry', { file: zipName }, `${zipName}: an entry is encrypted; send the bundle without a password`);
  }
  return problem('not_a_zip', { file: zipName }, `${zipName}: the zip's directory is damaged (${message})`);
}

/** The problems of one entry as its directory record declares it. */
function vetEntry(entry: Entry, zipName: string, limits: BundleLimits): ReturnType<typeof problem>[] {
  const name = entry.fileName;
  const found: ReturnType<typeof problem>[] = [];
  const unsafe = unsafeNameReason(name);
  if (unsafe !== null) {
    found.push(problem('unsafe_entry_name', { file: name }, `${zipName}: the entry ${JSON.stringify(name)} ${unsafe}; a bundle's files must sit inside the zip`));
  }
  if (entry.isEncrypted()) {
    found.push(problem('encrypted_entry', { file: name }, `${name} is encrypted; send the bundle without a password`));
  }
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
    found.push(problem('unsupported_compression', { file: name },
      `${name} uses compression method ${entry.compressionMethod}; zip it with ordinary deflate compression (or none)`));
  }
  if (entry.uncompressedSize > limits.maxEntryBytes) {
    found.push(problem('zip_bomb', { file: name },
      `${name} would unpack to ${entry.uncompressedSize} bytes, over the limit of ${limits.maxEntryBytes} bytes`));
  } else if (entry.uncompressedSize > ratioFloorBytes && entry.uncompressedSize > limits.maxRatio * entry.compressedSize) {
    const ratio = entry.compressedSize === 0 ? 'infinitely' : `${Math.round(entry.uncompressedSize / entry.compressedSize)} times`;
    found.push(problem('zip_bomb', { file: name },
      `${name} is compressed ${ratio}, over the limit of ${limits.maxRatio} times; real data does not compress that far`));
  }
  return found;
}

/**
 * Opens the zip and checks its directory. Returns null, with the problems logged, when the file is
 * not a zip or is unsafe in any way; the caller then reads nothing.
 */
export async function openBundleZip(zipPath: string, limits: BundleLimits, log: ProblemLog): Promise<ZipBundle | null> {
  const zipName = basename(zipPath);
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(zipPath, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true });
  } catch (err) {
    if (isSystemError(err)) throw err;
    log.error(problem('not_a_zip', { file: zipName }, `${zipName} is not a zip file (or it is cut short); send the bundle as a .zip`));
    return null;
  }
  let keep = false;
  try {
    if (zip.entryCount > limits.maxEntries) {
      log.error(problem('too_many_entries', { file: zipName },
        `${zipName} holds ${zip.entryCount} entries; a bundle may hold at most ${limits.maxEntries}`));
      return null;
    }
    let entries: Entry[];
    try {
      entries = await walkDirectory(zip);
    } catch (err) {
      if (isSystemError(err)) throw err;
      log.error(directoryProblem(err, zipName));
      return null;
    }
    const files = new Map<string, Entry>();
    let refused = false;
    for (const entry of entries) {
      const found = vetEntry(entry, zipName, limits);
      if (files.has(entry.fileName)) {
        found.push(problem('unsafe_entry_name', { file: entry.fileName },
          `${zipName}: the entry ${JSON.stringify(entry.fileName)} appears twice; a zip with two files of one name cannot be read safely`));
      }
      for (const each of found) log.error(each);
      refused ||= found.length > 0;
      if (!entry.fileName.endsWith('/')) files.set(entry.fileName, entry);
    }
    if (refused) return null;
    keep = true;
    return {
      zipName,
      files,
      openEntry: async (entry) => {
        try {
          return await zip.openReadStreamPromise(entry);
        } catch (err) {
          if (isSystemError(err)) throw err;
          const message = err instanceof Error ? err.message : String(err);
          throw new ProblemStop(problem('corrupt_entry', { file: entry.fileName }, `${entry.fileName} could not be opened in the zip (${message})`), 'file');
        }
      },
      close: () => zip.close(),
    };
  } finally {
    if (!keep) zip.close();
  }
}
