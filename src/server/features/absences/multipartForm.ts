import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import '@fastify/multipart';
import type { MultipartFile } from '@fastify/multipart';
import { absence } from '../../../shared/constants.js';
import { HttpError } from '../../http/errors.js';
import { sanitiseFileName } from './fileNames.js';
import { storageFailureError } from './storageFailure.js';
import type { FileStore, IncomingFile } from './fileStore.js';
import { HEAD_BYTES, sniffHead, sniffSample, TAIL_BYTES, type SniffedType } from './fileTypes.js';
import { locateZipDirectory, MAX_ZIP_DIRECTORY_BYTES } from './zipDirectory.js';
import { errorCode } from '../../../shared/guards.js';

/** The multipart field carrying evidence files (SPEC §3). */
export const FILES_FIELD = 'SupportingFiles';
const FILES_KEY = 'supportingFiles';
const MAX_MB = absence.maxFileSizeBytes / (1024 * 1024);

/** The limits registered with @fastify/multipart (app.ts): a text field's bytes, and fields and parts per form. */
export const multipartLimits = {
  fileSize: absence.maxFileSizeBytes,
  files: absence.maxFilesPerRequest,
  fields: 20,
  fieldSize: 16 * 1024,
  parts: absence.maxFilesPerRequest + 20,
} as const;

export interface UploadedFile {
  readonly fileName: string;
  readonly type: SniffedType;
  readonly size: number;
  /** SHA-256 of the bytes (base64url): with the name and size, what identifies the file for an Idempotency-Key. */
  readonly digest: string;
  /** The temporary file holding the bytes, until `FileStore.commit` stores them. */
  readonly incomingPath: string;
}

export interface AbsenceForm {
  /** Text fields; a repeated field is an array. */
  readonly fields: Record<string, string | string[]>;
  /** Accepted files (empty ones are skipped, as SPEC §3 has the client do). */
  readonly files: UploadedFile[];
  /** Refused files, one message each, filed under `supportingFiles`. */
  readonly fileErrors: string[];
}

export interface UploadTimeouts {
  /** No byte of the body for this long: the upload is given up. */
  readonly idleMs: number;
  /** The whole body must have arrived within this. */
  readonly totalMs: number;
}

/** A file system failure while storing an upload: the server's fault, so not a 400. */
class StorageFailure extends Error {
  constructor(readonly original: unknown) {
    super('Storing an upload failed');
  }
}

async function storing<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw new StorageFailure(error);
  }
}

/** A file's name fit to quote in an error message. */
function quoted(name: string): string {
  const plain = (name.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '').slice(0, 100);
  return `'${plain || 'file'}'`;
}

function addField(fields: Record<string, string | string[]>, name: string, value: string): void {
  const existing = fields[name];
  fields[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
}

const unreadable = (reason: string): HttpError => new HttpError(400, 'malformed', 'The form could not be read.', { request: [reason] });

/** Every parser failure is the client's: a limit (FST_ codes) or malformed multipart (busboy's messages). */
function multipartError(error: unknown): HttpError {
  const code = errorCode(error);
  if (code === 'FST_FILES_LIMIT') {
    return new HttpError(400, 'validation', 'Too many files.', { [FILES_KEY]: [`At most ${absence.maxFilesPerRequest} files can be sent at once.`] });
  }
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return unreadable('The form has too many fields.');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return unreadable('Expected multipart/form-data');
  if (code === 'FST_PROTO_VIOLATION') return unreadable('A field name is not allowed.');
  if (code === 'FST_REQ_PREMATURE_CLOSE') return unreadable('The form ended before it was complete.');
  const message = error instanceof Error ? error.message : '';
  if (/boundary/i.test(message)) return unreadable('The multipart boundary is missing.');
  if (/unexpected end/i.test(message)) return unreadable('The form ended before its closing boundary.');
  return unreadable('The multipart form is malformed.');
}

interface Received {
  readonly size: number;
  readonly digest: string;
  readonly type: SniffedType | undefined;
  readonly isTooLarge: boolean;
  /** Writing to the temporary file failed; the rest of the part was read and dropped. */
  readonly failure?: StorageFailure;
}

/**
 * Streams one file part into `incoming`, keeping only its first HEAD_BYTES and last TAIL_BYTES
 * in memory. Once the start shows the file cannot be an accepted type, or a write fails (a full
 * disk), the rest is read and dropped instead of written: the part is always read to its end, so
 * the parser goes on to the next one. The size limit is busboy's: past it the part is cut (`truncated`).
 */
async function receive(part: MultipartFile, incoming: IncomingFile, onProgress: () => void): Promise<Received> {
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let tail = Buffer.alloc(0);
  let size = 0;
  let isRefused = false;
  let isHeadChecked = false;
  let failure: StorageFailure | undefined;
  const hash = createHash('sha256');
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    onProgress();
    hash.update(chunk);
    if (headLength < HEAD_BYTES) {
      const piece = chunk.subarray(0, HEAD_BYTES - headLength);
      headChunks.push(piece);
      headLength += piece.length;
    }
    size += chunk.length;
    if (isRefused || failure) continue;
    if (!isHeadChecked && size > HEAD_BYTES) {
      isHeadChecked = true;
      isRefused = sniffHead(Buffer.concat(headChunks), false) === undefined;
      if (isRefused) continue;
    }
    tail = Buffer.concat([tail, chunk]);
    tail = tail.subarray(Math.max(0, tail.length - TAIL_BYTES));
    try {
      await incoming.handle.write(chunk);
    } catch (error) {
      failure = new StorageFailure(error);
    }
  }
  const digest = hash.digest('base64url');
  if (failure) return { size, digest, type: undefined, isTooLarge: false, failure };
  if (part.file.truncated) return { size, digest, type: undefined, isTooLarge: true };
  if (isRefused || size === 0) return { size, digest, type: undefined, isTooLarge: false };
  const location = locateZipDirectory(tail, size);
  let zipDirectory: Buffer | undefined;
  if (location && location.size <= MAX_ZIP_DIRECTORY_BYTES) {
    zipDirectory = Buffer.alloc(location.size);
    await storing(() => incoming.handle.read(zipDirectory ?? Buffer.alloc(0), 0, location.size, location.offset));
  }
  return { size, digest, type: sniffSample({ head: Buffer.concat(headChunks), tail, size, zipDirectory }), isTooLarge: false };
}

/** Reads a part to its end, keeping nothing. */
async function skip(part: MultipartFile, onProgress: () => void): Promise<void> {
  for await (const chunk of part.file as AsyncIterable<Buffer>) if (chunk.length > 0) onProgress();
}

/**
 * Receives one SupportingFiles part into a temporary file (listed in `incoming` as it is made).
 * Returns the accepted file, or undefined when it is empty or refused (its message added to
 * `fileErrors`). Throws a StorageFailure when the disk would not take it.
 */
async function receiveFile(part: MultipartFile, store: FileStore, incoming: string[], fileErrors: string[], onProgress: () => void): Promise<UploadedFile | undefined> {
  const file = await storing(() => store.createIncoming());
  incoming.push(file.path);
  let received: Received;
  try {
    received = await receive(part, file, onProgress);
  } finally {
    await storing(() => file.handle.close());
  }
  if (received.failure) throw received.failure;
  if (received.type === undefined) await storing(() => store.discard([file.path]));
  if (received.isTooLarge) fileErrors.push(`${quoted(part.filename)} is larger than ${MAX_MB} MB.`);
  else if (received.size === 0) return undefined;
  else if (!received.type) fileErrors.push(`${quoted(part.filename)} is not a PDF, DOCX, EML or image file.`);
  else return { fileName: sanitiseFileName(part.filename, received.type), type: received.type, size: received.size, digest: received.digest, incomingPath: file.path };
  return undefined;
}

/**
 * Reads every part; files go to temporary files (listed in `incoming` as they are made). Once the
 * disk refuses a file, the rest of the body is still read (and dropped, within the parser's limits
 * and the upload deadlines) before the StorageFailure is thrown, so the client, still sending,
 * gets the answer instead of a connection cut under it.
 */
async function readParts(request: FastifyRequest, store: FileStore, incoming: string[], onProgress: () => void): Promise<AbsenceForm> {
  const fields: Record<string, string | string[]> = {};
  const files: UploadedFile[] = [];
  const fileErrors: string[] = [];
  let failure: StorageFailure | undefined;
  // throwFileSizeLimit is read at run time but missing from the parts() typings.
  const options = { throwFileSizeLimit: false } as Parameters<FastifyRequest['parts']>[0];
  try {
    for await (const part of request.parts(options)) {
      onProgress();
      if (part.type === 'field') {
        if (part.fieldnameTruncated || part.valueTruncated) throw unreadable(`A form field is longer than ${multipartLimits.fieldSize / 1024} kB.`);
        if (typeof part.value === 'string') addField(fields, part.fieldname, part.value);
        continue;
      }
      if (part.fieldname !== FILES_FIELD || failure) {
        await skip(part, onProgress);
        continue;
      }
      try {
        const accepted = await receiveFile(part, store, incoming, fileErrors, onProgress);
        if (accepted) files.push(accepted);
      } catch (error) {
        if (!(error instanceof StorageFailure)) throw error;
        failure = error;
        // Unread when the temporary file could not even be made.
        await skip(part, onProgress);
      }
    }
  } catch (error) {
    // The disk's failure came first: it is the answer, whatever the rest of the body was.
    throw failure ?? error;
  }
  if (failure) throw failure;
  return { fields, files, fileErrors };
}

/**
 * Reads the whole form: text fields, and each SupportingFiles part streamed to a temporary file
 * in the store while its type is decided from its bytes (at most 5 MB each and 10 files: the
 * limits registered with @fastify/multipart). A file over the limit or of another type is a
 * field error (its partial file removed), not a 413. A body that stalls for `timeouts.idleMs` or
 * is still arriving after `timeouts.totalMs` is a 408, and its connection is closed. Malformed
 * multipart is a 400. A disk that will not take a file (full, read-only: storageFailure.ts) is a
 * 507, answered once the body has been read, with nothing kept. The caller owns the accepted
 * files' temporary files: it commits them or calls `discardForm`.
 */
export async function readAbsenceForm(request: FastifyRequest, reply: FastifyReply, store: FileStore, timeouts: UploadTimeouts): Promise<AbsenceForm> {
  if (!request.isMultipart()) {
    throw new HttpError(400, 'malformed', 'The form must be sent as multipart/form-data.', { request: ['Expected multipart/form-data'] });
  }
  const incoming: string[] = [];
  let stop: (error: HttpError) => void = () => {};
  const stopped = new Promise<never>((_resolve, reject) => {
    stop = reject;
  });
  const timedOut = (what: string) => () => stop(new HttpError(408, 'timeout', 'The upload took too long and was stopped. Please try again.', { request: [what] }));
  const idle = setTimeout(timedOut(`No data arrived for ${timeouts.idleMs / 1000} s.`), timeouts.idleMs);
  const total = setTimeout(timedOut(`The form did not arrive within ${timeouts.totalMs / 1000} s.`), timeouts.totalMs);
  const onProgress = () => idle.refresh();
  // Started first: the body is piped into the parser before the progress listener sets it flowing.
  const reading = readParts(request, store, incoming, onProgress);
  request.raw.on('data', onProgress);
  try {
    return await Promise.race([reading, stopped]);
  } catch (error) {
    // The body may still be arriving (or stalled): answer, then close the connection.
    if (!request.raw.complete) reply.header('connection', 'close');
    // Reading goes on until the connection closes; whatever it leaves is removed.
    void reading.catch(() => undefined).finally(() => store.discard(incoming).catch(() => undefined));
    await store.discard(incoming).catch(() => undefined);
    if (error instanceof HttpError) throw error;
    if (error instanceof StorageFailure) throw storageFailureError(error.original);
    throw multipartError(error);
  } finally {
    clearTimeout(idle);
    clearTimeout(total);
    request.raw.off('data', onProgress);
  }
}

/**
 * What identifies a form for an Idempotency-Key: its text fields and each accepted file's name,
 * size and digest, in order (refused files make the request a 400, which keeps no key).
 */
export function formFingerprint(form: AbsenceForm): unknown {
  return { fields: form.fields, files: form.files.map(({ fileName, size, digest }) => ({ fileName, size, digest })), fileErrors: form.fileErrors };
}

/** Removes the temporary files of a form's accepted files that were not committed. */
export async function discardForm(store: FileStore, form: AbsenceForm): Promise<void> {
  await store.discard(form.files.map((file) => file.incomingPath));
}
