import { describe, expect, it } from 'vitest';
import { maxRowId, parseRowId } from '../../../src/shared/contract/common';

describe('parseRowId, the one reading of a row id written as text', () => {
  it('reads canonical decimal digits from 1 to 2^31 − 1', () => {
    expect(parseRowId('1')).toBe(1);
    expect(parseRowId('31')).toBe(31);
    expect(parseRowId(String(maxRowId))).toBe(2_147_483_647);
  });

  it.each(['', '0', '031', '0x1F', ' 31', '31 ', '+31', '-1', '1e3', '31.0', '2147483648', '99999999999'])(
    'refuses %j rather than guessing a number',
    (text) => expect(parseRowId(text)).toBeUndefined(),
  );

  it('refuses anything that is not text', () => {
    expect(parseRowId(31)).toBeUndefined();
    expect(parseRowId(undefined)).toBeUndefined();
    expect(parseRowId(['31'])).toBeUndefined();
  });
});
