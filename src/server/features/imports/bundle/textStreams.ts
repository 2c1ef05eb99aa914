import { Transform, type TransformCallback } from 'node:stream';
import { ratioFloorBytes, type BundleLimits } from './limits.js';
import { placeOf, problem, ProblemStop } from './problems.js';

/**
 * The byte stages between a zip entry and the CSV parser: count what is inflated (a bomb stops the
 * bundle), insist on UTF-8 (naming the line of the first bad byte), and turn CRLF into LF so that
 * csv-parse counts lines right (it counts a CRLF inside a quoted field as two lines).
 */

/** Stops the bundle once an entry inflates past the size limit or the ratio, whatever its header said. */
export function inflationGuard(entryName: string, compressedSize: number, limits: BundleLimits): Transform {
  const ratioCap = limits.maxRatio * Math.max(compressedSize, 1);
  let inflated = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      inflated += chunk.length;
      if (inflated > limits.maxEntryBytes || (inflated > ratioFloorBytes && inflated > ratioCap)) {
        callback(new ProblemStop(problem('zip_bomb', { file: entryName },
          `${entryName} unpacks to more than its header declared (over ${inflated} bytes from ${compressedSize} compressed); the zip was refused`), 'bundle'));
        return;
      }
      callback(null, chunk);
    },
  });
}

const isContinuation = (byte: number) => (byte & 0xc0) === 0x80;

/**
 * The index of the first byte in `bytes` (from `start`) that begins an invalid UTF-8 sequence, or
 * -1 when there is none. A sequence cut short by the end of `bytes` is not counted as invalid.
 */
export function firstInvalidUtf8(bytes: Uint8Array, start = 0): number {
  let at = start;
  while (at < bytes.length) {
    const lead = bytes[at] ?? 0;
    if (lead < 0x80) {
      at += 1;
      continue;
    }
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) length = 2;
    else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      if (lead === 0xe0) low = 0xa0;
      if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      if (lead === 0xf0) low = 0x90;
      if (lead === 0xf4) high = 0x8f;
    } else return at;
    for (let next = 1; next < length; next += 1) {
      if (at + next >= bytes.length) return -1;
      const byte = bytes[at + next] ?? 0;
      if (next === 1 ? byte < low || byte > high : !isContinuation(byte)) return at;
    }
    at += length;
  }
  return -1;
}

function countNewlines(bytes: Uint8Array, end = bytes.length): number {
  let count = 0;
  for (let at = bytes.indexOf(0x0a); at !== -1 && at < end; at = bytes.indexOf(0x0a, at + 1)) count += 1;
  return count;
}

/**
 * Passes the bytes on unchanged while a streaming, fatal TextDecoder accepts them; at the first
 * invalid byte, stops the file with `not_utf8` and the line that byte is on.
 */
export function utf8Guard(file: string): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let newlines = 0;
  const refuse = (line: number) => new ProblemStop(problem('not_utf8', { file, line },
    `${placeOf(file, line)} is not UTF-8 text (a byte there is not valid UTF-8; the file may be saved as Latin-1 or Windows-1252); save it as UTF-8`), 'file');
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        // Bytes at the chunk's start that continue a sequence begun in the last chunk were
        // accepted with it; the bad byte is at or after the first that starts a sequence.
        let start = 0;
        while (start < chunk.length && start < 3 && isContinuation(chunk[start] ?? 0)) start += 1;
        const bad = firstInvalidUtf8(chunk, start);
        callback(refuse(1 + newlines + countNewlines(chunk, bad === -1 ? 0 : bad)));
        return;
      }
      newlines += countNewlines(chunk);
      callback(null, chunk);
    },
    flush(callback: TransformCallback) {
      try {
        decoder.decode();
      } catch {
        callback(refuse(1 + newlines));
        return;
      }
      callback();
    },
  });
}

const CR = 0x0d;

/** Turns every CRLF into LF, including a pair split across two chunks; a lone CR is left alone. */
export function crlfToLf(): Transform {
  let heldCr = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      let bytes = heldCr ? Buffer.concat([Buffer.of(CR), chunk]) : chunk;
      heldCr = bytes.length > 0 && bytes[bytes.length - 1] === CR;
      if (heldCr) bytes = bytes.subarray(0, bytes.length - 1);
      let pair = bytes.indexOf('\r\n');
      if (pair === -1) {
        callback(null, bytes.length > 0 ? bytes : undefined);
        return;
      }
      const pieces: Buffer[] = [];
      let from = 0;
      while (pair !== -1) {
        pieces.push(bytes.subarray(from, pair));
        from = pair + 1;
        pair = bytes.indexOf('\r\n', from);
      }
      pieces.push(bytes.subarray(from));
      callback(null, Buffer.concat(pieces));
    },
    flush(callback: TransformCallback) {
      callback(null, heldCr ? Buffer.of(CR) : undefined);
    },
  });
}
