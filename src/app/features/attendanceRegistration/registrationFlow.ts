import type { AttendanceRegistration } from '../../../shared/contract/attendance';
import { isApiError } from '../../api/ApiError';
import { describeError } from '../../api/errorHandler';

/** SPEC §8, word for word. */
export const eduroamMessage = 'You do not appear to be connected to the eduroam network.';
export const registeredMessage = 'Your attendance has been registered.';

/** The server's 400 key for a refusal because the device is off the campus network. */
export const networkConnectionKey = 'NetworkConnection';

/** What the flow needs from the outside world; the real ones call the API, tests pass fakes. */
export interface RegistrationPorts {
  /** GET /api/attendance/networkstatus?cache-buster=…: is the device on the campus network. */
  readonly isOnCampusNetwork: () => Promise<boolean>;
  /** PUT /api/attendance/register; its route reloads the timetable and the analysis (`invalidates`). */
  readonly register: (registration: AttendanceRegistration) => Promise<void>;
}

export type RegistrationOutcome =
  | { readonly isRegistered: true }
  | { readonly isRegistered: false; readonly messages: readonly string[] };

/** The messages of a refusal: a 400's errors by field, NetworkConnection as the eduroam text. */
export function refusalMessages(error: unknown): string[] {
  if (isApiError(error) && error.status === 400) {
    const messages = Object.entries(error.errors).flatMap(([field, texts]) =>
      field === networkConnectionKey ? [eduroamMessage] : texts,
    );
    const unique = [...new Set(messages)];
    if (unique.length > 0) return unique;
  }
  return [describeError(error)];
}

/**
 * SPEC §4 "Registering attendance": a monitored session checks the network first and is refused
 * with the eduroam message when off it (no PUT); then it registers (the call reloads what it changed).
 */
export async function runRegistration(
  registration: AttendanceRegistration,
  ports: RegistrationPorts,
): Promise<RegistrationOutcome> {
  try {
    if (registration.isAttendanceMonitored && !(await ports.isOnCampusNetwork())) {
      return { isRegistered: false, messages: [eduroamMessage] };
    }
    await ports.register(registration);
  } catch (error) {
    return { isRegistered: false, messages: refusalMessages(error) };
  }
  return { isRegistered: true };
}
