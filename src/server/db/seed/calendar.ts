/**
 * The demo seed reads the university's calendar (src/server/calendar) like everything else; its
 * dates are relative to today. Kept as a re-export so the seed's imports stay short.
 */
export * from '../../calendar/academicCalendar.js';
