import { describe, expect, it } from 'vitest';
import { assertObject, assertString } from '../../../src/shared/rules/helperErrors';

describe('helper errors', () => {
  it('asserts strings with the SPEC §8 message', () => {
    expect(() => assertString('x')).not.toThrow();
    expect(() => assertString(3)).toThrow(new TypeError('The supplied parameter is not a string'));
    expect(() => assertString(null)).toThrow(TypeError);
  });

  it('asserts objects with the SPEC §8 message', () => {
    expect(() => assertObject({})).not.toThrow();
    for (const value of [null, undefined, 'x', 1, []]) {
      expect(() => assertObject(value)).toThrow(
        new TypeError('The supplied parameter is not an object'),
      );
    }
  });
});
