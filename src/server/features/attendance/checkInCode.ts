import { createHmac, timingSafeEqual } from 'node:crypto';
import { checkInCode } from '../../../shared/rules/checkInCode.js';

/*
 * The check-in code's arithmetic (issue 31 §5), pure: no database, no clock of its own. Time is
 * cut into windows of 30 s counted from the epoch; window w shows the code HMAC-SHA256(secret, w),
 * truncated to six digits as HOTP does (RFC 4226 §5.3). A code is accepted in its own window and
 * the next two: 90 s from when it first shows. Every instance with the class's secret and a
 * clock derives the same code, so nothing else is shared.
 */

const windowsAccepted = checkInCode.acceptedMs / checkInCode.windowMs;
const modulus = 10 ** checkInCode.digits;

/** The window `nowMs` falls in. */
export function checkInWindowOf(nowMs: number): number {
  return Math.floor(nowMs / checkInCode.windowMs);
}

/** When window `window` starts (epoch ms). */
export function checkInWindowStartMs(window: number): number {
  return window * checkInCode.windowMs;
}

/** The code of one window under a class's secret: six digits, leading zeros kept. */
export function checkInCodeFor(secret: Uint8Array, window: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(window));
  const mac = createHmac('sha256', secret).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const truncated = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(truncated % modulus).padStart(checkInCode.digits, '0');
}

/** The code to show now, and when it changes (the next window) and stops being accepted. */
export interface ShownCheckInCode {
  readonly code: string;
  readonly shownFromMs: number;
  readonly changesAtMs: number;
  readonly acceptedUntilMs: number;
}

export function shownCheckInCode(secret: Uint8Array, nowMs: number): ShownCheckInCode {
  const window = checkInWindowOf(nowMs);
  const shownFromMs = checkInWindowStartMs(window);
  return {
    code: checkInCodeFor(secret, window),
    shownFromMs,
    changesAtMs: checkInWindowStartMs(window + 1),
    acceptedUntilMs: shownFromMs + checkInCode.acceptedMs,
  };
}

/** `accepted`; `expired`: the code of an earlier window since `shownSinceMs`; else `wrong`. */
export type CheckInCodeVerdict = 'accepted' | 'expired' | 'wrong';

const sameCode = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Judges a typed code (already normalised) at `nowMs`. Accepted: the code of the current window or
 * of one of the two before it. Expired: the code of an older window no earlier than `shownSinceMs`
 * (when registration opened: no code of the class was shown before), so the message can say the
 * code is old rather than wrong. Anything else, a malformed text included, is wrong.
 */
export function judgeCheckInCode(secret: Uint8Array, typed: string, nowMs: number, shownSinceMs: number): CheckInCodeVerdict {
  if (!new RegExp(`^\\d{${checkInCode.digits}}$`).test(typed)) return 'wrong';
  const current = checkInWindowOf(nowMs);
  for (let window = current; window > current - windowsAccepted; window -= 1) {
    if (sameCode(checkInCodeFor(secret, window), typed)) return 'accepted';
  }
  const oldest = Math.max(checkInWindowOf(shownSinceMs), current - 240); // two hours back at most
  for (let window = current - windowsAccepted; window >= oldest; window -= 1) {
    if (sameCode(checkInCodeFor(secret, window), typed)) return 'expired';
  }
  return 'wrong';
}
