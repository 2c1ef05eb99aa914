import { describe, expect, it } from 'vitest';
import {
  checkDateText,
  checkIsoDate,
  dateFormatMessage,
  formatDisplayDate,
  isIsoDate,
  isWithinRange,
  maskDateInput,
  parseDisplayDate,
  rangeMessage,
} from '../../../../src/app/ui/dateField/dateText';

describe('the ##/##/#### mask', () => {
  it('inserts the slashes as the digits are typed', () => {
    const typed = '05092025';
    const shown = [...typed].map((_, index) => maskDateInput(typed.slice(0, index + 1)));
    expect(shown).toEqual(['0', '05', '05/0', '05/09', '05/09/2', '05/09/20', '05/09/202', '05/09/2025']);
  });

  it('keeps a slash the user typed, pads a single digit before it, and lets backspace remove it', () => {
    expect(maskDateInput('05/')).toBe('05/');
    expect(maskDateInput('5/')).toBe('05/');
    // Typed key by key, each key added to what the field shows.
    const shown: string[] = [];
    for (const key of '5/9/2025') shown.push(maskDateInput((shown.at(-1) ?? '') + key));
    expect(shown).toEqual([
      '5', '05/', '05/9', '05/09/', '05/09/2', '05/09/20', '05/09/202', '05/09/2025',
    ]);
    expect(maskDateInput('05/0')).toBe('05/0');
    expect(maskDateInput('05')).toBe('05');
  });

  it('leaves the text as it is after an edit in the middle, so the next digit lands under the caret', () => {
    // '15/10/2025' with the month's 0 deleted, then 1 typed there: November, not January.
    expect(maskDateInput('15/1/2025')).toBe('15/1/2025');
    expect(maskDateInput('15/11/2025')).toBe('15/11/2025');
    // The day's first digit deleted.
    expect(maskDateInput('5/10/2025')).toBe('5/10/2025');
  });

  it('drops letters, stray separators and digits beyond the year', () => {
    expect(maskDateInput('ab0c5x09/20256789')).toBe('05/09/2025');
    expect(maskDateInput('/05')).toBe('05');
    expect(maskDateInput('05/09/2025/')).toBe('05/09/2025');
  });

  it('accepts dashes, dots and spaces for slashes', () => {
    expect(maskDateInput('05-09-2025')).toBe('05/09/2025');
    expect(maskDateInput('05.09.2025')).toBe('05/09/2025');
    expect(maskDateInput('5 9 2025')).toBe('5/9/2025');
    expect(maskDateInput('5-')).toBe('05/');
  });

  it('turns a pasted ISO date round', () => {
    expect(maskDateInput('2025-09-05')).toBe('05/09/2025');
  });

  it('leaves an already masked date alone', () => {
    expect(maskDateInput('31/12/2025')).toBe('31/12/2025');
  });
});

describe('DD/MM/YYYY and ISO', () => {
  it('parses real dates to ISO', () => {
    expect(parseDisplayDate('05/09/2025')).toBe('2025-09-05');
    expect(parseDisplayDate('29/02/2024')).toBe('2024-02-29');
    expect(parseDisplayDate(' 31/12/2025 ')).toBe('2025-12-31');
  });

  it('takes a day or month that lost its leading zero', () => {
    expect(parseDisplayDate('5/9/2025')).toBe('2025-09-05');
    expect(parseDisplayDate('15/1/2025')).toBe('2025-01-15');
    expect(checkDateText('1/10/2025', { min: '2025-09-01' })).toEqual({ value: '2025-10-01' });
  });

  it('refuses impossible and incomplete dates', () => {
    for (const text of ['29/02/2025', '31/04/2026', '00/01/2026', '12/13/2026', '12/00/2026', '05/09/202', '05/09', '', '01/01/0999', '2025-09-05', '123/1/2025', '1/1/25']) {
      expect(parseDisplayDate(text), text).toBeNull();
    }
  });

  it('formats ISO dates for display, and nothing for anything else', () => {
    expect(formatDisplayDate('2025-09-05')).toBe('05/09/2025');
    expect(formatDisplayDate(null)).toBe('');
    expect(formatDisplayDate('5/9/2025')).toBe('');
  });

  it('recognises real ISO dates only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-9-5')).toBe(false);
  });

  it('round-trips every day of a leap year', () => {
    const day = new Date(Date.UTC(2024, 0, 1));
    while (day.getUTCFullYear() === 2024) {
      const iso = day.toISOString().slice(0, 10);
      expect(parseDisplayDate(formatDisplayDate(iso))).toBe(iso);
      day.setUTCDate(day.getUTCDate() + 1);
    }
  });
});

describe('the inclusive range', () => {
  const range = { min: '2025-09-01', max: '2026-08-31' };

  it('includes both bounds and nothing beyond them', () => {
    expect(isWithinRange('2025-09-01', range)).toBe(true);
    expect(isWithinRange('2026-08-31', range)).toBe(true);
    expect(isWithinRange('2025-08-31', range)).toBe(false);
    expect(isWithinRange('2026-09-01', range)).toBe(false);
  });

  it('does not limit on a missing bound', () => {
    expect(isWithinRange('1999-01-01', { max: '2026-08-31' })).toBe(true);
    expect(isWithinRange('2099-01-01', { min: '2025-09-01', max: null })).toBe(true);
    expect(isWithinRange('2099-01-01', {})).toBe(true);
  });

  it('names the bounds in DD/MM/YYYY', () => {
    expect(rangeMessage(range)).toBe('Choose a date from 01/09/2025 to 31/08/2026.');
    expect(rangeMessage({ min: '2025-09-01' })).toBe('Choose a date on or after 01/09/2025.');
    expect(rangeMessage({ max: '2026-08-31' })).toBe('Choose a date on or before 31/08/2026.');
  });
});

describe('checking on demand', () => {
  const range = { min: '2025-09-01', max: '2026-08-31' };

  it('commits an empty text as no date', () => {
    expect(checkDateText('  ', range)).toEqual({ value: null });
    expect(checkIsoDate('', range)).toEqual({ value: null });
  });

  it('commits a real date within the range as ISO', () => {
    expect(checkDateText('15/10/2025', range)).toEqual({ value: '2025-10-15' });
    expect(checkIsoDate('2025-10-15', range)).toEqual({ value: '2025-10-15' });
  });

  it('explains an impossible or incomplete date', () => {
    expect(checkDateText('31/02/2026', range)).toEqual({ error: dateFormatMessage });
    expect(checkDateText('15/10', range)).toEqual({ error: dateFormatMessage });
    expect(checkIsoDate('2026-02-31', range)).toEqual({ error: dateFormatMessage });
  });

  it('explains a date outside the range', () => {
    expect(checkDateText('31/08/2025', range)).toEqual({ error: 'Choose a date from 01/09/2025 to 31/08/2026.' });
    expect(checkIsoDate('2026-09-01', range)).toEqual({ error: 'Choose a date from 01/09/2025 to 31/08/2026.' });
  });
});
