import { RegisterButton } from '../attendanceRegistration/RegisterButton';
import { formatTime24 } from '../../format/dateTime';
import { formatCountdown, registrationPhase } from './registrationPhase';
import { useServerNow } from './serverClock';
import type { TimetableEvent } from './timetableDays';

/**
 * A monitored event's countdown to registration start (SPEC §4), ticking on the shared
 * server-adjusted clock; at zero it becomes the registration slot.
 */
export function RegistrationSlot({ event }: { readonly event: TimetableEvent }) {
  const now = useServerNow();
  const phase = registrationPhase(event, now);
  switch (phase.kind) {
    case 'countdown':
      return (
        <p className="registration">
          Registration opens in <span className="registration__countdown">{formatCountdown(phase.msLeft)}</span>
        </p>
      );
    case 'open':
      return (
        <div className="registration">
          <RegisterButton
            timetableEntryRowId={event.rowId}
            isAttendanceMonitored
            sessionLabel={`${event.moduleCode} ${event.eventType} at ${formatTime24(event.startMs)}`}
          />
        </div>
      );
    case 'registered':
      return <RegisteredBadge />;
    default:
      return null;
  }
}

export function RegisteredBadge() {
  return <p className="registration registration--done">Registered</p>;
}
