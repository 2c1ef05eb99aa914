import { describe, expect, it } from 'vitest';
import { parseWeekParam } from '../../../src/app/features/timetable/timetableDays';
import { classAnchorOf, classPathOf } from '../../../src/shared/rules/classLink';
import { isAppPath } from '../../../src/shared/rules/notificationLinks';

describe('a link to a class', () => {
  it('names the week by the class’s own date and the card by its row id', () => {
    expect(classPathOf(399, '2026-10-16')).toBe('/timetable?week=2026-10-16#class-399');
    expect(classAnchorOf(399)).toBe('class-399');
    expect(isAppPath(classPathOf(399, '2026-10-16'))).toBe(true);
  });

  it('opens the week holding that date: a Friday’s link shows its Monday’s week', () => {
    const url = new URL(classPathOf(7, '2026-10-16'), 'https://campus.example.ac.uk');
    expect(parseWeekParam(url.searchParams.get('week'))?.format('YYYY-MM-DD')).toBe('2026-10-12');
    expect(url.hash).toBe(`#${classAnchorOf(7)}`);
  });
});
