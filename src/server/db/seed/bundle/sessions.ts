import { addLocalDays } from '../../../../shared/rules/absences/dates.js';
import { type AcademicYear, type Term, earlierAcademicYear, teachingWeeks } from '../calendar.js';
import { academicYearId, termId } from './ids.js';
import type { AcademicSessionRecord } from './records.js';

/**
 * The academic sessions of a generated university: the current year and the two before it
 * (`schoolYear`), each with its terms (`term`), from the calendar's rules: a year runs from the
 * Monday of week 1 to the day before the next year's; a term from the Monday of its first
 * teaching week to the Sunday of its last.
 */

export const YEARS_BACK = 2;

const TERM_TITLES: Readonly<Record<Term, string>> = { autumn: 'Autumn term', spring: 'Spring term', summer: 'Summer term' };

/** The terms of a year, in order, with their first and last day. */
export function termsOf(year: AcademicYear): { term: Term; startDate: string; endDate: string }[] {
  const terms: { term: Term; startDate: string; endDate: string }[] = [];
  for (const week of teachingWeeks(year)) {
    const sunday = addLocalDays(week.monday, 6);
    const known = terms.find((t) => t.term === week.term);
    if (known) known.endDate = sunday;
    else terms.push({ term: week.term, startDate: week.monday, endDate: sunday });
  }
  return terms;
}

/** The years whose sessions are written: two years back, the year before, the current one. */
export function sessionYears(current: AcademicYear): AcademicYear[] {
  return Array.from({ length: YEARS_BACK + 1 }, (_, i) => earlierAcademicYear(current, YEARS_BACK - i));
}

export function* academicSessionRecords(current: AcademicYear): Generator<AcademicSessionRecord> {
  for (const year of sessionYears(current)) {
    const yearId = academicYearId(year.start);
    const schoolYear = year.end.slice(0, 4);
    yield {
      sourcedId: yearId, title: `Academic year ${year.label}`, type: 'schoolYear', startDate: year.start,
      endDate: addLocalDays(year.end, -1), parentSourcedId: null, schoolYear,
    };
    for (const t of termsOf(year)) {
      yield {
        sourcedId: termId(year.start, t.term), title: `${TERM_TITLES[t.term]} ${year.label}`, type: 'term',
        startDate: t.startDate, endDate: t.endDate, parentSourcedId: yearId, schoolYear,
      };
    }
  }
}
