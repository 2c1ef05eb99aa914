import { describe, expect, it } from 'vitest';
import { sniffFileType } from '../../../../src/server/features/absences/fileTypes.js';
import { wordParts, zip } from '../../../fixtures/uploads/corpus.js';
import { samples } from './multipart.js';

const docxWith = (...names: string[]): Buffer => zip([...wordParts, ...names.map((name) => ({ name, data: Buffer.from('x') }))]);
const type = (bytes: Buffer): string | undefined => sniffFileType(bytes)?.contentType;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('the hostile-file rules keep ordinary files', () => {
  it('accepts folder entries and nested names in a DOCX', () => {
    expect(type(docxWith('word/', 'word/media/image1.png', 'docProps/app.xml'))).toBe(DOCX);
  });

  it.each([
    ['a backslash', 'word\\..\\evil'],
    ['a dot segment', 'word/./document2.xml'],
    ['an empty segment', 'word//x.xml'],
    ['a drive letter', 'C:/evil.txt'],
    ['a control character', 'word/a\u0001.xml'],
    ['a duplicate name', 'word/document.xml'],
  ])('refuses a DOCX with %s', (_name, entry) => {
    expect(type(docxWith(entry))).toBeUndefined();
  });

  it('looks for markup only in the first kilobyte of a PDF or image', () => {
    const later = Buffer.concat([samples.pdf, Buffer.alloc(1024, 0x20), Buffer.from('(<html> in a text string)')]);
    expect(type(later)).toBe('application/pdf');
    expect(type(Buffer.concat([samples.pdf.subarray(0, 9), Buffer.from('<svg onload=alert(1)>'), samples.pdf.subarray(9)]))).toBeUndefined();
    expect(type(Buffer.concat([samples.png.subarray(0, 8), Buffer.from('<script>alert(1)</script>')]))).toBeUndefined();
  });

  it('lets an e-mail carry HTML', () => {
    expect(type(Buffer.concat([samples.eml, Buffer.from('<html><body>See you then.</body></html>\r\n')]))).toBe('message/rfc822');
  });

  it('refuses an image or PDF that is also a ZIP archive', () => {
    expect(type(Buffer.concat([samples.png, samples.zip]))).toBeUndefined();
    expect(type(Buffer.concat([samples.pdf, samples.docx]))).toBeUndefined();
  });
});
