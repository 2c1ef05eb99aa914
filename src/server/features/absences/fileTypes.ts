import { locateZipDirectory, MAX_ZIP_DIRECTORY_BYTES, startsLikeZip, ZIP_TAIL_BYTES, zipDirectoryNames, type ZipDirectoryLocation } from './zipDirectory.js';

/** An accepted evidence type, decided from the content alone (never the name or the client's type). */
export interface SniffedType {
  readonly contentType: string;
  /** Extensions a file of this type may keep (lower case, no dot); the first is the canonical one. */
  readonly extensions: readonly string[];
}

const types = {
  pdf: { contentType: 'application/pdf', extensions: ['pdf'] },
  docx: { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['docx'] },
  eml: { contentType: 'message/rfc822', extensions: ['eml'] },
  png: { contentType: 'image/png', extensions: ['png'] },
  jpeg: { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  gif: { contentType: 'image/gif', extensions: ['gif'] },
  webp: { contentType: 'image/webp', extensions: ['webp'] },
  heic: { contentType: 'image/heic', extensions: ['heic', 'heif'] },
} as const satisfies Record<string, SniffedType>;

const startsWith = (buffer: Buffer, bytes: readonly number[] | string, at = 0): boolean => {
  const expected = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return buffer.length >= at + expected.length && buffer.subarray(at, at + expected.length).equals(expected);
};

const HEIC_BRANDS = new Set(['heic', 'heix', 'mif1']);

const HEADER_LINE = /^[!-9;-~]+:[ \t]?.*$/;
const KNOWN_HEADERS = new Set(['from', 'date', 'subject', 'mime-version', 'to', 'received', 'return-path', 'message-id']);

/**
 * An e-mail: text (no NUL byte in the first 64 kB) that opens with an RFC 5322 header block,
 * `Name: value` lines (folded lines allowed) up to a blank line, including at least two of the
 * usual headers (From, Date, Subject, MIME-Version, To, Received, Return-Path, Message-ID).
 */
function isEml(head: Buffer, isWhole: boolean): boolean {
  if (head.includes(0)) return false;
  const lines = head.toString('latin1').split(/\r?\n/);
  const known = new Set<string>();
  for (const [index, line] of lines.entries()) {
    if (line === '') return known.size >= 2;
    if (index > 0 && /^[ \t]/.test(line)) continue;
    if (!HEADER_LINE.test(line)) return false;
    const name = line.slice(0, line.indexOf(':')).toLowerCase();
    if (KNOWN_HEADERS.has(name)) known.add(name);
  }
  // A message with headers only (no body) is still a message.
  return known.size >= 2 && isWhole;
}

/** How much of a file's start decides its type (the e-mail header block must end within it). */
export const HEAD_BYTES = 64 * 1024;
/** How much of a file's end is checked for a ZIP end record (a ZIP hidden in another type). */
export const TAIL_BYTES = ZIP_TAIL_BYTES;
/** How far into a PDF or image the markup check looks: more than browsers sniff for HTML. */
const MARKUP_WINDOW = 1024;
const MARKUP = /<(!doctype|html|head|body|script|svg|iframe|object|embed)[\s>/]/i;

type Kind = keyof typeof types;

/**
 * The type the start of a file claims (its magic bytes, or an e-mail header block), before the
 * end of the file is known. A PDF or image whose first kilobyte holds an HTML or SVG document
 * start is refused: it is built to be read as a page too. `isWhole` says `head` is the whole file.
 */
export function sniffHead(head: Buffer, isWhole: boolean): Kind | undefined {
  const kind = magicKind(head);
  if (kind === 'eml' || kind === 'docx') return kind;
  if (kind) return MARKUP.test(head.toString('latin1', 0, MARKUP_WINDOW)) ? undefined : kind;
  return isEml(head, isWhole) ? 'eml' : undefined;
}

function magicKind(head: Buffer): Kind | undefined {
  if (startsWith(head, '%PDF-')) return 'pdf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, 'GIF87a') || startsWith(head, 'GIF89a')) return 'gif';
  if (startsWith(head, 'RIFF') && startsWith(head, 'WEBP', 8)) return 'webp';
  if (startsWith(head, 'ftyp', 4) && HEIC_BRANDS.has(head.toString('latin1', 8, 12))) return 'heic';
  if (startsLikeZip(head)) return 'docx';
  return undefined;
}

/**
 * What is known of a received file: its first and last bytes, its size, and the bytes of the ZIP
 * central directory that `locateZipDirectory(tail, size)` points to (read by the caller; absent
 * when there is none or it is larger than MAX_ZIP_DIRECTORY_BYTES).
 */
export interface FileSample {
  readonly head: Buffer;
  readonly tail: Buffer;
  readonly size: number;
  readonly zipDirectory: Buffer | undefined;
}

/** A DOCX is a safe ZIP (see zipDirectory.ts) whose central directory names the OPC content types and the main document. */
function isDocx(directory: Buffer | undefined, location: ZipDirectoryLocation): boolean {
  const names = directory && zipDirectoryNames(directory, location.entryCount);
  return names !== undefined && names.includes('[Content_Types].xml') && names.includes('word/document.xml');
}

/**
 * The accepted type of a file: PDF, DOCX, EML or an image (PNG, JPEG, GIF, WebP, HEIC); else
 * undefined. Besides `sniffHead`'s rules, a file that is not a DOCX must not end in a ZIP end
 * record (a GIFAR-style image or PDF that is also an archive).
 */
export function sniffSample(sample: FileSample): SniffedType | undefined {
  const kind = sniffHead(sample.head, sample.head.length === sample.size);
  if (!kind) return undefined;
  const location = locateZipDirectory(sample.tail, sample.size);
  if (kind === 'docx') return location && isDocx(sample.zipDirectory, location) ? types.docx : undefined;
  return location ? undefined : types[kind];
}

/** `sniffSample` for a file held whole in memory. */
export function sniffFileType(buffer: Buffer): SniffedType | undefined {
  const tail = buffer.subarray(Math.max(0, buffer.length - TAIL_BYTES));
  const location = locateZipDirectory(tail, buffer.length);
  const zipDirectory = location && location.size <= MAX_ZIP_DIRECTORY_BYTES ? buffer.subarray(location.offset, location.offset + location.size) : undefined;
  return sniffSample({ head: buffer.subarray(0, HEAD_BYTES), tail, size: buffer.length, zipDirectory });
}
