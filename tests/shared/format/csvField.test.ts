import { describe, expect, it } from 'vitest';
import { csvField } from '../../../src/shared/format/csvField';

describe('an exported CSV field', () => {
  it('quotes every text, doubling its quotes; numbers and nothing stay bare', () => {
    expect(csvField('plain')).toBe('"plain"');
    expect(csvField('say "hi", twice')).toBe('"say ""hi"", twice"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(42)).toBe('42');
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('defuses a formula at the start of the text', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvField('+44 20')).toBe(`"'+44 20"`);
    expect(csvField('-1')).toBe(`"'-1"`);
    expect(csvField('\t=1')).toBe(`"'\t=1"`);
  });

  it('defuses a formula after a semicolon or a comma, where a spreadsheet may start a cell', () => {
    expect(csvField('Notes;=HYPERLINK("https://evil.example")')).toBe(`"'Notes;=HYPERLINK(""https://evil.example"")"`);
    expect(csvField('a; =1+1')).toBe(`"'a; =1+1"`);
    expect(csvField('a,@cmd')).toBe(`"'a,@cmd"`);
  });

  it('leaves ordinary text alone', () => {
    for (const text of ['Jean-Luc Picard', 'A & E - minor injuries', 'e-mail: a@b.example', '2026-10-05', 'x = y']) {
      expect(csvField(text)).toBe(`"${text}"`);
    }
  });
});
