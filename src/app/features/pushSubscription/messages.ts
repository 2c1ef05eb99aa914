/** SPEC §8 notification texts, word for word. */
export const pushMessages = {
  enabled: 'Notifications enabled on this device',
  updated: 'Notifications settings updated',
  unsubscribed: 'Unsubscribed from notifications on this device',
  subscribeFailed: 'Unable to subscribe to push notifications on this device',
  updateFailed: 'Unable to update push notifications on this device',
  unsubscribeFailed: 'Unable to unsubscribe from push notifications on this device',
  firebaseTokenFailed: 'Failed to get Firebase token',
  permissionRefused: 'Permission not granted for Notification',
} as const;
