import { describe, expect, it } from 'vitest';
import { likePattern } from '../../../src/server/db/likePattern.js';

describe('likePattern', () => {
  it('matches the text anywhere, or at the start', () => {
    expect(likePattern('Chen')).toBe('%Chen%');
    expect(likePattern('admin.', 'prefix')).toBe('admin.%');
  });

  it('escapes the characters LIKE treats specially, so they match themselves', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
