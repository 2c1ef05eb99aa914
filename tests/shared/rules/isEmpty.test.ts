import { describe, expect, it } from 'vitest';
import { isEmpty } from '../../../src/shared/rules/isEmpty';

describe('isEmpty', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an empty string', ''],
    ['a blank string', ' \t\n'],
    ['NaN', Number.NaN],
    ['an invalid date', new Date('nope')],
    ['an empty array', []],
    ['an empty set', new Set()],
    ['an empty map', new Map()],
    ['an empty object', {}],
    ['an object without a prototype', Object.create(null) as object],
  ])('treats %s as empty', (_name, value) => {
    expect(isEmpty(value)).toBe(true);
  });

  it.each([
    ['zero', 0],
    ['false', false],
    ['a string', 'a'],
    ['a valid date', new Date(0)],
    ['an array', [undefined]],
    ['a set', new Set([1])],
    ['a map', new Map([[1, 1]])],
    ['an object', { a: undefined }],
    ['a function', () => undefined],
    ['a class instance', new URL('https://example.com')],
  ])('treats %s as not empty', (_name, value) => {
    expect(isEmpty(value)).toBe(false);
  });
});
