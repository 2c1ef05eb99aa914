import { describe, expect, it } from 'vitest';
import { emailBreakParts } from '../../../../src/app/ui/email/emailBreaks';

describe('emailBreakParts', () => {
  it('cuts after the @ and after each dot', () => {
    expect(emailBreakParts('lecturer@campus.example.ac.uk')).toEqual(['lecturer@', 'campus.', 'example.', 'ac.', 'uk']);
  });

  it('keeps the address whole when joined, dots in the local part included', () => {
    const address = 'helen.marsh@campus.example.ac.uk';
    expect(emailBreakParts(address)).toEqual(['helen.', 'marsh@', 'campus.', 'example.', 'ac.', 'uk']);
    expect(emailBreakParts(address).join('')).toBe(address);
  });

  it('leaves text without @ or dots in one part, and nothing as nothing', () => {
    expect(emailBreakParts('localhost')).toEqual(['localhost']);
    expect(emailBreakParts('')).toEqual([]);
  });
});
