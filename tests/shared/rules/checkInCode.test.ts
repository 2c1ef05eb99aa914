import { describe, expect, it } from 'vitest';
import { checkInCodeFromScan, isCheckInCodeShaped, normaliseCheckInCode, spacedCheckInCode } from '../../../src/shared/rules/checkInCode';

describe('check-in code text', () => {
  it('reads what a student types, spaces and dashes dropped', () => {
    expect(normaliseCheckInCode(' 482 913 ')).toBe('482913');
    expect(normaliseCheckInCode('482-913')).toBe('482913');
    expect(isCheckInCodeShaped('482913')).toBe(true);
    expect(isCheckInCodeShaped('48291')).toBe(false);
    expect(isCheckInCodeShaped('4829134')).toBe(false);
    expect(isCheckInCodeShaped('48291a')).toBe(false);
  });

  it('finds the six digits in a scanned QR code', () => {
    expect(checkInCodeFromScan('482913')).toBe('482913');
    expect(checkInCodeFromScan('code: 048291.')).toBe('048291');
    expect(checkInCodeFromScan('1234567')).toBeUndefined();
    expect(checkInCodeFromScan('no code')).toBeUndefined();
  });

  it('spaces a code for the projector', () => {
    expect(spacedCheckInCode('048291')).toBe('048 291');
  });
});
