import type { FastifyReply } from 'fastify';
import { previewKindOfContentType } from '../../../shared/rules/absences/evidencePreview.js';

/** RFC 6266 / RFC 5987: an ASCII fallback plus the exact UTF-8 name. */
export function attachmentDisposition(fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Sends evidence as a download only: never rendered inline, never type-sniffed, never cached by others. */
export function sendAttachment(reply: FastifyReply, file: { fileName: string; contentType: string; bytes: Buffer }): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(file.bytes);
}

/**
 * The preview's policy: nothing may load but the file itself (an image, or a PDF's viewer), no
 * script runs (`sandbox` without allow-scripts, an opaque origin), and only this origin may frame it.
 */
export const inlinePreviewCsp = "default-src 'none'; img-src 'self'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";

/**
 * Sends evidence for display in the review page's sandboxed frame: a PDF or a browser-drawn image
 * (see `previewKindOfContentType`) inline under `inlinePreviewCsp`; any other type as `sendAttachment` does.
 */
export function sendInlinePreview(reply: FastifyReply, file: { fileName: string; contentType: string; bytes: Buffer }): FastifyReply {
  if (!previewKindOfContentType(file.contentType)) return sendAttachment(reply, file);
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachmentDisposition(file.fileName, 'inline'))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', inlinePreviewCsp)
    .header('x-frame-options', 'SAMEORIGIN')
    .header('cache-control', 'private, no-store')
    .send(file.bytes);
}
