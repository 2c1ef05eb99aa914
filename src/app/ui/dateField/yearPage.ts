/** SPEC §9: the calendar's year page shows 20 years. */
export const yearPageSize = 20;

export interface YearPage {
  /** The first and last year shown. */
  readonly first: number;
  readonly last: number;
  /** Whether the arrows may go to the page before or after (it holds a year within the bounds). */
  readonly hasPrevious: boolean;
  readonly hasNext: boolean;
}

/**
 * The page of 20 years that holds `year`, pages starting at multiples of 20 (2020–2039). `minYear`
 * and `maxYear` (either may be absent) bound it: the arrows stop at the pages that still hold an
 * allowed year.
 */
export function yearPageOf(year: number, minYear?: number, maxYear?: number): YearPage {
  const first = Math.floor(year / yearPageSize) * yearPageSize;
  const last = first + yearPageSize - 1;
  return {
    first,
    last,
    hasPrevious: minYear === undefined || minYear < first,
    hasNext: maxYear === undefined || maxYear > last,
  };
}

/** The years of a page, in order. */
export function yearsOf(page: YearPage): number[] {
  return Array.from({ length: page.last - page.first + 1 }, (_, index) => page.first + index);
}

/** Whether a year may be picked: within the bounds (either may be absent). */
export function isYearAllowed(year: number, minYear?: number, maxYear?: number): boolean {
  return (minYear === undefined || year >= minYear) && (maxYear === undefined || year <= maxYear);
}
