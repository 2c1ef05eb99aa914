import { maskSegments } from '../dateField/segmentMask';

/** The desktop time field's text (SPEC §2 "Time picker"): typed through the mask ##:##, 24-hour HH:mm. */

export const timeFormatMessage = 'Enter a real time as HH:mm, from 00:00 to 23:59.';

const timePattern = /^(\d{2}):(\d{2})$/;
/** What the check takes: the hour may have lost its leading zero in an edit ('9:30'). */
const typedTimePattern = /^(\d{1,2}):(\d{2})$/;

/** Applies the ##:## mask to what the user typed or pasted. */
export function maskTimeInput(raw: string): string {
  return maskSegments(raw, [2, 2], ':');
}

/** Whether `text` is a real 24-hour time written HH:mm (00:00 to 23:59). */
export function isTime(text: string): boolean {
  const match = timePattern.exec(text);
  return match !== null && Number(match[1]) <= 23 && Number(match[2]) <= 59;
}

export type TimeTextCheck = { readonly value: string; readonly error?: undefined } | { readonly error: string };

/** On demand (blur, Enter): an empty text is no time, a real H:mm or HH:mm the time as HH:mm, anything else an error. */
export function checkTimeText(text: string): TimeTextCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { value: '' };
  const match = typedTimePattern.exec(trimmed);
  const time = match ? `${(match[1] ?? '').padStart(2, '0')}:${match[2] ?? ''}` : '';
  return isTime(time) ? { value: time } : { error: timeFormatMessage };
}
