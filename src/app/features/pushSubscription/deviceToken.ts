import { bytesToBase64Url } from './base64Url';

/**
 * The token a Web Push device is known by: base64url(SHA-256(endpoint)), exactly as the server
 * derives it (src/server/features/notifications/subscriptions.service.ts), which checks it.
 */
export async function webPushTokenOf(endpoint: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint));
  return bytesToBase64Url(digest);
}
