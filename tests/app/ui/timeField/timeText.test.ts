import { describe, expect, it } from 'vitest';
import { checkTimeText, isTime, maskTimeInput, timeFormatMessage } from '../../../../src/app/ui/timeField/timeText';

describe('the ##:## mask', () => {
  it('inserts the colon as the digits are typed', () => {
    const typed = '1530';
    expect([...typed].map((_, index) => maskTimeInput(typed.slice(0, index + 1)))).toEqual(['1', '15', '15:3', '15:30']);
  });

  it('pads a single hour before a typed separator and drops everything else', () => {
    expect(maskTimeInput('9:')).toBe('09:');
    expect(maskTimeInput('9.')).toBe('09:');
    expect(maskTimeInput('09.05')).toBe('09:05');
    expect(maskTimeInput('15:')).toBe('15:');
    expect(maskTimeInput('1a5:3b0999')).toBe('15:30');
  });

  it('leaves the text as it is after an edit in the middle (16:00 with the 6 deleted, then 7 typed)', () => {
    expect(maskTimeInput('1:00')).toBe('1:00');
    expect(maskTimeInput('17:00')).toBe('17:00');
  });
});

describe('24-hour times', () => {
  it('accepts 00:00 to 23:59', () => {
    for (const text of ['00:00', '09:05', '15:00', '16:00', '23:59']) expect(isTime(text), text).toBe(true);
  });

  it('rejects 24:00, 25:00, 12:60, 12:61 and incomplete times', () => {
    for (const text of ['24:00', '25:00', '12:60', '12:61', '9:00', '12:3', '12', '']) expect(isTime(text), text).toBe(false);
  });

  it('checks on demand: empty is no time, a bad time is explained', () => {
    expect(checkTimeText('')).toEqual({ value: '' });
    expect(checkTimeText(' 15:00 ')).toEqual({ value: '15:00' });
    expect(checkTimeText('9:05')).toEqual({ value: '09:05' });
    expect(checkTimeText('123:05')).toEqual({ error: timeFormatMessage });
    expect(checkTimeText('25:00')).toEqual({ error: timeFormatMessage });
    expect(checkTimeText('12:61')).toEqual({ error: timeFormatMessage });
    expect(checkTimeText('12:')).toEqual({ error: timeFormatMessage });
  });
});
