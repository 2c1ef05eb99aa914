/**
 * Type guards for values whose type is not known: parsed JSON, caught errors, messages from
 * another context. They narrow by looking at the value, where a cast would only assert. Use a zod
 * schema of the contract instead where the whole shape matters.
 */

/** A non-null object (an array too): its properties can be read as `unknown`. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The strings of `value` if it is an array (its other items left out), else none. */
export function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** Whether `value` is one of `values`, e.g. a string from outside checked against a literal union. */
export function isOneOf<const T>(values: readonly T[], value: unknown): value is T {
  return values.some((candidate) => candidate === value);
}

/** The `code` of an error (Node's `ENOENT`, PostgreSQL's `57P01`, Firebase's `messaging/…`), if it has a string one. */
export function errorCode(error: unknown): string | undefined {
  return isRecord(error) && typeof error.code === 'string' ? error.code : undefined;
}

/**
 * The value, or an error naming what is missing: for a value the code has just made sure of, such
 * as a row read back in the transaction that wrote it, where a `!` would only assert.
 */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what} is missing.`);
  return value;
}
