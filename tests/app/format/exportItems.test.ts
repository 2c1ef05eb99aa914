import { describe, expect, it } from 'vitest';
import { buildExport, csvField, exportFileName, toCsv, toJson, type ExportColumn } from '../../../src/app/format/exportItems';

interface Row {
  rowId: number;
  name: string;
  start: Date;
  tags: string[];
  note?: string | null;
}

const rows: Row[] = [
  { rowId: 1, name: 'Smith, Jo', start: new Date(Date.UTC(2025, 0, 2, 9)), tags: ['a', 'b'], note: 'said "hi"' },
  { rowId: 2, name: 'Line\nbreak', start: new Date(Date.UTC(2025, 0, 3)), tags: [], note: null },
];

const columns: ExportColumn<Row>[] = [
  { key: 'rowId', header: 'Id' },
  { key: 'name', header: 'Name' },
  { key: 'start' },
  { key: 'upper', header: 'Upper', value: (row) => row.name.toUpperCase() },
  { key: 'note' },
];

describe('export helpers (SPEC §3)', () => {
  it('quotes every text field and doubles quotes (RFC 4180)', () => {
    expect(csvField('plain')).toBe('"plain"');
    expect(csvField('')).toBe('');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField(undefined)).toBe('');
    expect(csvField(42)).toBe('42');
    expect(csvField(-3)).toBe('-3');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvField('+44 20')).toBe(`"'+44 20"`);
    // A spreadsheet whose locale separates with ';' would start a cell there.
    expect(csvField('Looks fine;=HYPERLINK("https://evil.example")')).toBe(`"'Looks fine;=HYPERLINK(""https://evil.example"")"`);
  });

  it('writes a header and one CRLF row per item, only the chosen columns', () => {
    expect(toCsv(rows, columns)).toBe(
      '"Id","Name","start","Upper","note"\r\n' +
        '1,"Smith, Jo","2025-01-02T09:00:00.000Z","SMITH, JO","said ""hi"""\r\n' +
        '2,"Line\nbreak","2025-01-03T00:00:00.000Z","LINE\nBREAK",\r\n',
    );
    expect(toCsv([], columns)).toBe('"Id","Name","start","Upper","note"\r\n');
  });

  it('writes JSON with the chosen columns as keys', () => {
    expect(JSON.parse(toJson(rows, [{ key: 'rowId' }, { key: 'tags' }, { key: 'note' }]))).toEqual([
      { rowId: 1, tags: ['a', 'b'], note: 'said "hi"' },
      { rowId: 2, tags: [], note: null },
    ]);
  });

  it('names files .csv or .json, safely', () => {
    expect(exportFileName('absences', 'csv')).toBe('absences.csv');
    expect(exportFileName('absences.csv', 'json')).toBe('absences.json');
    expect(exportFileName('a/b:c', 'csv')).toBe('a-b-c.csv');
    expect(exportFileName('  ', 'json')).toBe('export.json');
  });

  it('builds a UTF-8 CSV with a byte order mark, and plain JSON', () => {
    const csv = buildExport(rows, columns, 'csv', 'people');
    expect(csv).toMatchObject({ fileName: 'people.csv', mimeType: 'text/csv;charset=utf-8' });
    expect(csv.content.startsWith('\uFEFF"Id",')).toBe(true);
    expect(buildExport(rows, columns, 'json', 'people')).toMatchObject({ fileName: 'people.json', mimeType: 'application/json' });
  });
});

describe('export helpers: formulas hidden in lists', () => {
  it('defuses a list whose first value starts like a formula, but leaves negative numbers alone', () => {
    expect(csvField(['=cmd|" /C calc"!A0', 'b'])).toBe(`"'=cmd|"" /C calc""!A0; b"`);
    expect(csvField(['-1'])).toBe(`"'-1"`);
    expect(csvField(['ok', '=cmd'])).toBe(`"'ok; =cmd"`);
    expect(csvField(-3)).toBe('-3');
  });
});
