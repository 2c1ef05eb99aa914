/**
 * Instants written as the bundle wants them: the wall-clock time in the university's zone and
 * that zone's offset at the instant, e.g. `2026-10-05T09:00:00+01:00` (summer) or
 * `2026-11-02T09:00:00+00:00` (winter). A large timetable has a few hundred thousand of them, so
 * the offset is looked up once per quarter of an hour (no zone changes its offset between
 * quarter hours) and kept for the next instant in that quarter.
 */

const QUARTER_HOUR_MS = 15 * 60_000;

export type InstantFormatter = (instant: Date) => string;

const two = (n: number): string => String(n).padStart(2, '0');

export function offsetFormatter(timeZone: string): InstantFormatter {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  });
  const offsets = new Map<number, number>();

  /** Minutes east of UTC in the zone at the instant. */
  const offsetMinutesAt = (ms: number): number => {
    const quarter = Math.floor(ms / QUARTER_HOUR_MS);
    const known = offsets.get(quarter);
    if (known !== undefined) return known;
    const field: Record<string, number> = {};
    for (const part of parts.formatToParts(new Date(quarter * QUARTER_HOUR_MS))) field[part.type] = Number(part.value);
    const wallAsUtc = Date.UTC(field.year ?? 0, (field.month ?? 1) - 1, field.day ?? 1, field.hour ?? 0, field.minute ?? 0, field.second ?? 0);
    const minutes = Math.round((wallAsUtc - quarter * QUARTER_HOUR_MS) / 60_000);
    offsets.set(quarter, minutes);
    return minutes;
  };

  return (instant) => {
    const ms = instant.getTime();
    if (!Number.isFinite(ms)) throw new RangeError('An event time must be a valid instant.');
    const offset = offsetMinutesAt(ms);
    const wall = new Date(Math.floor(ms / 1000) * 1000 + offset * 60_000).toISOString().slice(0, 19);
    const sign = offset < 0 ? '-' : '+';
    const size = Math.abs(offset);
    return `${wall}${sign}${two(Math.floor(size / 60))}:${two(size % 60)}`;
  };
}
