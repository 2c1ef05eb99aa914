import type { WebPushSubscription } from '../../../shared/contract/notifications';

/** This device as the server knows it: its token and, for Web Push, where and how to send. */
export interface DeviceSubscription {
  readonly token: string;
  readonly webPush?: WebPushSubscription;
}

/**
 * Where a device's push token comes from: standard Web Push (PushManager with the server's VAPID
 * key) or Firebase Cloud Messaging (firebase/messaging). The subscription machine only sees this.
 */
export interface PushTokenProvider {
  readonly name: 'webpush' | 'fcm';
  /** This device's current subscription, or null; never asks the user or creates one. */
  current(): Promise<DeviceSubscription | null>;
  /** Creates this device's subscription, or reuses a good one. Needs granted permission. */
  subscribe(): Promise<DeviceSubscription>;
  /** Ends the subscription in the browser and at the push service. */
  unsubscribe(): Promise<void>;
}

/** A failure to get a token that has its own SPEC §8 text (e.g. 'Failed to get Firebase token'). */
export class PushTokenError extends Error {
  override readonly name = 'PushTokenError';
}
