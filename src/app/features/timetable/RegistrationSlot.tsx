import { Link } from 'react-router';
import { RegistrationAction } from '../attendanceRegistration/RegistrationAction';
import { requestAbsenceHref } from '../absences/absenceLink';
import { formatTime24 } from '../../format/dateTime';
import { formatWindowCountdown, windowMinutesLeft, type ClassRegistration } from './classState';
import { formatCountdown } from './registrationPhase';
import type { TimetableEvent } from './timetableDays';

interface RegistrationSlotProps {
  readonly event: TimetableEvent;
  readonly registration: ClassRegistration;
}

/**
 * A monitored class's attendance registration (SPEC §4, issue 20 item 3): the countdown to the
 * window, then 'Register attendance' with the time the window has left, then either when the
 * student registered or, when the window closed without it, what they can do now. The clock is
 * the list's (one ticker per widget); this only renders what `classState` derived.
 */
export function RegistrationSlot({ event, registration }: RegistrationSlotProps) {
  const sessionLabel = `${event.moduleCode} ${event.eventType} at ${formatTime24(event.startMs)}`;
  switch (registration.kind) {
    case 'opensIn':
      return (
        <p className="registration">
          Registration opens in <span className="registration__countdown">{formatCountdown(registration.msLeft)}</span>
        </p>
      );
    case 'closesIn':
      return (
        <div className="registration">
          <RegistrationAction
            timetableEntryRowId={event.rowId}
            sessionLabel={sessionLabel}
            requiresCheckInCode={event.attendanceDataStudent?.requiresCheckInCode === true}
          />
          {/* The seconds tick for the eye only; screen readers get whole minutes, and nothing is announced. */}
          <p className="registration__closes">
            <span aria-hidden="true">
              Registration closes in <span className="registration__window">{formatWindowCountdown(registration.msLeft)}</span>
            </span>
            <span className="visually-hidden">Registration closes in {windowMinutesLeft(registration.msLeft)}</span>
          </p>
        </div>
      );
    case 'closedNotRegistered':
      return (
        <div className="registration registration--missed">
          <p className="registration__status">Registration closed — not registered</p>
          <p className="registration__help">
            Contact the lecturer{event.staff.length > 0 && ` (${event.staff.join(', ')})`}, or{' '}
            <Link to={requestAbsenceHref(event.startMs, event.endMs)}>
              request an absence<span className="visually-hidden"> for {sessionLabel}</span>
            </Link>
            .
          </p>
        </div>
      );
    case 'registered':
      return (
        <p className="registration registration--done">
          {registration.atMs === undefined ? 'Registered' : `Registered at ${formatTime24(registration.atMs)}`}
        </p>
      );
    default:
      return null;
  }
}
