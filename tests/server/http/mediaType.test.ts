import { describe, expect, it } from 'vitest';
import { preferredMediaType } from '../../../src/server/http/mediaType.js';

const offered = ['application/json', 'text/csv'] as const;

describe('preferredMediaType', () => {
  it('answers the first offer to a client that names no preference', () => {
    expect(preferredMediaType(undefined, offered)).toBe('application/json');
    expect(preferredMediaType('', offered)).toBe('application/json');
    expect(preferredMediaType('*/*', offered)).toBe('application/json');
  });

  it('follows the type named, its wildcard, and q weights', () => {
    expect(preferredMediaType('text/csv', offered)).toBe('text/csv');
    expect(preferredMediaType('text/*', offered)).toBe('text/csv');
    expect(preferredMediaType('application/json;q=0.4, text/csv;q=0.9', offered)).toBe('text/csv');
    expect(preferredMediaType('TEXT/CSV ; q=1', offered)).toBe('text/csv');
  });

  it('lets a specific range outrank a wildcard, and q=0 refuse', () => {
    expect(preferredMediaType('*/*, application/json;q=0', offered)).toBe('text/csv');
    expect(preferredMediaType('text/html', offered)).toBeUndefined();
    expect(preferredMediaType('text/csv;q=0', offered)).toBeUndefined();
  });
});
