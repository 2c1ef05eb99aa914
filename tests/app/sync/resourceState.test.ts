import { describe, expect, it } from 'vitest';
import { formatUpdatedTime } from '../../../src/app/sync/UpdatedAt';
import { toResourceState } from '../../../src/app/sync/useResource';
import type { ResourceRow } from '../../../src/app/db/schema';

const row: ResourceRow = { key: 'profile', value: { a: 1 }, etag: null, fetchedAt: 5, isPending: true, isStale: false, version: 1 };
const idle = { isFetching: false, error: undefined };
const fetching = { isFetching: true, error: undefined };

describe('useResource state', () => {
  it('shows the cached value, its time and its pending mark', () => {
    expect(toResourceState(row, fetching)).toEqual({ data: { a: 1 }, fetchedAt: 5, isPending: true, isLoading: false, error: undefined, hasSettled: false, isPartial: false, version: 1 });
  });

  it('is loading while the cache is read, or while nothing is cached and a fetch is under way', () => {
    expect(toResourceState('loading', idle).isLoading).toBe(true);
    expect(toResourceState(null, fetching).isLoading).toBe(true);
    expect(toResourceState(null, idle)).toEqual({ data: undefined, fetchedAt: undefined, isPending: false, isLoading: false, error: undefined, hasSettled: false, isPartial: false, version: 0 });
  });
});

describe('a check that ended with nothing to show', () => {
  it('says it has settled, so a layout hold stops waiting for it', () => {
    expect(toResourceState(null, { isFetching: false, error: undefined, hasSettled: true }).hasSettled).toBe(true);
  });
});

describe('"Updated HH:mm"', () => {
  it('uses the 24-hour clock', () => {
    expect(formatUpdatedTime(new Date(2030, 0, 1, 9, 5).getTime())).toBe('09:05');
    expect(formatUpdatedTime(new Date(2030, 0, 1, 21, 30).getTime())).toBe('21:30');
  });
});
