import dayjs, { type ConfigType } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { formats } from '../../shared/constants';

dayjs.extend(customParseFormat);

/** Anything dayjs accepts: a Date, an ISO string, a timestamp or a dayjs value. */
export type DateInput = ConfigType;

/** 24-hour clock, e.g. '15:30' (SPEC §9). */
export function formatTime24(value: DateInput): string {
  return dayjs(value).format(formats.time24);
}

/** The short am/pm form: '3pm' on the hour, '3:30pm' otherwise. */
export function formatTimeShort(value: DateInput): string {
  const time = dayjs(value);
  return time.format(time.minute() === 0 ? 'ha' : formats.time12);
}

/** 'DD/MM/YYYY', the display date (SPEC §5, §9). */
export function formatDate(value: DateInput): string {
  return dayjs(value).format(formats.displayDate);
}

/** 'DD/MM/YY', as in the absences table. */
export function formatShortDate(value: DateInput): string {
  return dayjs(value).format(formats.shortDate);
}

/** 'YYYY-MM-DDTHH:mm:ss' in local time, the format the absence calls use (SPEC §3, §7). */
export function formatCallDateTime(value: DateInput): string {
  return dayjs(value).format(formats.callDateTime);
}

/** 'DD-MM-YYYY', the key the timetable groups days by (SPEC §3). */
export function formatDayKey(value: DateInput): string {
  return dayjs(value).format(formats.dayKey);
}

/** A day and time as people say them, e.g. 'Thu 26 Nov, 09:00' (the operator screens' lists). */
export function formatDayAndTime(value: DateInput): string {
  return dayjs(value).format('ddd D MMM, HH:mm');
}

/** A long, friendly date for headings, e.g. 'Tuesday 14 May'. */
export function formatLongDate(value: DateInput): string {
  return dayjs(value).format('dddd D MMMM');
}

/** Reads a strict 'DD/MM/YYYY' date (no 31/02); undefined when the text is not one. */
export function parseDisplayDate(text: string): Date | undefined {
  const parsed = dayjs(text.trim(), formats.displayDate, true);
  return parsed.isValid() ? parsed.toDate() : undefined;
}

/** An instant as a date field and a time field show it: 'YYYY-MM-DD' and 'HH:mm'. */
export interface DateAndTime {
  readonly date: string;
  readonly time: string;
}

/** Splits an instant into the values of a date field and a time field (the device's clock, as the fields show it). */
export function toDateAndTime(value: DateInput): DateAndTime {
  const at = dayjs(value);
  return { date: at.format('YYYY-MM-DD'), time: at.format('HH:mm') };
}

/** A date field's and a time field's values as one instant, ISO 8601 in UTC: the inverse of `toDateAndTime`. */
export function fromDateAndTime({ date, time }: DateAndTime): string {
  return dayjs(`${date}T${time}`).toISOString();
}
