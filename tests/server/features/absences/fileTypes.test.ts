import { describe, expect, it } from 'vitest';
import { sanitiseFileName } from '../../../../src/server/features/absences/fileNames.js';
import { sniffFileType } from '../../../../src/server/features/absences/fileTypes.js';
import { samples, storedZip } from './multipart.js';

describe('sniffFileType decides by content', () => {
  it.each<[string, Buffer, string | undefined]>([
    ['PDF', samples.pdf, 'application/pdf'],
    ['PNG', samples.png, 'image/png'],
    ['JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'image/jpeg'],
    ['GIF', Buffer.from('GIF89a\x01\x00', 'latin1'), 'image/gif'],
    ['WebP', Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'), 'image/webp'],
    ['HEIC', Buffer.from('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00', 'latin1'), 'image/heic'],
    ['EML', samples.eml, 'message/rfc822'],
    ['DOCX', samples.docx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['a plain ZIP', samples.zip, undefined],
    ['a ZIP naming word/document.xml only', storedZip({ 'word/document.xml': '<w/>' }), undefined],
    ['a truncated DOCX (no central directory)', samples.docx.subarray(0, 200), undefined],
    ['ELF', samples.elf, undefined],
    ['MZ (Windows executable)', samples.exe, undefined],
    ['plain text', Buffer.from('hello world\n\nbye'), undefined],
    ['HTML', Buffer.from('<html><script>alert(1)</script></html>'), undefined],
    ['one header only', Buffer.from('Subject: hi\r\n\r\nbody'), undefined],
    ['empty', Buffer.alloc(0), undefined],
  ])('%s', (_name, bytes, expected) => {
    expect(sniffFileType(bytes)?.contentType).toBe(expected);
  });
});

describe('sanitiseFileName', () => {
  const pdf = sniffFileType(samples.pdf);
  const png = sniffFileType(samples.png);
  if (!pdf || !png) throw new Error('sniffing failed');
  it.each<[string, string, string]>([
    ['keeps a matching name', 'Fit note.pdf', 'Fit note.pdf'],
    ['strips paths', '../../etc/passwd.pdf', 'passwd.pdf'],
    ['strips Windows paths', 'C:\\Users\\me\\note.PDF', 'note.pdf'],
    ['strips control and bidi characters', 'a\u0000b\u202Efdp.exe.pdf', 'abfdp.exe.pdf'],
    ['adds the sniffed extension', 'scan', 'scan.pdf'],
    ['replaces a wrong extension', 'x.exe', 'x.pdf'],
    ['names a nameless file', ' .. ', 'evidence.pdf'],
    ['limits the length', `${'a'.repeat(300)}.pdf`, `${'a'.repeat(100)}.pdf`],
  ])('%s', (_name, input, expected) => {
    expect(sanitiseFileName(input, pdf)).toBe(expected);
  });
  it('names an image by its real type', () => {
    expect(sanitiseFileName('photo.pdf', png)).toBe('photo.png');
  });
});
