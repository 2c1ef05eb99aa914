import type { PushConfig } from '../../../shared/contract/notifications.js';
import type { PushConfig as ServerPushConfig } from '../../config.js';
import type { PushService } from '../../push/push.service.js';

/**
 * What web clients are told about push: Firebase Cloud Messaging when both halves are configured
 * (the service account to send, the web app config for clients to get tokens), else Web Push with
 * this server's VAPID key.
 */
export function pushConfigOf(firebaseWeb: ServerPushConfig['firebaseWeb'], push: Pick<PushService, 'hasFcm' | 'vapidPublicKey'>): PushConfig {
  if (firebaseWeb && push.hasFcm) return { provider: 'fcm', vapidPublicKey: push.vapidPublicKey, firebase: firebaseWeb };
  return { provider: 'webpush', vapidPublicKey: push.vapidPublicKey };
}
