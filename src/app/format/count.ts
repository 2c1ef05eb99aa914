const numberFormat = new Intl.NumberFormat('en-GB');

/** A whole number as the app writes it: 2,340. */
export const formatCount = (value: number): string => numberFormat.format(value);

/** A count and its noun: '1 person', '2,340 people'. */
export const countOf = (value: number, one: string, many: string): string => `${formatCount(value)} ${value === 1 ? one : many}`;
