/**
 * How much of a bundle the reader will look at. The defaults suit a large university's nightly
 * export (a few hundred thousand enrolments); tests pass smaller numbers to reach the edges.
 */
export interface BundleLimits {
  /** Entries in the zip, folders and ignored files included. */
  readonly maxEntries: number;
  /** Bytes one entry may unpack to, as declared and as actually inflated. */
  readonly maxEntryBytes: number;
  /** Unpacked bytes per compressed byte (see `ratioFloorBytes`). */
  readonly maxRatio: number;
  /** Rows handed to the sink at a time. */
  readonly batchSize: number;
  /** Errors kept, and separately warnings kept; the rest are only counted. */
  readonly maxProblems: number;
}

export const defaultBundleLimits: BundleLimits = {
  maxEntries: 64,
  maxEntryBytes: 2 * 1024 ** 3,
  maxRatio: 100,
  batchSize: 1000,
  maxProblems: 1000,
};

/**
 * The ratio applies only once an entry unpacks to more than this. A small file of repetitive
 * rows can compress far beyond 100 to 1 and is harmless; a bomb is only a bomb when it is large.
 */
export const ratioFloorBytes = 1024 * 1024;

export function resolveBundleLimits(overrides: Partial<BundleLimits> = {}): BundleLimits {
  const limits = { ...defaultBundleLimits, ...overrides };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`Bundle limit ${name} must be a positive whole number, not ${value}`);
  }
  return limits;
}
