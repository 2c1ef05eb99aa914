import { attendanceRegistration } from '../../../shared/constants.js';
import type { Timetable, TimetableEntry } from '../../../shared/contract/timetable.js';
import type { Db } from '../../db/database.js';
import { academicYearOf, addMinutes, londonInstant } from '../../calendar/academicCalendar.js';
import { londonIso } from './londonTime.js';
import { eventsOf, type EventRow, type TimetableOwner, type TimetableWindow } from './timetable.queries.js';

/**
 * The timetable covers the academic year containing `now` (London time): from 00:00 on the last
 * Monday of September (week 1) up to, not including, 00:00 on the next year's week-1 Monday. In
 * the summer vacation that is still the year just taught, so the range never jumps mid-summer.
 */
export function timetableWindow(now: Date): TimetableWindow {
  const year = academicYearOf(now);
  return { start: londonInstant(year.start, '00:00'), end: londonInstant(year.end, '00:00'), label: year.label };
}

/** 'Dr Helen Marsh; Dr Owen Price' → two names. */
export function staffOf(row: Pick<EventRow, 'staff_names'>): string[] {
  return row.staff_names.split(';').map((name) => name.trim()).filter((name) => name !== '');
}

function toEntry(row: EventRow): TimetableEntry {
  const start = londonIso(row.starts_at);
  const entry: TimetableEntry = {
    rowId: row.id,
    startTime: start,
    duration: row.duration_minutes,
    eventStart: start,
    moduleName: row.module_name,
    moduleCode: row.module_code,
    eventType: row.event_type,
    roomId: row.room_id,
    roomName: row.room_name,
    staff: staffOf(row),
    isCancelled: row.is_cancelled,
    ...(row.is_taught ? { isTaught: true } : {}),
  };
  // Attendance applies to the classes a student takes, not to those they (also) teach.
  if (!row.is_enrolled || !row.is_monitored) return entry;
  return {
    ...entry,
    attendanceDataStudent: {
      registrationStart: londonIso(addMinutes(row.starts_at, -attendanceRegistration.opensMinutesBeforeStart)),
      isAttendanceMonitored: true,
      isRegistered: row.is_registered,
      ...(row.registered_at ? { registeredAt: londonIso(row.registered_at) } : {}),
      // Only that a code is needed: the code itself never reaches a student before they type it.
      ...(row.requires_check_in_code ? { requiresCheckInCode: true } : {}),
    },
  };
}

export async function loadTimetable(db: Db, owner: TimetableOwner, now: Date): Promise<Timetable> {
  const window = timetableWindow(now);
  const rows = await eventsOf(db, owner, window);
  return {
    timetableEntries: rows.map(toEntry),
    timetableDateRangeStart: londonIso(window.start),
    timetableDateRangeEnd: londonIso(window.end),
  };
}
