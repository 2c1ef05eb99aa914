import { randomBytes } from 'node:crypto';
import { zip } from '../../../fixtures/uploads/corpus.js';

export type FormPart =
  | { readonly name: string; readonly value: string }
  | { readonly name: string; readonly fileName: string; readonly bytes: Buffer; readonly contentType?: string };

/** A multipart/form-data body built by hand, with its content-type header. */
export function multipartBody(parts: readonly FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\n` +
        `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ), part.bytes, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real ZIP with stored (uncompressed) entries: local headers, central directory, end record. */
export function storedZip(entries: Record<string, string>): Buffer {
  return zip(Object.entries(entries).map(([name, content]) => ({ name, data: Buffer.from(content, 'utf8') })));
}

export const samples = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]),
  elf: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64, 0)]),
  exe: Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(64, 0)]),
  eml: Buffer.from('From: GP Surgery <gp@example.org>\r\nTo: student@example.ac.uk\r\nSubject: Appointment\r\nDate: Mon, 3 Nov 2025 09:00:00 +0000\r\nMIME-Version: 1.0\r\n\r\nYour appointment is confirmed.\r\n'),
  docx: storedZip({
    '[Content_Types].xml': '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    '_rels/.rels': '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
    'word/document.xml': '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
  }),
  zip: storedZip({ 'notes.txt': 'just a zip' }),
};
