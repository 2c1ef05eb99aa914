import type { SniffedType } from './fileTypes.js';

const MAX_BASE_LENGTH = 100;
// C0/C1 controls, and the bidirectional overrides that can disguise an extension ("cod.exe" as "exe.doc").
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const RESERVED = /[<>:"/\\|?*]/g;

/**
 * A safe display and download name: the last path segment only, no control or bidi characters,
 * no characters reserved on common file systems, at most 100 characters before the extension,
 * and an extension that matches the sniffed type (kept when it is one of the type's, otherwise
 * the type's canonical one is appended in place of it).
 */
export function sanitiseFileName(original: string, type: SniffedType): string {
  const lastSegment = original.split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment.normalize('NFC').replace(UNSAFE, '').replace(RESERVED, '_').replace(/\s+/g, ' ').trim();
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 ? cleaned.slice(dot + 1).toLowerCase() : '';
  const keepsExtension = type.extensions.includes(extension);
  let base = (dot > 0 ? cleaned.slice(0, dot) : cleaned).replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  base = Array.from(base).slice(0, MAX_BASE_LENGTH).join('').trim() || 'evidence';
  return `${base}.${keepsExtension ? extension : type.extensions[0] ?? 'bin'}`;
}
