import { describe, expect, it } from 'vitest';
import { absence } from '../../../../src/shared/constants';
import {
  absenceFileRules,
  checkIncomingFiles,
  formatFileSize,
  isAcceptedType,
  type FileFacts,
  type FileRules,
} from '../../../../src/app/ui/fileUploader/fileRules';

const MB = 1024 * 1024;
const file = (name: string, size = 1000, type = ''): FileFacts => ({ name, size, type });
const pdf = (name = 'letter.pdf', size = 1000) => file(name, size, 'application/pdf');

describe('accepted types', () => {
  const accept = absenceFileRules.accept;

  it('accepts PDF, DOCX, EML and images by type or by extension', () => {
    expect(isAcceptedType(pdf(), accept)).toBe(true);
    expect(isAcceptedType(file('note.docx'), accept)).toBe(true);
    expect(isAcceptedType(file('mail.EML', 10, ''), accept)).toBe(true);
    expect(isAcceptedType(file('photo', 10, 'image/jpeg'), accept)).toBe(true);
    expect(isAcceptedType(file('scan.HEIC'), accept)).toBe(true);
  });

  it('refuses programs, archives and unknown types', () => {
    expect(isAcceptedType(file('setup.exe', 10, 'application/x-msdownload'), accept)).toBe(false);
    expect(isAcceptedType(file('notes.zip', 10, 'application/zip'), accept)).toBe(false);
    expect(isAcceptedType(file('README'), accept)).toBe(false);
    expect(isAcceptedType(file('drawing.svg', 10, 'image/svg+xml'), accept)).toBe(false);
  });

  it('understands type/* wildcards, and an empty list accepts anything', () => {
    expect(isAcceptedType(file('a.svg', 10, 'image/svg+xml'), ['image/*'])).toBe(true);
    expect(isAcceptedType(file('a.txt', 10, 'text/plain'), ['image/*'])).toBe(false);
    expect(isAcceptedType(file('a.exe'), [])).toBe(true);
  });
});

describe('the absence rules (SPEC §5, §9)', () => {
  it('are 5 MB per file and 10 files per request, no duplicates', () => {
    expect(absenceFileRules.maxFileSize).toBe(5 * MB);
    expect(absenceFileRules.maxFileSize).toBe(absence.maxFileSizeBytes);
    expect(absenceFileRules.maxFiles).toBe(10);
    expect(absenceFileRules.allowDuplicates).toBe(false);
  });

  it('accept a file of exactly 5 MB and refuse one byte more', () => {
    const result = checkIncomingFiles([], [pdf('max.pdf', 5 * MB), pdf('big.pdf', 5 * MB + 1)], absenceFileRules);
    expect(result.accepted.map((accepted) => accepted.name)).toEqual(['max.pdf']);
    expect(result.rejected).toEqual([{ fileName: 'big.pdf', message: '"big.pdf" is larger than 5 MB.' }]);
  });

  it('explain a wrong type in words', () => {
    expect(checkIncomingFiles([], [file('setup.exe', 10, 'application/x-msdownload')], absenceFileRules).rejected).toEqual([
      { fileName: 'setup.exe', message: '"setup.exe" is not a PDF, DOCX, EML or image file.' },
    ]);
  });

  it('refuse an empty file', () => {
    expect(checkIncomingFiles([], [pdf('blank.pdf', 0)], absenceFileRules).rejected).toEqual([
      { fileName: 'blank.pdf', message: '"blank.pdf" is empty.' },
    ]);
  });

  it('refuse a file already added, and the same file twice in one go', () => {
    const current = [pdf('letter.pdf', 2000)];
    const result = checkIncomingFiles(current, [pdf('letter.pdf', 2000), pdf('other.pdf'), pdf('other.pdf')], absenceFileRules);
    expect(result.accepted.map((accepted) => accepted.name)).toEqual(['other.pdf']);
    expect(result.rejected.map((rejection) => rejection.message)).toEqual([
      '"letter.pdf" has already been added.',
      '"other.pdf" has already been added.',
    ]);
  });

  it('take a file of the same name but another size', () => {
    expect(checkIncomingFiles([pdf('scan.pdf', 100)], [pdf('scan.pdf', 200)], absenceFileRules).accepted).toHaveLength(1);
  });

  it('stop at 10 files', () => {
    const current = Array.from({ length: 8 }, (_, index) => pdf(`f${index}.pdf`));
    const result = checkIncomingFiles(current, [pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf')], absenceFileRules);
    expect(result.accepted.map((accepted) => accepted.name)).toEqual(['a.pdf', 'b.pdf']);
    expect(result.rejected).toEqual([{ fileName: 'c.pdf', message: '"c.pdf" was not added: at most 10 files can be sent at once.' }]);
  });
});

describe('other rules', () => {
  const rules: FileRules = { accept: [], maxFileSize: 4 * MB, maxTotalSize: 6 * MB, allowDuplicates: true };

  it('hold the total size of the files together', () => {
    const result = checkIncomingFiles([pdf('one.pdf', 3 * MB)], [pdf('two.pdf', 2 * MB), pdf('three.pdf', 2 * MB), pdf('four.pdf', MB)], rules);
    expect(result.accepted.map((accepted) => accepted.name)).toEqual(['two.pdf', 'four.pdf']);
    expect(result.rejected).toEqual([{ fileName: 'three.pdf', message: '"three.pdf" was not added: the files together would be larger than 6 MB.' }]);
  });

  it('let duplicates through when allowed', () => {
    expect(checkIncomingFiles([pdf()], [pdf(), pdf()], rules).accepted).toHaveLength(2);
  });

  it('name an unknown set of types plainly', () => {
    expect(checkIncomingFiles([], [file('a.txt', 5, 'text/plain')], { accept: ['.pdf'], maxFileSize: MB }).rejected[0]?.message).toBe(
      '"a.txt" is not a supported file.',
    );
  });
});

describe('file sizes for people', () => {
  it('reads bytes, kilobytes and megabytes', () => {
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(512)).toBe('512 bytes');
    expect(formatFileSize(1536)).toBe('1.5 kB');
    expect(formatFileSize(240 * 1024)).toBe('240 kB');
    expect(formatFileSize(5 * MB)).toBe('5 MB');
    expect(formatFileSize(1.25 * MB)).toBe('1.3 MB');
  });
});
