import type { FirebaseWebConfig } from '../../../shared/contract/notifications';
import type { WebPushDeps } from './webPushProvider';
import { PushTokenError, type PushTokenProvider } from './tokenProvider';
import { pushMessages } from './messages';

type FirebaseSdk = typeof import('./firebaseSdk');
type Messaging = ReturnType<FirebaseSdk['getMessaging']>;

export interface FirebaseDeps extends WebPushDeps {
  /** Loads the SDK (a dynamic import, so Firebase never reaches the entry chunk). */
  readonly loadSdk: () => Promise<FirebaseSdk>;
  /** The notification permission right now; getToken would prompt when it is 'default'. */
  readonly permission: () => NotificationPermission;
}

const APP_NAME = 'campus-companion';

/**
 * Firebase Cloud Messaging: the token is the FCM registration token from getToken, made through
 * our own service worker (which shows FCM's data messages like Web Push ones), so no
 * firebase-messaging-sw.js is needed.
 */
export function createFirebaseProvider(firebase: { config: FirebaseWebConfig; vapidKey: string }, deps: FirebaseDeps): PushTokenProvider {
  let messaging: Promise<{ sdk: FirebaseSdk; messaging: Messaging }> | undefined;
  const load = () => {
    messaging ??= deps.loadSdk().then(async (sdk) => {
      if (!(await sdk.isSupported())) throw new Error('Firebase Cloud Messaging is not supported in this browser.');
      const app = sdk.getApps().find((candidate) => candidate.name === APP_NAME) ?? sdk.initializeApp(firebase.config, APP_NAME);
      return { sdk, messaging: sdk.getMessaging(app) };
    });
    messaging.catch(() => {
      messaging = undefined; // try again next time
    });
    return messaging;
  };

  const token = async (serviceWorkerRegistration: ServiceWorkerRegistration): Promise<string> => {
    try {
      const { sdk, messaging: instance } = await load();
      const value = await sdk.getToken(instance, { vapidKey: firebase.vapidKey, serviceWorkerRegistration });
      if (!value) throw new Error('getToken returned no token');
      return value;
    } catch (error) {
      console.warn('Firebase getToken failed', error);
      throw new PushTokenError(pushMessages.firebaseTokenFailed, { cause: error });
    }
  };

  return {
    name: 'fcm',
    async current() {
      if (deps.permission() !== 'granted') return null;
      const registration = await deps.existingRegistration();
      // No push subscription: there is no token to find, and getToken would create one.
      if (!registration || !(await registration.pushManager.getSubscription())) return null;
      return { token: await token(registration) };
    },
    async subscribe() {
      return { token: await token(await deps.registration()) };
    },
    async unsubscribe() {
      const { sdk, messaging: instance } = await load();
      await sdk.deleteToken(instance);
    },
  };
}
