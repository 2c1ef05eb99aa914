import { describe, expect, it } from 'vitest';
import { overlapWarningText, requestSpanText } from '../../../../src/app/features/absences/overlapWarning';
import { makeRequest } from './fixtures';

const spanOf = (absenceStart: string, absenceEnd: string) => makeRequest({ absenceStart, absenceEnd });

describe('requestSpanText', () => {
  it('gives an all-day request its days, as DD/MM/YYYY', () => {
    expect(requestSpanText(spanOf('2026-11-03T00:00:00+00:00', '2026-11-06T00:00:00+00:00'))).toBe('03/11/2026 to 05/11/2026');
    expect(requestSpanText(spanOf('2026-11-03T00:00:00+00:00', '2026-11-04T00:00:00+00:00'))).toBe('03/11/2026');
  });

  it('gives a request of part of a day its times, on the London wall clock', () => {
    expect(requestSpanText(spanOf('2026-06-10T10:00:00+01:00', '2026-06-10T14:30:00+01:00'))).toBe('10/06/2026, 10:00 to 14:30');
    expect(requestSpanText(spanOf('2026-11-03T15:00:00+00:00', '2026-11-04T09:00:00+00:00'))).toBe('03/11/2026 15:00 to 04/11/2026 09:00');
  });
});

describe('overlapWarningText', () => {
  const allDay = makeRequest({ rowId: 1, absenceStart: '2026-11-03T00:00:00+00:00', absenceEnd: '2026-11-06T00:00:00+00:00' });
  const morning = makeRequest({ rowId: 2, absenceStart: '2026-11-09T09:00:00+00:00', absenceEnd: '2026-11-09T12:00:00+00:00' });

  it('says nothing when no open request overlaps', () => {
    expect(overlapWarningText([], 'create')).toBeUndefined();
  });

  it('names the overlapping request and says this one can still be sent', () => {
    expect(overlapWarningText([{ request: allDay, isExact: false }], 'create')).toBe(
      'You already have an open absence request for 03/11/2026 to 05/11/2026. You can still send this one.',
    );
    expect(overlapWarningText([{ request: allDay, isExact: false }], 'edit')).toBe(
      'You already have an open absence request for 03/11/2026 to 05/11/2026. You can still save this change.',
    );
  });

  it('names every overlapping request', () => {
    expect(overlapWarningText([{ request: allDay, isExact: false }, { request: morning, isExact: false }], 'create')).toBe(
      'You already have open absence requests for 03/11/2026 to 05/11/2026 and 09/11/2026, 09:00 to 12:00. You can still send this one.',
    );
  });

  it('says a new request for exactly an open one’s time would be refused (the server answers 409)', () => {
    expect(overlapWarningText([{ request: morning, isExact: false }, { request: allDay, isExact: true }], 'create')).toBe(
      'You already have an open absence request for exactly this time (03/11/2026 to 05/11/2026), so this one would be refused. Edit that request instead.',
    );
    // An edit is not refused for it.
    expect(overlapWarningText([{ request: allDay, isExact: true }], 'edit')).toBe(
      'You already have an open absence request for 03/11/2026 to 05/11/2026. You can still save this change.',
    );
  });
});
