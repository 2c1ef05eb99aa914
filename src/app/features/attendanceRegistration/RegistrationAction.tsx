import { lazy, Suspense } from 'react';
import type { RegistrationControlProps } from './RegistrationControl';

const RegistrationControl = lazy(() => import('./RegistrationControl'));

/**
 * The registration slot's action (SPEC §4 "Registering attendance"; issue 31 §5's check-in code).
 * The flow itself (network check, the call, the check-in code's form) loads lazily, only when a
 * class's window is open, so /home and /timetable paint without it; until it arrives the same
 * button shows, disabled, so nothing moves. Each form of it is marked `data-primary-action`: the
 * page's primary action, which no first-run prompt covers (engagement/useClearPrimaryAction.ts).
 */
export function RegistrationAction(props: RegistrationControlProps) {
  const fallback = (
    <button type="button" className="button button--primary registration__button" data-primary-action aria-label={`Register attendance: ${props.sessionLabel}`} disabled>
      Register attendance
    </button>
  );
  return <Suspense fallback={fallback}><RegistrationControl {...props} /></Suspense>;
}
