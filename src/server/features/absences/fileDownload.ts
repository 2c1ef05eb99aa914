import type { FastifyReply } from 'fastify';

/** RFC 6266 / RFC 5987: an ASCII fallback plus the exact UTF-8 name. */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
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
