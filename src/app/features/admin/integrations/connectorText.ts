import type { ConnectorKind, ConnectorRun, ConnectorRunState } from '../../../../shared/contract/adminConnectors';
import { humanDateTime } from './clientText';

/** What each kind of connector reads, as the page names it. */
export const connectorKindLabels: Readonly<Record<ConnectorKind, string>> = {
  oneRoster: 'OneRoster 1.2 REST',
  ical: 'Timetable iCal feeds',
};

/** A run's state in words. */
export const runStateLabels: Readonly<Record<ConnectorRunState, string>> = {
  queued: 'Waiting to start',
  running: 'Reading the source',
  importing: 'Importing',
  applied: 'Applied',
  unchanged: 'Nothing new',
  needsReview: 'Needs a review',
  failed: 'Failed',
};

/** Whether a run is still waiting or working (a new one is refused until it ends). */
export function isRunOpen(run: Pick<ConnectorRun, 'state'> | null): boolean {
  return run !== null && (run.state === 'queued' || run.state === 'running' || run.state === 'importing');
}

/** When a run last moved: its end, else its start, else when it was asked for. */
export function runMoment(run: Pick<ConnectorRun, 'queuedAt' | 'startedAt' | 'finishedAt'>): string {
  return run.finishedAt ?? run.startedAt ?? run.queuedAt;
}

/** A run as one line: 'Applied, Thu 26 Nov 2026, 09:00'. */
export function runText(run: ConnectorRun | null): string {
  if (!run) return 'Never run';
  return `${runStateLabels[run.state]}, ${humanDateTime(runMoment(run))}`;
}

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const isNumber = (field: string, max: number): boolean => /^\d{1,2}$/.test(field) && Number(field) <= max;
const twoDigits = (n: string): string => n.padStart(2, '0');

function daysText(field: string): string | undefined {
  if (field === '1-5') return 'on weekdays';
  const days = field.split(',');
  if (!days.every((d) => isNumber(d, 7))) return undefined;
  const names = days.map((d) => weekdays[Number(d) % 7] ?? d);
  return `on ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`}`;
}

/**
 * The common shapes of a five-field cron in words ('Every hour, at :00', 'Every day at 02:00',
 * 'Every 15 minutes', 'On weekdays at 06:30'); undefined for anything else, which is then shown
 * only as the expression.
 */
export function scheduleInWords(cron: string): string | undefined {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) return undefined;
  const [minute = '', hour = '', dayOfMonth = '', month = '', dayOfWeek = ''] = fields;
  if (dayOfMonth !== '*' || month !== '*') return undefined;
  if (minute === '*' && hour === '*' && dayOfWeek === '*') return 'Every minute';
  const step = /^\*\/(\d{1,2})$/.exec(minute);
  if (step && hour === '*' && dayOfWeek === '*') return `Every ${step[1]} minutes`;
  if (!isNumber(minute, 59)) return undefined;
  if (hour === '*' && dayOfWeek === '*') return `Every hour, at :${twoDigits(minute)}`;
  if (!isNumber(hour, 23)) return undefined;
  const at = `at ${twoDigits(hour)}:${twoDigits(minute)}`;
  if (dayOfWeek === '*') return `Every day ${at}`;
  const days = daysText(dayOfWeek);
  return days ? `${days.charAt(0).toUpperCase()}${days.slice(1)} ${at}` : undefined;
}
