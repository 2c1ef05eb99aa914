import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { formatTime24 } from '../../format/dateTime';
import { hrefTo } from './links';
import type { TimetableEvent } from './timetableDays';

// Only a lecturer's class that is on shows it.
const LiveRegisterCount = lazy(() => import('./LiveRegisterCount'));

/** 'Register', to the class's register; its accessible name says which class. */
export function RegisterLink({ event }: { readonly event: TimetableEvent }) {
  return (
    <Link to={hrefTo.register(event.rowId)}>
      Register<span className="visually-hidden">: {event.moduleCode} {event.eventType} at {formatTime24(event.startMs)}</span>
    </Link>
  );
}

/**
 * A lecturer's line on a class they teach (issue 34 §1): while it is on, how many have registered
 * ('12 of 23 registered'), then the link to its register. The list's card and the week grid share it.
 */
export function LecturerRegister({ event, isOn, className }: { readonly event: TimetableEvent; readonly isOn: boolean; readonly className: string }) {
  return (
    <p className={className}>
      {isOn && !event.isCancelled && (
        <Suspense fallback={null}>
          <LiveRegisterCount eventRowId={event.rowId} />
        </Suspense>
      )}
      <RegisterLink event={event} />
    </p>
  );
}
