import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import type { NotificationType } from '../../../shared/contract/notifications';
import type { SignedInUserInfo } from '../../../shared/contract/user';
import { allowedNotificationTypes } from '../../../shared/rules/notificationTypes';
import { createPushDevice, type PushDevicePort } from './pushDevice';
import { pushSubscriptionMachine } from './pushSubscription.machine';
import { registerSignOutCleanup } from '../../state/signOutCleanup';
import { dropBrowserPushSubscription, isPushSupported } from './pushSupport';

export type PushSubscriptionActor = ActorRefFrom<typeof pushSubscriptionMachine>;

/** The machine wired to a device port: the browser and server for the app, fakes for tests. */
export function pushSubscriptionMachineWith(device: PushDevicePort) {
  return pushSubscriptionMachine.provide({
    actors: {
      checkDevice: fromPromise(() => device.check()),
      requestPermission: fromPromise(() => device.requestPermission()),
      enableDevice: fromPromise<Awaited<ReturnType<PushDevicePort['enable']>>, { types: readonly NotificationType[] }>(({ input }) => device.enable(input.types)),
      updateTypes: fromPromise<Awaited<ReturnType<PushDevicePort['update']>>, { token: string; types: readonly NotificationType[] }>(({ input }) =>
        device.update(input.token, input.types),
      ),
      disableDevice: fromPromise<void, { token: string }>(({ input }) => device.disable(input.token)),
    },
  });
}

let running: { readonly userId: string; readonly actor: PushSubscriptionActor } | undefined;
let isCleanupRegistered = false;

/**
 * The signed-in user's push subscription actor: one per page and user, started at sign-in
 * (SPEC §7 start-up) and shared by every screen that shows it.
 */
export function pushSubscriptionFor(user: SignedInUserInfo): PushSubscriptionActor {
  if (running?.userId === user.userId) return running.actor;
  if (!isCleanupRegistered) {
    registerSignOutCleanup(dropBrowserPushSubscription);
    isCleanupRegistered = true;
  }
  running?.actor.stop();
  const actor = createActor(pushSubscriptionMachineWith(createPushDevice()), {
    input: { allowedTypes: allowedNotificationTypes(user.userRoles), isSupported: isPushSupported() },
  });
  actor.start();
  running = { userId: user.userId, actor };
  return actor;
}
