/**
 * Lists the entry names of a ZIP archive from its central directory, reading only the End Of
 * Central Directory record and the directory entries: nothing is decompressed, so a zip bomb
 * costs nothing. Returns undefined for anything that is not a well-formed (non-ZIP64) archive.
 */

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_ENTRY = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;
const MAX_ENTRIES = 10_000;

function findEndOfDirectory(buffer: Buffer): number | undefined {
  const earliest = Math.max(0, buffer.length - EOCD_SIZE - MAX_COMMENT);
  for (let offset = buffer.length - EOCD_SIZE; offset >= earliest; offset -= 1) {
    if (buffer.readUInt32LE(offset) !== END_OF_DIRECTORY) continue;
    // The comment must run exactly to the end of the file.
    if (offset + EOCD_SIZE + buffer.readUInt16LE(offset + 20) === buffer.length) return offset;
  }
  return undefined;
}

export function zipEntryNames(buffer: Buffer): string[] | undefined {
  if (buffer.length < EOCD_SIZE + 4 || buffer.readUInt32LE(0) !== LOCAL_HEADER) return undefined;
  const eocd = findEndOfDirectory(buffer);
  if (eocd === undefined) return undefined;
  const entryCount = buffer.readUInt16LE(eocd + 10);
  const directorySize = buffer.readUInt32LE(eocd + 12);
  const directoryOffset = buffer.readUInt32LE(eocd + 16);
  // 0xFFFF / 0xFFFFFFFF mean ZIP64, which a 5 MB document never needs.
  if (entryCount === 0xffff || entryCount > MAX_ENTRIES || directoryOffset + directorySize > eocd) return undefined;

  const names: string[] = [];
  let offset = directoryOffset;
  for (let i = 0; i < entryCount; i += 1) {
    if (offset + 46 > eocd || buffer.readUInt32LE(offset) !== CENTRAL_ENTRY) return undefined;
    const nameLength = buffer.readUInt16LE(offset + 28);
    const extraLength = buffer.readUInt16LE(offset + 30);
    const commentLength = buffer.readUInt16LE(offset + 32);
    const next = offset + 46 + nameLength + extraLength + commentLength;
    if (next > eocd) return undefined;
    names.push(buffer.toString('utf8', offset + 46, offset + 46 + nameLength));
    offset = next;
  }
  return names;
}
