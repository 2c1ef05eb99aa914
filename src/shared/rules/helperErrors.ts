/** SPEC §8 helper errors, thrown by helpers given a parameter of the wrong kind. */
export const helperErrorMessages = {
  notString: 'The supplied parameter is not a string',
  notObject: 'The supplied parameter is not an object',
} as const;

export function assertString(value: unknown): asserts value is string {
  if (typeof value !== 'string') throw new TypeError(helperErrorMessages.notString);
}

/** Accepts any non-null, non-array object. */
export function assertObject(value: unknown): asserts value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(helperErrorMessages.notObject);
  }
}
