import { describe, expect, it } from 'vitest';
import type { AbsenceStatus } from '../../../../src/shared/contract/absences';
import { openOverlaps, spansOverlap, type OverlapCandidate } from '../../../../src/shared/rules/absences';

const span = (start: string, end: string) => ({ start, end });

function request(rowId: number, absenceStart: string, absenceEnd: string, absenceStatus: AbsenceStatus = 'Pending'): OverlapCandidate {
  return { rowId, absenceStart, absenceEnd, absenceStatus };
}

describe('spansOverlap', () => {
  const tuesday = span('2026-11-03T09:00:00', '2026-11-03T17:00:00');

  it.each([
    ['the same span', span('2026-11-03T09:00:00', '2026-11-03T17:00:00'), true],
    ['one inside the other', span('2026-11-03T10:00:00', '2026-11-03T11:00:00'), true],
    ['one around the other', span('2026-11-02T00:00:00', '2026-11-05T00:00:00'), true],
    ['the start inside', span('2026-11-03T16:00:00', '2026-11-04T10:00:00'), true],
    ['the end inside', span('2026-11-02T10:00:00', '2026-11-03T09:01:00'), true],
    ['ending as it starts', span('2026-11-03T08:00:00', '2026-11-03T09:00:00'), false],
    ['starting as it ends', span('2026-11-03T17:00:00', '2026-11-03T18:00:00'), false],
    ['another day', span('2026-11-04T09:00:00', '2026-11-04T17:00:00'), false],
    ['a reversed span across it', span('2026-11-03T18:00:00', '2026-11-03T08:00:00'), false],
    ['an empty span inside it', span('2026-11-03T12:00:00', '2026-11-03T12:00:00'), false],
  ])('%s: %s', (_, other, expected) => {
    expect(spansOverlap(tuesday, other)).toBe(expected);
    expect(spansOverlap(other, tuesday)).toBe(expected);
  });

  it('takes epoch milliseconds and Dates as well', () => {
    expect(spansOverlap({ start: 0, end: 10 }, { start: 9, end: 20 })).toBe(true);
    expect(spansOverlap({ start: 0, end: 10 }, { start: 10, end: 20 })).toBe(false);
    const at = (iso: string) => new Date(iso);
    expect(spansOverlap({ start: at('2026-11-03T09:00Z'), end: at('2026-11-03T10:00Z') }, { start: at('2026-11-03T09:30Z'), end: at('2026-11-03T11:00Z') })).toBe(true);
  });
});

describe('openOverlaps', () => {
  const entered = span('2026-11-03T00:00:00', '2026-11-06T00:00:00'); // 3 to 5 November, all day

  it('finds the open requests (Pending, AwaitingEvidence) the span overlaps, earliest first', () => {
    const requests = [
      request(5, '2026-11-05T10:00:00+00:00', '2026-11-05T14:00:00+00:00', 'AwaitingEvidence'),
      request(4, '2026-11-02T15:00:00+00:00', '2026-11-03T10:00:00+00:00'),
      request(3, '2026-11-09T00:00:00+00:00', '2026-11-10T00:00:00+00:00'),
    ];
    expect(openOverlaps(entered, requests)).toEqual([
      { request: requests[1], isExact: false },
      { request: requests[0], isExact: false },
    ]);
  });

  it.each<AbsenceStatus>(['Approved', 'Denied', 'Cancelled', 'PendingCancellation'])('leaves out a %s request: it is not open', (status) => {
    expect(openOverlaps(entered, [request(1, '2026-11-04T00:00:00+00:00', '2026-11-05T00:00:00+00:00', status)])).toEqual([]);
  });

  it('marks a request for exactly the span, comparing the London wall clock, not the offset', () => {
    const same = request(8, '2026-11-03T00:00:00+00:00', '2026-11-06T00:00:00+00:00');
    expect(openOverlaps(entered, [same])).toEqual([{ request: same, isExact: true }]);
    const summer = request(9, '2026-06-10T15:00:00+01:00', '2026-06-10T16:00:00+01:00');
    expect(openOverlaps(span('2026-06-10T15:00:00', '2026-06-10T16:00:00'), [summer])).toEqual([{ request: summer, isExact: true }]);
    expect(openOverlaps(span('2026-06-10T14:00:00', '2026-06-10T15:00:00'), [summer])).toEqual([]);
  });

  it('leaves out the request being edited', () => {
    const editing = request(8, '2026-11-03T00:00:00+00:00', '2026-11-06T00:00:00+00:00');
    const other = request(9, '2026-11-04T09:00:00+00:00', '2026-11-04T10:00:00+00:00');
    expect(openOverlaps(entered, [editing, other], 8)).toEqual([{ request: other, isExact: false }]);
  });

  it('finds nothing for an empty or reversed span', () => {
    const around = request(1, '2026-11-01T00:00:00+00:00', '2026-11-10T00:00:00+00:00');
    expect(openOverlaps(span('2026-11-04T10:00:00', '2026-11-04T09:00:00'), [around])).toEqual([]);
    expect(openOverlaps(span('2026-11-04T10:00:00', '2026-11-04T10:00:00'), [around])).toEqual([]);
  });
});
