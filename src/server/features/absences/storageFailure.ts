import { HttpError } from '../../http/errors.js';
import { errorCode } from '../../../shared/guards.js';

/** What a student is told when the server's disk cannot take their upload (word for word). */
export const STORAGE_FAILURE_MESSAGE = 'We could not store your file right now. Please try again later.';

/**
 * Error codes of a file system that cannot take an upload right now: full (ENOSPC), over a quota
 * (EDQUOT), over a file size limit (EFBIG, e.g. RLIMIT_FSIZE), mounted read-only (EROFS), or a
 * folder the server may not write to or that is not a folder any more (EACCES, EPERM, ENOTDIR).
 * None of them is the student's doing, and none is a bug of ours: they are the operator's to fix.
 */
const UNWRITABLE_CODES: ReadonlySet<string> = new Set(['ENOSPC', 'EDQUOT', 'EFBIG', 'EROFS', 'EACCES', 'EPERM', 'ENOTDIR']);

export const isUnwritableError = (error: unknown): boolean => {
  const code = errorCode(error);
  return code !== undefined && UNWRITABLE_CODES.has(code);
};

/**
 * A file system failure while an upload was being stored: 507 (Insufficient Storage) with the
 * message filed under `supportingFiles`, like the other refused files; any other failure is left
 * as it is (a 500). The original error goes with it as its cause, for the log.
 */
export function storageFailureError(error: unknown): unknown {
  if (!isUnwritableError(error)) return error;
  return new HttpError(507, 'insufficientStorage', STORAGE_FAILURE_MESSAGE, { supportingFiles: [STORAGE_FAILURE_MESSAGE] }, { cause: error });
}
