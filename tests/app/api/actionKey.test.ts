import { describe, expect, it } from 'vitest';
import { ActionKey, newIdempotencyKey } from '../../../src/app/api/actionKey';

describe('newIdempotencyKey', () => {
  it('makes a random key the server accepts (printable ASCII, at most 100 characters)', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[\x21-\x7e]{1,100}$/);
  });
});

describe('ActionKey', () => {
  it('keeps one key for every retry of an action, and makes a new one after it finished', () => {
    let made = 0;
    const action = new ActionKey(() => `key-${(made += 1)}`);
    expect(action.current()).toBe('key-1');
    // Pressed again after a network error: the same action, the same key.
    expect(action.current()).toBe('key-1');
    action.finish();
    expect(action.current()).toBe('key-2');
    expect(made).toBe(2);
  });
});
