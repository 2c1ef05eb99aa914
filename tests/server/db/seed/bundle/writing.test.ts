import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from '../../../../../src/server/db/seed/bundle/csv.js';
import { offsetFormatter } from '../../../../../src/server/db/seed/bundle/offsetTime.js';
import { parseCsv } from './bundleTestKit.js';

describe('csvLine', () => {
  it('quotes only fields that need it, doubles quotes, joins lists, and reads back as written', () => {
    const values = ['plain', 'a, b', 'say "hi"', 'two\nlines', 'cr\rhere', '', ' spaced '];
    const line = csvLine([...values, ['t1', 't2'], 3.5, true, null]);
    expect(line).toBe('plain,"a, b","say ""hi""","two\nlines","cr\rhere",, spaced ,"t1,t2",3.5,true,\r\n');
    const { columns } = parseCsv(line);
    expect(columns).toEqual([...values, 't1,t2', '3.5', 'true', '']);
    expect(csvField([])).toBe('');
  });
});

describe('offsetFormatter', () => {
  it('writes the wall-clock time and the zone\'s offset at the instant, either side of a change', () => {
    const london = offsetFormatter('Europe/London');
    expect(london(new Date('2026-10-25T00:59:00Z'))).toBe('2026-10-25T01:59:00+01:00');
    expect(london(new Date('2026-10-25T01:00:00Z'))).toBe('2026-10-25T01:00:00+00:00');
    expect(london(new Date('2026-03-29T01:00:00Z'))).toBe('2026-03-29T02:00:00+01:00');
    // A second instant in a quarter hour already seen takes the remembered offset.
    expect(london(new Date('2026-10-25T01:14:59Z'))).toBe('2026-10-25T01:14:59+00:00');
  });

  it('handles offsets west of UTC and in half hours', () => {
    expect(offsetFormatter('America/St_Johns')(new Date('2026-01-15T12:00:00Z'))).toBe('2026-01-15T08:30:00-03:30');
    expect(offsetFormatter('Asia/Kolkata')(new Date('2026-01-15T12:00:00Z'))).toBe('2026-01-15T17:30:00+05:30');
    expect(offsetFormatter('UTC')(new Date('2026-01-15T12:00:00Z'))).toBe('2026-01-15T12:00:00+00:00');
  });
});
