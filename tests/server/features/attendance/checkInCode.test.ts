import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SettableClock } from '../../../../src/server/clock.js';
import {
  checkInCodeFor, checkInWindowOf, checkInWindowStartMs, judgeCheckInCode, shownCheckInCode,
} from '../../../../src/server/features/attendance/checkInCode.js';
import { checkInCode } from '../../../../src/shared/rules/checkInCode.js';

// Issue 31 §5: the code changes every 30 s and is accepted for 90 s from when it first shows.
// Time comes from a frozen SettableClock moved by hand, never from the wall clock.

const secret = Buffer.alloc(32, 7);
const otherSecret = Buffer.alloc(32, 8);
/** 09:00:00 London on a Monday of term: a window boundary (a whole multiple of 30 s). */
const START = Date.parse('2026-10-05T09:00:00+01:00');
const clockAt = (ms: number) => new SettableClock(ms, { frozen: true });

describe('check-in code windows', () => {
  it('cuts time into 30-second windows counted from the epoch', () => {
    const clock = clockAt(START);
    const first = checkInWindowOf(clock.nowMs());
    expect(checkInWindowStartMs(first)).toBe(START);
    clock.advance(29_999);
    expect(checkInWindowOf(clock.nowMs())).toBe(first);
    clock.advance(1);
    expect(checkInWindowOf(clock.nowMs())).toBe(first + 1);
    expect(checkInWindowOf(0)).toBe(0);
    expect(checkInCode.windowMs).toBe(30_000);
    expect(checkInCode.acceptedMs).toBe(90_000);
  });

  it('shows one code for the whole window, then the next one', () => {
    const clock = clockAt(START + 12_000);
    const shown = shownCheckInCode(secret, clock.nowMs());
    expect(shown).toEqual({
      code: checkInCodeFor(secret, checkInWindowOf(START)),
      shownFromMs: START,
      changesAtMs: START + 30_000,
      acceptedUntilMs: START + 90_000,
    });
    clock.advance(17_999); // 09:00:29.999
    expect(shownCheckInCode(secret, clock.nowMs()).code).toBe(shown.code);
    clock.advance(1); // 09:00:30
    const next = shownCheckInCode(secret, clock.nowMs());
    expect(next.shownFromMs).toBe(START + 30_000);
    expect(next.code).toBe(checkInCodeFor(secret, checkInWindowOf(START) + 1));
  });

  it('accepts a code for 90 s from when it first shows, then calls it expired', () => {
    const clock = clockAt(START);
    const { code } = shownCheckInCode(secret, clock.nowMs());
    const opens = START - 10 * 60_000;
    for (const step of [0, 29_999, 1, 30_000, 29_999]) {
      clock.advance(step);
      expect(judgeCheckInCode(secret, code, clock.nowMs(), opens)).toBe('accepted');
    }
    // 09:01:29.999 was the last moment; at 09:01:30 it is 90 s old.
    expect(clock.nowMs()).toBe(START + 89_999);
    clock.advance(1);
    expect(judgeCheckInCode(secret, code, clock.nowMs(), opens)).toBe('expired');
    clock.advance(20 * 60_000);
    expect(judgeCheckInCode(secret, code, clock.nowMs(), opens)).toBe('expired');
  });

  it('does not accept the code of a window still to come', () => {
    const clock = clockAt(START + 5_000);
    const future = checkInCodeFor(secret, checkInWindowOf(clock.nowMs()) + 1);
    expect(future).not.toBe(shownCheckInCode(secret, clock.nowMs()).code);
    expect(judgeCheckInCode(secret, future, clock.nowMs(), START)).toBe('wrong');
  });

  it('calls a code older than registration opening wrong, not expired', () => {
    const clock = clockAt(START);
    const { code } = shownCheckInCode(secret, clock.nowMs());
    clock.advance(5 * 60_000);
    expect(judgeCheckInCode(secret, code, clock.nowMs(), START)).toBe('expired');
    expect(judgeCheckInCode(secret, code, clock.nowMs(), START + 30_000)).toBe('wrong');
  });

  it("refuses another class's code, and anything that is not six digits", () => {
    const now = START + 1_000;
    const window = checkInWindowOf(now);
    const foreign = checkInCodeFor(otherSecret, window);
    if (foreign !== checkInCodeFor(secret, window)) expect(judgeCheckInCode(secret, foreign, now, START)).toBe('wrong');
    const code = checkInCodeFor(secret, window);
    for (const typed of ['', code.slice(1), `${code}0`, ` ${code}`, 'abcdef', '１２３４５６']) {
      expect(judgeCheckInCode(secret, typed, now, START)).toBe('wrong');
    }
  });

  it('is six digits, leading zeros kept, and the HOTP truncation of HMAC-SHA256 of the window', () => {
    const codes = new Set<string>();
    for (let window = 0; window < 2_000; window += 1) {
      const code = checkInCodeFor(secret, window);
      expect(code).toMatch(/^\d{6}$/);
      codes.add(code);
    }
    expect(codes.size).toBeGreaterThan(1_990); // practically every window has its own code
    // Recomputed by hand for one window (RFC 4226 §5.3 over the 8-byte big-endian counter).
    const window = checkInWindowOf(START);
    const counter = Buffer.alloc(8);
    counter.writeBigUInt64BE(BigInt(window));
    const mac = createHmac('sha256', secret).update(counter).digest();
    const offset = mac[31]! & 0x0f;
    const expected = String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
    expect(checkInCodeFor(secret, window)).toBe(expected);
    // Same secret and window: the same code on every instance; another secret: another code.
    expect(checkInCodeFor(Buffer.from(secret), window)).toBe(expected);
  });
});
