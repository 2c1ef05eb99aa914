import type { PushConfig } from '../../../shared/contract/notifications';
import { createFirebaseProvider, type FirebaseDeps } from './firebaseProvider';
import type { PushTokenProvider } from './tokenProvider';
import { createWebPushProvider } from './webPushProvider';

/** The token provider the server's push config names: Firebase only when it is configured. */
export function chooseProvider(config: PushConfig, deps: FirebaseDeps): PushTokenProvider {
  return config.provider === 'fcm' ? createFirebaseProvider(config.firebase, deps) : createWebPushProvider(config.vapidPublicKey, deps);
}
