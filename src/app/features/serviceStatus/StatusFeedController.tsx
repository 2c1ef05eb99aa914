import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { onBeforeUpdate } from '../../sw/workerEvents';
import { registerSignOutCleanup } from '../../state/signOutCleanup';
import { serviceStatusStore } from './serviceStatusStore';
import { connectStatusFeed } from './statusConnection';
import { statusFeedMachine } from './statusFeed.machine';

/**
 * Runs the status feed for the signed-in area: started on mount, paused while the page is hidden,
 * stopped before an update and for good on sign-out; what it receives goes to the service status store.
 */
export function StatusFeedController() {
  const actor = useActorRef(statusFeedMachine, { input: { connect: connectStatusFeed } });

  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => serviceStatusStore.set({ statuses: snapshot.context.statuses, isLoading: snapshot.context.isLoading }));
    const report = () => actor.send({ type: document.visibilityState === 'hidden' ? 'PAGE_HIDDEN' : 'PAGE_VISIBLE' });
    report();
    actor.send({ type: 'START' });
    document.addEventListener('visibilitychange', report);
    const unregister = registerSignOutCleanup(() => actor.send({ type: 'SIGNED_OUT' }));
    // SPEC §4: the feed stops before the page hands over to a new version of the app; the hand-over
    // waits for its close (a second stop of a closing connection is the same close).
    const unsubscribeUpdate = onBeforeUpdate(() => {
      const { connection } = actor.getSnapshot().context;
      actor.send({ type: 'STOP' });
      return connection?.stop();
    });
    return () => {
      unsubscribeUpdate();
      unregister();
      document.removeEventListener('visibilitychange', report);
      actor.send({ type: 'STOP' });
      subscription.unsubscribe();
      serviceStatusStore.set({ statuses: undefined, isLoading: false });
    };
  }, [actor]);

  return null;
}
