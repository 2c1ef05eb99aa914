import cronParser from 'cron-parser';
import { calendarRules } from '../../calendar/academicCalendar.js';

/**
 * A connector's schedule: a five-field cron expression (minute hour day month weekday) in the
 * university's time zone, as the server's own scheduled jobs are. Seconds are not offered: the
 * schedule is looked at once a minute.
 */

/** Why the expression is refused, or undefined when it is a valid five-field cron. */
export function cronProblem(expression: string): string | undefined {
  if (expression.trim().split(/\s+/).length !== 5) return 'Enter five fields: minute hour day-of-month month day-of-week, e.g. "0 2 * * *" for 02:00 every day.';
  try {
    cronParser.parseExpression(expression, { tz: calendarRules().timeZone });
    return undefined;
  } catch (error) {
    return `Not a cron expression: ${error instanceof Error ? error.message : String(error)}.`;
  }
}

/** The first time the schedule fires after `after`. */
export function nextRunAfter(expression: string, after: Date): Date {
  return cronParser.parseExpression(expression, { currentDate: after, tz: calendarRules().timeZone }).next().toDate();
}
