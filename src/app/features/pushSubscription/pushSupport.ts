/** The browser's notification permission, or `unsupported` where push cannot work at all. */
export type PermissionState = NotificationPermission | 'unsupported';

/** Push needs a service worker, the Push API and the Notifications API. */
export function isPushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export function notificationPermission(): PermissionState {
  return isPushSupported() ? Notification.permission : 'unsupported';
}

/** Asks the user (only when they have not answered yet); resolves with their answer. */
export async function requestNotificationPermission(): Promise<NotificationPermission> {
  if (Notification.permission !== 'default') return Notification.permission;
  return Notification.requestPermission();
}

/**
 * The service worker registration push goes through. Rejects when no worker is registered (the
 * development server registers none), so nothing waits forever on `serviceWorker.ready`.
 */
export async function pushRegistration(): Promise<ServiceWorkerRegistration> {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) throw new Error('No service worker is registered, so this page cannot receive push messages.');
  return navigator.serviceWorker.ready;
}

/** The registration when one exists, without waiting for one. */
export async function existingRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration();
}

/**
 * Ends this browser's push subscription. Run at sign-out, so a shared device stops receiving the
 * previous user's notifications: the push service then answers 404/410 for the endpoint, and the
 * server deletes the device at its next push. No server call, since sign-out has already cleared
 * the antiforgery cookie by the time clean-ups run.
 */
export async function dropBrowserPushSubscription(): Promise<void> {
  if (!isPushSupported()) return;
  const registration = await existingRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}
