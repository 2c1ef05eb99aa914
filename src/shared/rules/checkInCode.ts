/**
 * Proof of presence at check-in (issue 31 §5): the code a lecturer projects. Shared by the server
 * (which derives and checks codes) and the lazily loaded screens that show or take one. Never
 * imported by the timetable's or home page's first paint.
 */
export const checkInCode = {
  /** Digits in a code. */
  digits: 6,
  /** A new code every window. */
  windowMs: 30_000,
  /** A code is accepted this long from when it first shows: its own window and the two after it. */
  acceptedMs: 90_000,
  /** Wrong or expired codes a student may send for one class before they are refused outright. */
  maxWrongAttempts: 10,
  /** The longest text kept (as evidence) of what a student typed. */
  maxTypedLength: 16,
} as const;

/** The field a refused or missing code is filed under (SPEC §8 errors map). */
export const checkInCodeField = 'checkInCode';

/** What a student typed, as the digits to check: spaces and dashes ("482 913", "482-913") dropped. */
export function normaliseCheckInCode(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

/** Whether the normalised text has the shape of a code (six digits). */
export function isCheckInCodeShaped(code: string): boolean {
  return new RegExp(`^\\d{${checkInCode.digits}}$`).test(code);
}

/** The first six-digit run in a scanned QR code's text, or undefined. */
export function checkInCodeFromScan(text: string): string | undefined {
  return new RegExp(`(?<!\\d)\\d{${checkInCode.digits}}(?!\\d)`).exec(text)?.[0];
}

/** '482913' → '482 913': easier to read from the back of a lecture hall. */
export function spacedCheckInCode(code: string): string {
  return `${code.slice(0, 3)} ${code.slice(3)}`;
}
