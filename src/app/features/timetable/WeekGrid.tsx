import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { classAnchorOf } from '../../../shared/rules/classLink';
import { formatTime24 } from '../../format/dateTime';
import type { ClassState } from './classState';
import { LecturerRegister, RegisterLink } from './LecturerRegister';
import { hrefTo } from './links';
import { RegistrationSlot } from './RegistrationSlot';
import { dayOfKey, type TimetableEvent } from './timetableDays';
import { gridHours, placeInLanes } from './weekGrid';
import './weekGrid.css';

interface WeekGridProps {
  /** The week's days to show as columns (Monday to Friday, and a weekend day that has classes). */
  readonly columns: readonly { readonly key: string; readonly events: readonly TimetableEvent[] }[];
  readonly todayKey: string;
  readonly nowMs: number;
  readonly stateOf: (event: TimetableEvent) => ClassState;
}

const minutesOfDay = (ms: number) => {
  const date = new Date(ms);
  return date.getHours() * 60 + date.getMinutes();
};

/**
 * The week as a grid on a wide screen (issue 34 §1): days as columns, hours as rows, each class a
 * block as long as it lasts, overlapping classes side by side. Each day is a section with its
 * heading and a list of its classes, so it reads as the list does; the hour lines are decoration.
 * A class whose registration is open is repeated above the grid with its button; so is a class a
 * lecturer teaches that is on, with how many have registered and its register. Each block of a
 * lecturer's class links to its register.
 */
export function WeekGrid({ columns, todayKey, nowMs, stateOf }: WeekGridProps) {
  const all = columns.flatMap(({ events }) => events);
  const { first, last } = gridHours(all, minutesOfDay);
  const span = (last - first) * 60;
  const at = (minutes: number) => `${((minutes - first * 60) / span) * 100}%`;
  const open = all.filter((event) => stateOf(event).registration.kind === 'closesIn');
  const teachingNow = all.filter((event) => event.isTaught === true && !event.isCancelled && stateOf(event).progress.kind === 'inProgress');
  const nowMinutes = minutesOfDay(nowMs);
  const hours = Array.from({ length: last - first + 1 }, (_, index) => first + index);
  return (
    <div className="week-grid-view">
      {open.map((event) => (
        <div key={event.rowId} className="card week-grid__open">
          <p className="week-grid__open-title">
            {formatTime24(event.startMs)} {event.moduleCode} {event.moduleName} · {event.eventType}
          </p>
          <RegistrationSlot event={event} registration={stateOf(event).registration} />
        </div>
      ))}
      {teachingNow.map((event) => (
        <div key={event.rowId} className="card week-grid__open week-grid__live">
          <p className="week-grid__open-title">
            {formatTime24(event.startMs)} {event.moduleCode} {event.moduleName} · {event.eventType}
          </p>
          <LecturerRegister event={event} isOn className="week-grid__register" />
        </div>
      ))}
      <div className="week-grid" style={{ '--week-grid-hours': last - first }}>
        <ol className="week-grid__hours" aria-hidden="true">
          {hours.map((hour) => (
            <li key={hour} className="week-grid__hour" style={{ top: at(hour * 60) }}>
              {String(hour).padStart(2, '0')}:00
            </li>
          ))}
        </ol>
        {columns.map(({ key, events }) => {
          const day = dayOfKey(key);
          const isToday = key === todayKey;
          return (
            <section key={key} className={isToday ? 'week-grid__day week-grid__day--today' : 'week-grid__day'} aria-labelledby={`grid-${key}`} data-day={key}>
              <h2 id={`grid-${key}`} className="week-grid__heading">
                <span aria-hidden="true">{day.format('ddd D')}</span>
                <span className="visually-hidden">{day.format('dddd D MMMM')}</span>
                {isToday && <span className="day__today">Today</span>}
              </h2>
              <ol className="week-grid__events">
                {placeInLanes(events).map(({ event, lane, lanes }) => {
                  const state = stateOf(event);
                  const start = minutesOfDay(event.startMs);
                  const style: CSSProperties = {
                    top: at(start),
                    height: `calc(${at(start + event.duration)} - ${at(start)})`,
                    left: `${(lane / lanes) * 100}%`,
                    width: `${100 / lanes}%`,
                  };
                  const classes = [
                    'week-grid__event',
                    event.isCancelled ? 'week-grid__event--cancelled' : '',
                    state.progress.kind === 'ended' ? 'week-grid__event--ended' : '',
                    state.progress.kind === 'inProgress' ? 'week-grid__event--on' : '',
                  ].filter(Boolean).join(' ');
                  return (
                    <li key={event.rowId} id={classAnchorOf(event.rowId)} tabIndex={-1} className={classes} style={style} aria-current={state.progress.kind === 'inProgress' ? 'time' : undefined}>
                      <p className="week-grid__time">
                        <time dateTime={event.startTime}>{formatTime24(event.startMs)}</time>–<time dateTime={event.endTime}>{formatTime24(event.endMs)}</time>
                        {event.isCancelled && <span className="week-grid__cancelled"> Cancelled</span>}
                      </p>
                      <h3 className="week-grid__title">
                        {event.moduleCode} <span className="week-grid__name">{event.moduleName}</span>
                      </h3>
                      <p className="week-grid__meta">
                        {event.eventType} · {event.roomId ? <Link to={hrefTo.map(event.roomId)}>{event.roomName ?? event.roomId}</Link> : 'Online'}
                        {event.isTaught === true && (
                          <>
                            {' · '}
                            <RegisterLink event={event} />
                          </>
                        )}
                      </p>
                    </li>
                  );
                })}
                {isToday && nowMinutes >= first * 60 && nowMinutes <= last * 60 && (
                  <li className="week-grid__now" style={{ top: at(nowMinutes) }} aria-hidden="true" data-testid="now-line" />
                )}
              </ol>
            </section>
          );
        })}
      </div>
    </div>
  );
}
