import type { FastifyRequest } from 'fastify';
import '@fastify/multipart';
import { absence } from '../../../shared/constants.js';
import { HttpError } from '../../http/errors.js';
import { sanitiseFileName } from './fileNames.js';
import { sniffFileType, type SniffedType } from './fileTypes.js';

/** The multipart field carrying evidence files (SPEC §3). */
export const FILES_FIELD = 'SupportingFiles';
const FILES_KEY = 'supportingFiles';
const MAX_MB = absence.maxFileSizeBytes / (1024 * 1024);

export interface UploadedFile {
  readonly fileName: string;
  readonly bytes: Buffer;
  readonly type: SniffedType;
}

export interface AbsenceForm {
  /** Text fields; a repeated field is an array. */
  readonly fields: Record<string, string | string[]>;
  /** Accepted files (empty ones are skipped, as SPEC §3 has the client do). */
  readonly files: UploadedFile[];
  /** Refused files, one message each, filed under `supportingFiles`. */
  readonly fileErrors: string[];
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

function multipartError(error: unknown): HttpError | undefined {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !code.startsWith('FST_')) return undefined;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(400, 'One or more fields are invalid.', { [FILES_KEY]: [`Each file must be at most ${MAX_MB} MB.`] });
  if (code === 'FST_FILES_LIMIT') return new HttpError(400, 'Too many files.', { [FILES_KEY]: ['At most 10 files can be sent at once.'] });
  return new HttpError(400, 'The form could not be read.', { request: [error instanceof Error ? error.message : 'Malformed multipart form'] });
}

/**
 * Reads the whole form: text fields, and each SupportingFiles part into memory (at most 5 MB each,
 * at most 10 files: the limits registered with @fastify/multipart). A file over the limit is
 * refused with a field error rather than a 413/500, and its type is decided from its bytes.
 */
export async function readAbsenceForm(request: FastifyRequest): Promise<AbsenceForm> {
  if (!request.isMultipart()) {
    throw new HttpError(400, 'The form must be sent as multipart/form-data.', { request: ['Expected multipart/form-data'] });
  }
  const fields: Record<string, string | string[]> = {};
  const files: UploadedFile[] = [];
  const fileErrors: string[] = [];
  // throwFileSizeLimit is read at run time but missing from the parts() typings.
  const options = { throwFileSizeLimit: false } as Parameters<FastifyRequest['parts']>[0];
  try {
    for await (const part of request.parts(options)) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') addField(fields, part.fieldname, part.value);
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.fieldname !== FILES_FIELD) continue;
      if (part.file.truncated) {
        fileErrors.push(`${quoted(part.filename)} is larger than ${MAX_MB} MB.`);
        continue;
      }
      if (bytes.length === 0) continue;
      const type = sniffFileType(bytes);
      if (!type) {
        fileErrors.push(`${quoted(part.filename)} is not a PDF, DOCX, EML or image file.`);
        continue;
      }
      files.push({ fileName: sanitiseFileName(part.filename, type), bytes, type });
    }
  } catch (error) {
    throw multipartError(error) ?? error;
  }
  return { fields, files, fileErrors };
}
