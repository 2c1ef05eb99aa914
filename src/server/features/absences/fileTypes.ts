import { zipEntryNames } from './zipDirectory.js';

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

/** A DOCX is a real ZIP whose central directory names the OPC content types and the main document. */
function isDocx(buffer: Buffer): boolean {
  const names = zipEntryNames(buffer);
  return names !== undefined && names.includes('[Content_Types].xml') && names.includes('word/document.xml');
}

const HEADER_LINE = /^[!-9;-~]+:[ \t]?.*$/;
const KNOWN_HEADERS = new Set(['from', 'date', 'subject', 'mime-version', 'to', 'received', 'return-path', 'message-id']);

/**
 * An e-mail: text (no NUL byte in the first 64 kB) that opens with an RFC 5322 header block,
 * `Name: value` lines (folded lines allowed) up to a blank line, including at least two of the
 * usual headers (From, Date, Subject, MIME-Version, To, Received, Return-Path, Message-ID).
 */
function isEml(buffer: Buffer): boolean {
  const head = buffer.subarray(0, 64 * 1024);
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
  return known.size >= 2 && head.length === buffer.length;
}

/** The accepted type of a file's bytes: PDF, DOCX, EML or an image (PNG, JPEG, GIF, WebP, HEIC); else undefined. */
export function sniffFileType(buffer: Buffer): SniffedType | undefined {
  if (startsWith(buffer, '%PDF-')) return types.pdf;
  if (startsWith(buffer, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return types.png;
  if (startsWith(buffer, [0xff, 0xd8, 0xff])) return types.jpeg;
  if (startsWith(buffer, 'GIF87a') || startsWith(buffer, 'GIF89a')) return types.gif;
  if (startsWith(buffer, 'RIFF') && startsWith(buffer, 'WEBP', 8)) return types.webp;
  if (startsWith(buffer, 'ftyp', 4) && HEIC_BRANDS.has(buffer.toString('latin1', 8, 12))) return types.heic;
  if (startsWith(buffer, 'PK\u0003\u0004')) return isDocx(buffer) ? types.docx : undefined;
  return isEml(buffer) ? types.eml : undefined;
}
