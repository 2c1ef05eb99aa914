import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from './session.machine';
import { onApiActivity } from '../../api/apiActivity';
import { handleSignOutRequests } from './signOut';

/** Feeds the session machine: API responses, page visibility and sign-out requests from elsewhere. */
export function useSessionSignals(actor: ActorRefFrom<typeof sessionMachine>): void {
  useEffect(() => onApiActivity((activity) => actor.send({ type: 'API_ACTIVITY', ...activity })), [actor]);

  useEffect(() => handleSignOutRequests(({ isEntra }) => actor.send({ type: 'SIGN_OUT', isEntra })), [actor]);

  useEffect(() => {
    const report = () => actor.send({ type: document.visibilityState === 'hidden' ? 'PAGE_HIDDEN' : 'PAGE_VISIBLE' });
    if (document.visibilityState === 'hidden') report();
    document.addEventListener('visibilitychange', report);
    return () => document.removeEventListener('visibilitychange', report);
  }, [actor]);
}
