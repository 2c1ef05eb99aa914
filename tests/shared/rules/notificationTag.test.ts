import { describe, expect, it } from 'vitest';
import { notificationTag } from '../../../src/shared/rules/notificationTag';

/** RFC 8030 §5.4: a Topic is at most 32 characters of the URL-safe base64 alphabet. */
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

describe('notificationTag', () => {
  it('names a notification by its row id', () => {
    expect(notificationTag(9)).toBe('notification-9');
  });

  it('is a valid Web Push topic for every row id, the largest included', () => {
    for (const rowId of [1, 2_147_483_647, Number.MAX_SAFE_INTEGER]) expect(notificationTag(rowId)).toMatch(TOPIC);
  });

  it('refuses what is not a row id', () => {
    for (const rowId of [0, -1, 1.5, Number.NaN]) expect(() => notificationTag(rowId)).toThrow(RangeError);
  });
});
