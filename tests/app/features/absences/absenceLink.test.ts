import { describe, expect, it } from 'vitest';
import { hasAbsenceLink, parseAbsenceLink, requestAbsenceHref } from '../../../../src/app/features/absences/absenceLink';

const parse = (query: string) => parseAbsenceLink(new URLSearchParams(query));

describe('requestAbsenceHref', () => {
  it('links the attendance page with the class’s local start and end', () => {
    const start = new Date(2025, 10, 24, 9, 0).getTime();
    const end = new Date(2025, 10, 24, 10, 30).getTime();
    expect(requestAbsenceHref(start, end)).toBe('/attendance/current?absenceFrom=2025-11-24T09%3A00&absenceTo=2025-11-24T10%3A30');
  });

  it('round-trips through parseAbsenceLink', () => {
    const href = requestAbsenceHref(new Date(2025, 10, 24, 23, 30).getTime(), new Date(2025, 10, 25, 0, 30).getTime());
    expect(parseAbsenceLink(new URL(href, 'https://campus.invalid').searchParams)).toEqual({
      isAllDay: false, startDate: '2025-11-24', startTime: '23:30', endDate: '2025-11-25', endTime: '00:30',
    });
  });
});

describe('parseAbsenceLink', () => {
  it('accepts two real wall clocks, the end after the start', () => {
    expect(parse('absenceFrom=2025-11-24T09:00&absenceTo=2025-11-24T10:00')).toEqual({
      isAllDay: false, startDate: '2025-11-24', startTime: '09:00', endDate: '2025-11-24', endTime: '10:00',
    });
  });

  it.each([
    '',
    'absenceFrom=2025-11-24T09:00',
    'absenceTo=2025-11-24T10:00',
    'absenceFrom=2025-11-24T10:00&absenceTo=2025-11-24T10:00',
    'absenceFrom=2025-11-24T10:00&absenceTo=2025-11-24T09:00',
    'absenceFrom=2025-02-30T09:00&absenceTo=2025-02-30T10:00',
    'absenceFrom=2025-11-24T24:00&absenceTo=2025-11-25T10:00',
    'absenceFrom=2025-11-24T09:00:00&absenceTo=2025-11-24T10:00:00',
    'absenceFrom=2025-11-24T09:00Z&absenceTo=2025-11-24T10:00Z',
    'absenceFrom=<script>&absenceTo=2025-11-24T10:00',
  ])('refuses %j', (query) => {
    expect(parse(query)).toBeUndefined();
  });

  it('notices the parameters even when they are invalid, so they can be removed', () => {
    expect(hasAbsenceLink(new URLSearchParams('absenceFrom=nonsense'))).toBe(true);
    expect(hasAbsenceLink(new URLSearchParams('absence=4'))).toBe(false);
  });
});
