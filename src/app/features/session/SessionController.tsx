import { lazy, Suspense, useEffect, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useRouteLoaderData } from 'react-router';
import type { SignedInUserInfo } from '../../../shared/contract/user';
import { sessionMachine } from './session.machine';
import { sessionRouteId } from '../../routing/loaders';
import { whenStartupSettled } from '../../startup/startSession';
import { isSameView, toSessionView } from './sessionView';
import { useSessionSignals } from './useSessionSignals';

// The dialog (react-aria's modal, about 36 kB gzip) is code the first paint never shows: it loads
// once the start-up's data is in and the page is idle, or when the session nears its end if that
// comes first, and stays mounted from then on (its closing keeps its exit).
const importDialog = () => import('./SessionDialog');
const SessionDialog = lazy(() => importDialog().then((m) => ({ default: m.SessionDialog })));

/** Runs `load` once the browser has nothing more urgent to do (a timer where there is no idle callback). */
function whenIdle(load: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(load, { timeout: 10_000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(load, 2_000);
  return () => clearTimeout(timer);
}

/**
 * Runs the session (SPEC §4) for the signed-in user and shows its dialog (SPEC §2). Mounted once
 * in the signed-in layout; renders nothing until the session is about to end.
 */
export function SessionController() {
  const user = useRouteLoaderData<SignedInUserInfo>(sessionRouteId);
  return user ? <SignedInSession user={user} /> : null;
}

function SignedInSession({ user }: { readonly user: SignedInUserInfo }) {
  const actor = useActorRef(sessionMachine, { input: { user } });
  useSessionSignals(actor);
  const view = useSelector(actor, toSessionView, isSameView);
  const [isDialogWanted, setDialogWanted] = useState(false);
  useEffect(() => {
    let cancel: (() => void) | undefined;
    let isMounted = true;
    void whenStartupSettled().then(() => {
      if (isMounted) cancel = whenIdle(() => void importDialog().catch(() => undefined));
    });
    return () => {
      isMounted = false;
      cancel?.();
    };
  }, []);
  if (view.mode !== 'closed' && !isDialogWanted) setDialogWanted(true);
  if (!isDialogWanted) return null;
  return (
    <Suspense fallback={null}>
      <SessionDialog
        view={view}
        onContinue={() => actor.send({ type: 'CONTINUE' })}
        // SPEC §4: 'Sign Out' also signs out of the external identity provider.
        onSignOut={() => actor.send({ type: 'SIGN_OUT', isEntra: true })}
      />
    </Suspense>
  );
}
