import { absence } from '../../../shared/constants';

/** The file picker's rules (SPEC §5 "Generic rules"): accept, size, total, count and duplicates. */
export interface FileRules {
  /** MIME types ('application/pdf', 'image/*') and extensions ('.pdf'); a file matching either is accepted. Empty: any file. */
  accept: string[];
  /** Bytes per file. */
  maxFileSize: number;
  /** Bytes for all the files waiting to be sent together. */
  maxTotalSize?: number;
  /** Files waiting to be sent at once. */
  maxFiles?: number;
  /** Whether the same file (same name and size) may be added twice. Default false. */
  allowDuplicates?: boolean;
  /** How the accepted types are named to the user ('PDF, DOCX, EML or image'). */
  typeDescription?: string;
}

/** SPEC §5: PDF, DOCX, EML or images, at most 5 MB each; the server takes 10 files per request. */
export const absenceFileRules: FileRules = {
  accept: [...absence.acceptedFileTypes, ...absence.acceptedFileExtensions],
  maxFileSize: absence.maxFileSizeBytes,
  maxFiles: absence.maxFilesPerRequest,
  allowDuplicates: false,
  typeDescription: 'PDF, DOCX, EML or image',
};

/** The parts of a File the rules read (a browser File, or a plain object in tests). */
export interface FileFacts {
  readonly name: string;
  readonly size: number;
  readonly type: string;
}

export interface Rejection {
  readonly fileName: string;
  readonly message: string;
}

export interface FileCheck<F extends FileFacts> {
  readonly accepted: F[];
  readonly rejected: Rejection[];
}

/** 5 MB, 1.5 MB, 240 kB, 12 bytes. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${trimNumber(bytes / 1024)} kB`;
  return `${trimNumber(bytes / (1024 * 1024))} MB`;
}

function trimNumber(value: number): string {
  return value >= 10 || Number.isInteger(value) ? String(Math.round(value)) : value.toFixed(1).replace(/\.0$/, '');
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot).toLowerCase() : '';
}

/** Whether a file matches the accept list, by MIME type (with 'type/*' wildcards) or by extension. */
export function isAcceptedType(file: FileFacts, accept: readonly string[]): boolean {
  if (accept.length === 0) return true;
  const extension = extensionOf(file.name);
  const type = file.type.toLowerCase();
  return accept.some((entry) => {
    const rule = entry.trim().toLowerCase();
    if (rule.startsWith('.')) return extension !== '' && extension === rule;
    if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1));
    return type !== '' && type === rule;
  });
}

const sameFile = (a: FileFacts, b: FileFacts) => a.name === b.name && a.size === b.size;

/**
 * Which of the incoming files may join the current ones, checked one by one in order, and why the
 * others may not: wrong type, empty, over the size limit, already added, too many, too big together.
 */
export function checkIncomingFiles<F extends FileFacts>(current: readonly F[], incoming: readonly F[], rules: FileRules): FileCheck<F> {
  const accepted: F[] = [];
  const rejected: Rejection[] = [];
  let totalSize = current.reduce((sum, file) => sum + file.size, 0);
  const reject = (file: F, message: string) => rejected.push({ fileName: file.name, message });
  for (const file of incoming) {
    const name = `"${file.name}"`;
    if (!isAcceptedType(file, rules.accept)) {
      reject(file, `${name} is not a ${rules.typeDescription ?? 'supported'} file.`);
    } else if (file.size === 0) {
      reject(file, `${name} is empty.`);
    } else if (file.size > rules.maxFileSize) {
      reject(file, `${name} is larger than ${formatFileSize(rules.maxFileSize)}.`);
    } else if (!rules.allowDuplicates && [...current, ...accepted].some((other) => sameFile(other, file))) {
      reject(file, `${name} has already been added.`);
    } else if (rules.maxFiles !== undefined && current.length + accepted.length >= rules.maxFiles) {
      reject(file, `${name} was not added: at most ${rules.maxFiles} files can be sent at once.`);
    } else if (rules.maxTotalSize !== undefined && totalSize + file.size > rules.maxTotalSize) {
      reject(file, `${name} was not added: the files together would be larger than ${formatFileSize(rules.maxTotalSize)}.`);
    } else {
      accepted.push(file);
      totalSize += file.size;
    }
  }
  return { accepted, rejected };
}
