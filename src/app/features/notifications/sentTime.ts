import dayjs from 'dayjs';
import { formats } from '../../../shared/constants';

export interface SentTime {
  /** 'DD/MM/YYYY HH:mm', always: for screen readers and the tooltip. */
  readonly exact: string;
  /** What the list shows after 'Sent ': a relative time within the last week, else the exact one. */
  readonly friendly: string;
}

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/** When a notification was sent (ISO), told against `now` (epoch ms). */
export function sentTime(dateSent: string, now: number): SentTime {
  const sent = dayjs(dateSent);
  const exact = sent.format(`${formats.displayDate} ${formats.time24}`);
  const elapsed = now - sent.valueOf();
  if (elapsed < minuteMs) return { exact, friendly: 'just now' }; // also a clock slightly behind the server's
  if (elapsed < hourMs) return { exact, friendly: plural(Math.floor(elapsed / minuteMs), 'minute') };
  if (elapsed < 24 * hourMs) return { exact, friendly: plural(Math.floor(elapsed / hourMs), 'hour') };
  const days = dayjs(now).startOf('day').diff(sent.startOf('day'), 'day');
  if (days === 1) return { exact, friendly: 'yesterday' };
  if (days < 7) return { exact, friendly: plural(days, 'day') };
  return { exact, friendly: exact };
}
