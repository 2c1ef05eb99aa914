import { Link } from 'react-router';
import { formatTime24 } from '../../format/dateTime';
import { hrefTo } from './links';
import { RegisteredBadge, RegistrationSlot } from './RegistrationSlot';
import type { TimetableEvent } from './timetableDays';

interface EventCardProps {
  readonly event: TimetableEvent;
  readonly isNext: boolean;
  /** Whether the countdown may tick (a student, and the event still to register). */
  readonly hasCountdown: boolean;
}

/** One class: time, module, type, room (linking to its map), staff and its registration slot. */
export function EventCard({ event, isNext, hasCountdown }: EventCardProps) {
  const classes = ['event', event.isCancelled ? 'event--cancelled' : '', isNext ? 'event--next' : ''].filter(Boolean).join(' ');
  const isRegistered = event.attendanceDataStudent?.isRegistered === true;
  return (
    <li className={classes} aria-current={isNext ? 'time' : undefined}>
      <p className="event__time">
        <time dateTime={event.startTime}>{formatTime24(event.startMs)}</time>–<time dateTime={event.endTime}>{formatTime24(event.endMs)}</time>
      </p>
      <div className="event__body">
        <p className="event__flags">
          {isNext && <span className="event__badge event__badge--next">Next class</span>}
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
        {hasCountdown ? <RegistrationSlot event={event} /> : isRegistered && <RegisteredBadge />}
        {event.isTaught === true && (
          <p className="event__register">
            <Link to={hrefTo.register(event.rowId)}>
              Register<span className="visually-hidden">: {event.moduleCode} {event.eventType} at {formatTime24(event.startMs)}</span>
            </Link>
          </p>
        )}
      </div>
    </li>
  );
}
