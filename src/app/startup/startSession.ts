import type { SignedInUserInfo } from '../../shared/contract/user';
import { dropPageAnswers } from '../api/pageAnswers';
import { ensureFresh } from '../sync/ensureFresh';
import { startOutboxSync } from '../sync/outboxSync';
import { startupResources } from '../sync/registry';
import { whenFirstContentShown } from '../ui/layoutHold/firstContent';
import { requestPersistentStorage } from './persistentStorage';
import { profileResource } from './userResources';
import './registeredResources';
import './registeredMutations'; // the outbox can send and rebase every queued write from the start
import '../sync/invalidation'; // writes reload what their routes invalidate

export interface StartedSession {
  /** Settles when the first profile load has succeeded or failed. */
  readonly profile: Promise<unknown>;
  /** Settles when every start-up resource has been tried. */
  readonly all: Promise<void>;
}

let started: { readonly userId: string; readonly session: StartedSession } | undefined;

/** Boot errors are only logged (SPEC §8); the cached copies, if any, are shown meanwhile. */
function logBootError(key: string) {
  return (error: unknown): void => {
    console.warn(`Start-up: could not load ${key}`, error);
  };
}

/**
 * The signed-in start-up sequence (SPEC §7), once per user and page load: ask for persistent
 * storage, start replaying queued writes, and make every start-up resource fresh.
 */
export function startSignedInSession(user: SignedInUserInfo): StartedSession {
  if (started?.userId === user.userId) return started.session;
  void requestPersistentStorage();
  startOutboxSync(user.userId);
  // SPEC §7: learn whether this device is subscribed (its token, then the server's subscription).
  // Its machine (XState) loads once the page's first content shows, not before it. Never while an
  // administrator views as this user (issue 17): this device is not theirs.
  if (!user.viewAs) {
    void whenFirstContentShown()
      .then(() => import('../features/pushSubscription/pushSubscription.actor'))
      .then(({ pushSubscriptionFor }) => {
        if (started?.userId === user.userId) pushSubscriptionFor(user);
      });
  }
  const loads = startupResources().map((resource) => {
    const load = ensureFresh(resource).catch(logBootError(resource.key));
    return { key: resource.key, load };
  });
  const session: StartedSession = {
    profile: loads.find(({ key }) => key === profileResource.key)?.load ?? Promise.resolve(),
    all: Promise.all(loads.map(({ load }) => load)).then(() => undefined),
  };
  // The page's answers (api/pageAnswers.ts) serve this start-up and the page's first content only:
  // one neither needed (a copy here was still fresh) would be stale by the next check.
  void Promise.all([session.all, whenFirstContentShown()]).then(dropPageAnswers);
  started = { userId: user.userId, session };
  return session;
}
