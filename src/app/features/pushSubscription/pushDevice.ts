import type { NotificationSubscription, NotificationType, PushConfig } from '../../../shared/contract/notifications';
import {
  getSubscriptionRoute,
  pushConfigRoute,
  subscribeRoute,
  unsubscribeRoute,
  updateSubscriptionRoute,
} from '../../../shared/contract/notifications';
import { callApi } from '../../api/client';
import { chooseProvider } from './chooseProvider';
import { existingRegistration, notificationPermission, pushRegistration, requestNotificationPermission, type PermissionState } from './pushSupport';
import type { PushTokenProvider } from './tokenProvider';

/** What the subscription machine does to the browser and the server (fakes in tests). */
export interface PushDevicePort {
  /** The permission now, this device's token (if it has one) and the server's subscription for it. */
  check(): Promise<DeviceCheck>;
  requestPermission(): Promise<NotificationPermission>;
  /** Gets a token (subscribing the browser) and stores it with the types on the server. */
  enable(types: readonly NotificationType[]): Promise<NotificationSubscription>;
  update(token: string, types: readonly NotificationType[]): Promise<NotificationSubscription>;
  /** Removes the subscription on the server, then in the browser. */
  disable(token: string): Promise<void>;
}

export interface DeviceCheck {
  readonly permission: PermissionState;
  /** Null when this device has no push subscription. */
  readonly token: string | null;
  /** The server's subscription for that token; null when it has none (or the device none). */
  readonly subscription: NotificationSubscription | null;
}

const asItems = (types: readonly NotificationType[]) => types.map((notificationType) => ({ notificationType }));

/** The real port: the server's push config picks the provider, loaded once per page. */
export function createPushDevice(): PushDevicePort {
  let provider: Promise<PushTokenProvider> | undefined;
  const providerOf = (): Promise<PushTokenProvider> => {
    provider ??= callApi(pushConfigRoute).then((config: PushConfig) =>
      chooseProvider(config, {
        registration: pushRegistration,
        existingRegistration,
        loadSdk: () => import('./firebaseSdk'),
        permission: () => Notification.permission,
      }),
    );
    provider.catch(() => {
      provider = undefined;
    });
    return provider;
  };

  return {
    async check() {
      const permission = notificationPermission();
      const registration = await existingRegistration();
      // No worker or no browser subscription: nothing to ask the server about.
      if (!registration || !(await registration.pushManager.getSubscription())) return { permission, token: null, subscription: null };
      const device = await (await providerOf()).current();
      if (!device) return { permission, token: null, subscription: null };
      const subscription = await callApi(getSubscriptionRoute, { params: { token: device.token } });
      return { permission, token: device.token, subscription };
    },
    requestPermission: requestNotificationPermission,
    async enable(types) {
      const device = await (await providerOf()).subscribe();
      return callApi(subscribeRoute, { body: { token: device.token, subscriptionNotificationTypes: asItems(types), ...(device.webPush ? { webPush: device.webPush } : {}) } });
    },
    async update(token, types) {
      return callApi(updateSubscriptionRoute, { body: { token, subscriptionNotificationTypes: asItems(types) } });
    },
    async disable(token) {
      await callApi(unsubscribeRoute, { body: { token } });
      try {
        await (await providerOf()).unsubscribe();
      } catch (error) {
        // The server sends nothing more to this device; a browser subscription left behind is harmless.
        console.warn('The browser push subscription could not be removed', error);
      }
    },
  };
}
