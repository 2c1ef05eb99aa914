import { useActorRef, useSelector } from '@xstate/react';
import { useRouteLoaderData } from 'react-router';
import type { SignedInUserInfo } from '../../../shared/contract/user';
import { sessionMachine } from './session.machine';
import { sessionRouteId } from '../../routing/loaders';
import { SessionDialog } from './SessionDialog';
import { isSameView, toSessionView } from './sessionView';
import { useSessionSignals } from './useSessionSignals';

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
  return (
    <SessionDialog
      view={view}
      onContinue={() => actor.send({ type: 'CONTINUE' })}
      // SPEC §4: 'Sign Out' also signs out of the external identity provider.
      onSignOut={() => actor.send({ type: 'SIGN_OUT', isEntra: true })}
    />
  );
}
