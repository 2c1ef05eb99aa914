import { describe, expect, it } from 'vitest';
import { errorCode, isOneOf, isRecord } from '../../src/shared/guards';

describe('isRecord', () => {
  it('is true for objects and arrays, false for null and primitives', () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord({ a: 1 })).toBe(true);
    expect(isRecord([])).toBe(true);
    expect(isRecord(new Error('x'))).toBe(true);
    for (const value of [null, undefined, 0, 'text', true, Symbol('s')]) expect(isRecord(value)).toBe(false);
  });
});

describe('isOneOf', () => {
  const sizes = [10, 20, 50] as const;
  const levels = ['info', 'warn'] as const;

  it('accepts exactly the listed values', () => {
    expect(isOneOf(sizes, 20)).toBe(true);
    expect(isOneOf(sizes, 30)).toBe(false);
    expect(isOneOf(sizes, '20')).toBe(false);
    expect(isOneOf(levels, 'warn')).toBe(true);
    expect(isOneOf(levels, 'WARN')).toBe(false);
    expect(isOneOf(levels, undefined)).toBe(false);
  });

  it('narrows to the union of the list', () => {
    const value: string = 'info';
    if (isOneOf(levels, value)) {
      const level: 'info' | 'warn' = value;
      expect(level).toBe('info');
    }
  });
});

describe('errorCode', () => {
  it("is an error's string code", () => {
    expect(errorCode(Object.assign(new Error('gone'), { code: 'ENOENT' }))).toBe('ENOENT');
    expect(errorCode({ code: '57P01' })).toBe('57P01');
  });

  it('is undefined without a string code', () => {
    expect(errorCode(new Error('plain'))).toBeUndefined();
    expect(errorCode({ code: 28 })).toBeUndefined();
    expect(errorCode(null)).toBeUndefined();
    expect(errorCode('ENOENT')).toBeUndefined();
  });
});
