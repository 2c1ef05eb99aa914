/**
 * Reads a ZIP archive's central directory: the End Of Central Directory record and the directory
 * entries, nothing else. Nothing is decompressed, so a zip bomb costs nothing to look at; instead
 * the directory's declared sizes and names are checked, and an archive that would be dangerous to
 * unpack (see `isSafeEntry` and the limits below) is treated as not a ZIP at all. Anything that is
 * not a well-formed, non-ZIP64 archive gives undefined.
 */

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_ENTRY = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;
/** Bytes at the end of an archive that can hold the end record: the record and its longest comment. */
export const ZIP_TAIL_BYTES = EOCD_SIZE + MAX_COMMENT;
/** A Word document has tens of parts, a few hundred with many images; more is a bomb's shape. */
export const MAX_ZIP_ENTRIES = 1000;
/** The central directory's size at most: those entries with long names. */
export const MAX_ZIP_DIRECTORY_BYTES = 1024 * 1024;
/** What all entries together may declare when unpacked (a 5 MB DOCX of plain XML unpacks to well under this). */
export const MAX_ZIP_UNPACKED_BYTES = 100 * 1024 * 1024;
/** Deflate can reach about 1000:1; real documents stay far below this ratio for any sizeable part. */
export const MAX_ZIP_RATIO = 100;
const RATIO_FLOOR_BYTES = 1024 * 1024;

export interface ZipDirectoryLocation {
  readonly entryCount: number;
  readonly offset: number;
  readonly size: number;
}

/**
 * Finds the end record in `tail`, the last bytes of an archive of `totalSize` bytes (at most
 * ZIP_TAIL_BYTES of them are needed), and says where the central directory lies.
 */
export function locateZipDirectory(tail: Buffer, totalSize: number): ZipDirectoryLocation | undefined {
  const tailStart = totalSize - tail.length;
  if (totalSize < EOCD_SIZE + 4 || tail.length < EOCD_SIZE) return undefined;
  const earliest = Math.max(0, tail.length - ZIP_TAIL_BYTES);
  for (let at = tail.length - EOCD_SIZE; at >= earliest; at -= 1) {
    if (tail.readUInt32LE(at) !== END_OF_DIRECTORY) continue;
    // The comment must run exactly to the end of the file.
    if (at + EOCD_SIZE + tail.readUInt16LE(at + 20) !== tail.length) continue;
    const eocd = tailStart + at;
    const entryCount = tail.readUInt16LE(at + 10);
    const size = tail.readUInt32LE(at + 12);
    const offset = tail.readUInt32LE(at + 16);
    // 0xFFFF / 0xFFFFFFFF mean ZIP64, which a 5 MB document never needs.
    if (entryCount === 0xffff || entryCount > MAX_ZIP_ENTRIES || offset + size > eocd) return undefined;
    return { entryCount, offset, size };
  }
  return undefined;
}

/**
 * An entry name an unpacker could only place inside its target folder: relative, forward slashes,
 * no `.` or `..` segment, no drive letter, no control characters.
 */
function isSafeEntry(name: string): boolean {
  if (name === '' || name.startsWith('/') || /^[a-z]:/i.test(name)) return false;
  if (/[\\\u0000-\u001f\u007f]/.test(name)) return false;
  return name.split('/').every((segment, i, all) => (segment !== '' || i === all.length - 1) && segment !== '.' && segment !== '..');
}

/**
 * The entry names listed in `directory` (the central directory's bytes), or undefined when the
 * directory is malformed or the archive is unsafe: a `../` or absolute name, a name twice, more
 * than MAX_ZIP_ENTRIES entries, more than MAX_ZIP_UNPACKED_BYTES declared in all, or a part over
 * 1 MB unpacked that claims to shrink more than MAX_ZIP_RATIO times.
 */
export function zipDirectoryNames(directory: Buffer, entryCount: number): string[] | undefined {
  const names: string[] = [];
  let unpacked = 0;
  let offset = 0;
  for (let i = 0; i < entryCount; i += 1) {
    if (offset + 46 > directory.length || directory.readUInt32LE(offset) !== CENTRAL_ENTRY) return undefined;
    const packedSize = directory.readUInt32LE(offset + 20);
    const unpackedSize = directory.readUInt32LE(offset + 24);
    const nameLength = directory.readUInt16LE(offset + 28);
    const extraLength = directory.readUInt16LE(offset + 30);
    const commentLength = directory.readUInt16LE(offset + 32);
    const next = offset + 46 + nameLength + extraLength + commentLength;
    if (next > directory.length) return undefined;
    const name = directory.toString('utf8', offset + 46, offset + 46 + nameLength);
    unpacked += unpackedSize;
    const isBomb = unpacked > MAX_ZIP_UNPACKED_BYTES || (unpackedSize > RATIO_FLOOR_BYTES && unpackedSize > packedSize * MAX_ZIP_RATIO);
    if (isBomb || !isSafeEntry(name) || names.includes(name)) return undefined;
    names.push(name);
    offset = next;
  }
  return names;
}

/** Whether `head` (an archive's first bytes) opens with a local file header. */
export const startsLikeZip = (head: Buffer): boolean => head.length >= 4 && head.readUInt32LE(0) === LOCAL_HEADER;
