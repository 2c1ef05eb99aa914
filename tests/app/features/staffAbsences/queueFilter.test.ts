import { describe, expect, it } from 'vitest';
import { activeFilterCount, readQueueFilter, toApiQuery, writeQueueFilter } from '../../../../src/app/features/staffAbsences/queueFilter';
import { waitingFor, wallClockLabel } from '../../../../src/app/features/staffAbsences/waitingTime';

describe('the review queue filter in the URL', () => {
  it('defaults to the statuses waiting for a reviewer, page 1 of 20', () => {
    const filter = readQueueFilter(new URLSearchParams());
    expect(filter).toMatchObject({ statuses: ['Pending', 'AwaitingEvidence', 'PendingCancellation'], page: 1, pageSize: 20, student: '' });
    expect(writeQueueFilter(filter).toString()).toBe('');
  });

  it('reads back what it writes, and ignores what it cannot use', () => {
    const search = new URLSearchParams('status=Approved&status=Nonsense&student=liam&module=CS2041&page=3&pageSize=999&category=4&from=2025-10-01');
    const filter = readQueueFilter(search);
    expect(filter).toMatchObject({ statuses: ['Approved'], student: 'liam', module: 'CS2041', page: 3, pageSize: 20, category: '4', from: '2025-10-01', to: '' });
    expect(readQueueFilter(writeQueueFilter(filter))).toEqual(filter);
    expect(toApiQuery(filter)).toEqual({ status: ['Approved'], page: '3', pageSize: '20', student: 'liam', module: 'CS2041', category: '4', from: '2025-10-01' });
  });
});

describe('waiting times', () => {
  const now = Date.parse('2025-11-10T12:00:00Z');
  it('says how long in the largest whole unit', () => {
    expect(waitingFor('2025-11-07T11:00:00+00:00', now)).toBe('3 days');
    expect(waitingFor('2025-11-10T11:00:00+00:00', now)).toBe('1 hour');
    expect(waitingFor('2025-11-10T11:58:00+00:00', now)).toBe('2 minutes');
    expect(waitingFor('2025-11-10T12:00:30+00:00', now)).toBe('just now');
  });

  it('shows the wall clock a London time carries', () => {
    expect(wallClockLabel('2025-10-13T09:05:00+01:00')).toBe('13/10/2025 09:05');
  });
});

describe('the phone’s Filters (n) count', () => {
  it('counts the statuses when not the default set, and each field filled in', () => {
    expect(activeFilterCount(readQueueFilter(new URLSearchParams()))).toBe(0);
    expect(activeFilterCount(readQueueFilter(new URLSearchParams('student=liam&module=CS2041')))).toBe(2);
    expect(activeFilterCount(readQueueFilter(new URLSearchParams('status=Approved&from=2026-10-01&to=2026-10-31&page=3')))).toBe(3);
  });
});
