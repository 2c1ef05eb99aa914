import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { BUNDLE_ENTRY_NAMES, type BundleSource } from './files.js';

/**
 * Writes a bundle as a zip, streaming: each entry's lines are generated only while that entry is
 * being compressed, gathered into chunks of about 64 KiB, so memory stays small whatever the
 * size of the university.
 */

const CHUNK_CHARS = 64 * 1024;
/** The zip's timestamps when none is given: the earliest a zip can hold, so the same bundle gives the same bytes. */
const DOS_EPOCH = new Date(1980, 0, 1);

async function* chunks(lines: Iterable<string> | AsyncIterable<string>): AsyncGenerator<Buffer> {
  let pending: string[] = [];
  let size = 0;
  for await (const line of lines) {
    pending.push(line);
    size += line.length;
    if (size >= CHUNK_CHARS) {
      yield Buffer.from(pending.join(''), 'utf8');
      pending = [];
      size = 0;
    }
  }
  if (pending.length > 0) yield Buffer.from(pending.join(''), 'utf8');
}

export interface ZipOptions {
  /** The entries' modification time (default 1980-01-01, so that the zip depends only on its content). */
  readonly mtime?: Date;
}

export async function writeBundleZip(bundle: BundleSource, outPath: string, options: ZipOptions = {}): Promise<void> {
  const zip = new ZipFile();
  const out = createWriteStream(outPath);
  await new Promise<void>((resolve, reject) => {
    const fail = (error: unknown) => {
      out.destroy();
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    zip.on('error', fail);
    pipeline(zip.outputStream, out).then(resolve, fail);
    for (const name of BUNDLE_ENTRY_NAMES) {
      zip.addReadStreamLazy(name, { mtime: options.mtime ?? DOS_EPOCH, compress: true }, (callback) => {
        // yazl pipes the stream but does not listen for its errors: a generator that throws ends the write here.
        const stream = Readable.from(chunks(bundle[name]), { objectMode: false });
        stream.on('error', fail);
        callback(null, stream);
      });
    }
    zip.end();
  });
}
