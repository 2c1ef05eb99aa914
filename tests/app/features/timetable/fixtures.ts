import type { TimetableEntry } from '../../../../src/shared/contract/timetable';

/** An ISO instant for a local wall-clock time, so day keys hold in any time zone. */
export function local(year: number, month: number, day: number, hour = 0, minute = 0): string {
  return new Date(year, month - 1, day, hour, minute).toISOString();
}

let nextRowId = 1;

export function entry(overrides: Partial<TimetableEntry> & Pick<TimetableEntry, 'startTime'>): TimetableEntry {
  return {
    rowId: nextRowId++,
    duration: 60,
    eventStart: overrides.startTime,
    moduleName: 'Algorithms',
    moduleCode: 'CS2041',
    eventType: 'Lecture',
    roomId: 'ENG-2.03',
    roomName: 'Lab 3',
    staff: ['Dr Ada Byron'],
    isCancelled: false,
    ...overrides,
  };
}
