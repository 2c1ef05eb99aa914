import dayjs from 'dayjs';
import { formats } from '../../../shared/constants';
import { isLocalDate, isLocalTime } from '../../../shared/rules/absences/dates';
import { paths } from '../../routing/paths';

/**
 * A link that opens 'Request an absence' with its dates filled (issue 20, item 3: a class whose
 * registration closed unregistered offers it). `/attendance/current?absenceFrom=…&absenceTo=…`,
 * each a local wall clock 'YYYY-MM-DDTHH:mm'.
 */
export const absenceLinkParams = { from: 'absenceFrom', to: 'absenceTo' } as const;

/** The dates and times the dialog opens with. */
export interface AbsencePrefill {
  readonly isAllDay: false;
  readonly startDate: string;
  readonly startTime: string;
  readonly endDate: string;
  readonly endTime: string;
}

const wallClockFormat = `${formats.nativeDate}T${formats.time24}`;

/** The link for a class from `startMs` to `endMs` (epoch ms, shown in the device's zone). */
export function requestAbsenceHref(startMs: number, endMs: number): string {
  const query = new URLSearchParams({
    [absenceLinkParams.from]: dayjs(startMs).format(wallClockFormat),
    [absenceLinkParams.to]: dayjs(endMs).format(wallClockFormat),
  });
  return `${paths.attendanceCurrentYear}?${query.toString()}`;
}

function splitWallClock(value: string | null): { date: string; time: string } | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(value ?? '');
  if (!match) return undefined;
  const [, date = '', time = ''] = match;
  return isLocalDate(date) && isLocalTime(time) ? { date, time } : undefined;
}

/**
 * The prefill a link asks for, or undefined when it asks for none or for nonsense: both ends must
 * be real wall clocks in the exact format, and the end must come after the start.
 */
export function parseAbsenceLink(search: URLSearchParams): AbsencePrefill | undefined {
  const from = splitWallClock(search.get(absenceLinkParams.from));
  const to = splitWallClock(search.get(absenceLinkParams.to));
  if (!from || !to) return undefined;
  if (`${to.date}T${to.time}` <= `${from.date}T${from.time}`) return undefined;
  return { isAllDay: false, startDate: from.date, startTime: from.time, endDate: to.date, endTime: to.time };
}

/** Whether the URL carries the link's parameters at all (valid or not), so they can be removed. */
export const hasAbsenceLink = (search: URLSearchParams): boolean =>
  search.has(absenceLinkParams.from) || search.has(absenceLinkParams.to);
