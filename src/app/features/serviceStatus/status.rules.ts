import { stateSeverity, type ServiceState, type ServiceStatus, type StatusFeature } from '../../../shared/contract/realtime';

/** The words users see for each state. */
export const stateLabels: Readonly<Record<ServiceState, string>> = {
  operational: 'Working normally',
  degraded: 'Having problems',
  outage: 'Not working',
  maintenance: 'Under maintenance',
  unknown: 'Not known yet',
};

/** The worst state among the services (undefined with none). */
export function worstState(statuses: readonly ServiceStatus[]): ServiceState | undefined {
  let worst: ServiceState | undefined;
  for (const status of statuses) if (worst === undefined || stateSeverity[status.state] > stateSeverity[worst]) worst = status.state;
  return worst;
}

/** States a feature's page explains: anything but working normally or not yet known. */
const isProblem = (state: ServiceState): boolean => state === 'degraded' || state === 'outage' || state === 'maintenance';

/** The worst problem among the services behind `feature`, if any. */
export function problemFor(statuses: readonly ServiceStatus[] | undefined, feature: StatusFeature): ServiceStatus | undefined {
  const affected = (statuses ?? []).filter((status) => status.feature === feature && isProblem(status.state));
  return affected.sort((a, b) => stateSeverity[b.state] - stateSeverity[a.state])[0];
}

const featureNames: Readonly<Record<StatusFeature, string>> = {
  timetable: 'timetable',
  attendance: 'attendance',
  resources: 'resources',
  notifications: 'notifications',
};

/**
 * The calm sentence a feature's page shows, e.g. "The timetable service is having problems. You
 * are seeing your copy from 09:12." `copyTime` (HH:mm) is when this device last got the data.
 */
export function featureNotice(status: ServiceStatus, feature: StatusFeature, copyTime: string | undefined, formatTime: (iso: string) => string): string {
  const name = featureNames[feature];
  const what =
    status.state === 'maintenance' && status.maintenance
      ? `The ${name} service is under maintenance until ${formatTime(status.maintenance.until)}: ${status.maintenance.message.replace(/[.\s]+$/, '')}.`
      : `The ${name} service is having problems.`;
  return copyTime ? `${what} You are seeing your copy from ${copyTime}.` : what;
}

/** Said after a failed attendance registration while the attendance service has a problem. */
export function registrationProblemNotice(status: ServiceStatus): string {
  return status.state === 'maintenance'
    ? 'The attendance service is under maintenance, which is why registering did not work. Please try again later.'
    : 'The attendance service is having problems right now, which is probably why registering did not work. Please try again in a few minutes.';
}
