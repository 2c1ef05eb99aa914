import { Link } from 'react-router';
import { classAnchorOf } from '../../../shared/rules/classLink';
import { formatTime24 } from '../../format/dateTime';
import { inProgressLabel, type ClassState } from './classState';
import { LecturerRegister } from './LecturerRegister';
import { hrefTo } from './links';
import { RegistrationSlot } from './RegistrationSlot';
import type { TimetableEvent } from './timetableDays';

interface EventCardProps {
  readonly event: TimetableEvent;
  /** The first class still to start: labelled 'Next class'. */
  readonly isNext: boolean;
  /** From `classState` at the list's clock. */
  readonly state: ClassState;
}

/**
 * One class: time, module, type, room (linking to its map), staff, whether it is on, and its
 * registration. Its id is what a link to the class names (`#class-<rowId>`); the week focuses it.
 */
export function EventCard({ event, isNext, state }: EventCardProps) {
  const { progress } = state;
  const isOn = progress.kind === 'inProgress';
  const isNextLabelled = isNext && progress.kind === 'upcoming';
  const hasEnded = progress.kind === 'ended';
  const classes = ['event', event.isCancelled ? 'event--cancelled' : '', isOn || isNextLabelled ? 'event--next' : '', hasEnded ? 'event--ended' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <li id={classAnchorOf(event.rowId)} tabIndex={-1} className={classes} aria-current={isOn ? 'time' : undefined}>
      <p className="event__time">
        <time dateTime={event.startTime}>{formatTime24(event.startMs)}</time>–<time dateTime={event.endTime}>{formatTime24(event.endMs)}</time>
      </p>
      <div className="event__body">
        <p className="event__flags">
          {isOn && <span className="event__badge event__badge--next">{inProgressLabel(progress.msLeft)}</span>}
          {isNextLabelled && <span className="event__badge event__badge--next">Next class</span>}
          {event.isCancelled && <span className="event__badge event__badge--cancelled">Cancelled</span>}
        </p>
        <h3 className="event__title">
          {event.moduleCode} {event.moduleName}
        </h3>
        <p className="event__meta">
          {event.eventType}
          {' · '}
          {event.roomId ? <Link to={hrefTo.map(event.roomId)}>{event.roomName ?? event.roomId}</Link> : 'Online'}
          {event.staff.length > 0 && ` · ${event.staff.join(', ')}`}
        </p>
        <RegistrationSlot event={event} registration={state.registration} />
        {event.isTaught === true && <LecturerRegister event={event} isOn={isOn} className="event__register" />}
      </div>
    </li>
  );
}
