import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import '@fastify/multipart';
import { z } from 'zod/mini';
import { importBundleField, importUploadFormSchema } from '../../../shared/contract/adminImports.js';
import type { FormReader } from '../../http/contractRoutes.js';
import { badRequest, HttpError } from '../../http/errors.js';
import { errorCode } from '../../../shared/guards.js';

/**
 * Reads the import upload: the zip (field `bundle`) streamed to a temporary file, never held in
 * memory, and the optional threshold field. The content decides, not the name or the declared
 * type: a file that does not start like a zip is refused (400), one over IMPORT_MAX_MB too (413).
 */

export interface ImportUpload {
  readonly fileName: string;
  readonly path: string;
  readonly size: number;
  readonly digest: string;
  readonly deactivationThresholdPercent: number | undefined;
}

const FIELD_KEY = 'bundle';
/** A zip starts with a local file header, or (empty) with the end of its central directory. */
const ZIP_MAGIC = [Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.from('PK\u0005\u0006', 'latin1')];

/** A file name fit to show in the history: its last path segment, printable, at most 200 characters. */
export function displayFileName(name: string): string {
  const plain = (name.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  return plain.slice(0, 200) || 'bundle.zip';
}

const refused = (message: string, field = FIELD_KEY): HttpError => badRequest(message, { [field]: [message] });

/** 413: the bundle is over IMPORT_MAX_MB. */
export const bundleTooLarge = (maxBytes: number): HttpError => {
  const maxMb = Math.round(maxBytes / (1024 * 1024));
  return new HttpError(413, 'tooLarge', `The bundle is larger than ${maxMb} MB.`, { [FIELD_KEY]: [`The bundle must be at most ${maxMb} MB.`] });
};

/**
 * Streams a bundle to `path`, hashing it on the way, and checks what arrived: not over `maxBytes`
 * (413), not empty, and a zip by its first bytes (400). `wasCut` says whether the source itself
 * stopped at its limit (a multipart file part does). On a refusal the caller removes `path`.
 */
export async function saveZip(source: Readable, path: string, maxBytes: number, wasCut: () => boolean = () => false): Promise<{ size: number; digest: string }> {
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  // Past the limit the rest is read and dropped, not cut off: destroying a request's stream would
  // close its connection before the 413 could be sent.
  await pipeline(source, new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) {
        done();
        return;
      }
      hash.update(chunk);
      if (head.length < 4) head = Buffer.concat([head, chunk]).subarray(0, 4);
      done(null, chunk);
    },
  }), createWriteStream(path));
  if (wasCut() || size > maxBytes) throw bundleTooLarge(maxBytes);
  if (size === 0) throw refused('Choose a zip file to upload: this one is empty.');
  if (!ZIP_MAGIC.some((magic) => head.equals(magic))) throw refused('The file is not a zip archive. Upload the bundle as a .zip file.');
  return { size, digest: hash.digest('base64url') };
}

export function importUploadForm(tempDir: string, maxBytes: number): FormReader<ImportUpload> {
  return {
    async read(request: FastifyRequest): Promise<ImportUpload> {
      if (!request.isMultipart()) throw badRequest('The form could not be read.', { request: ['Expected multipart/form-data'] });
      await mkdir(tempDir, { recursive: true });
      const fields: Record<string, string> = {};
      let upload: Omit<ImportUpload, 'deactivationThresholdPercent'> | undefined;
      const made: string[] = [];
      try {
        for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 5 } })) {
          if (part.type === 'field') {
            if (typeof part.value === 'string') fields[part.fieldname] = part.value;
            continue;
          }
          if (part.fieldname !== importBundleField || upload) {
            part.file.resume();
            continue;
          }
          const path = join(tempDir, `import-${randomBytes(12).toString('hex')}.zip.tmp`);
          made.push(path);
          const saved = await saveZip(part.file, path, maxBytes, () => part.file.truncated);
          upload = { fileName: displayFileName(part.filename), path, ...saved };
        }
      } catch (error) {
        await Promise.all(made.map((path) => rm(path, { force: true })));
        if (error instanceof HttpError) throw error;
        if (errorCode(error) === 'FST_FILES_LIMIT') throw refused('Upload one bundle at a time.');
        throw badRequest('The form could not be read.', { request: ['The multipart form is malformed.'] });
      }
      if (!upload) throw refused('Choose a zip file to upload.');
      const parsed = z.safeParse(importUploadFormSchema, fields);
      if (!parsed.success) {
        await rm(upload.path, { force: true });
        throw refused('Enter a whole percentage from 0 to 100.', 'deactivationThresholdPercent');
      }
      return { ...upload, deactivationThresholdPercent: parsed.data.deactivationThresholdPercent };
    },
    fingerprintOf: (form) => ({ fileName: form.fileName, size: form.size, digest: form.digest, threshold: form.deactivationThresholdPercent ?? null }),
    discard: async (_request, form) => {
      if (form) await rm(form.path, { force: true });
    },
  };
}
