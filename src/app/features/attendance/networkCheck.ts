import { networkStatusRoute } from '../../../shared/contract/attendance';
import { callApi } from '../../api/client';
import { isApiError } from '../../api/ApiError';

/** What the self-test found: on campus, off campus, offline, or it could not tell. */
export type NetworkCheckResult = 'connected' | 'notConnected' | 'offline' | 'failed';

/** SPEC §8, word for word: what registration says off the campus network. */
export const eduroamMessage = 'You do not appear to be connected to the eduroam network.';

export const networkCheckTexts: Record<NetworkCheckResult, { readonly title: string; readonly advice: readonly string[] }> = {
  connected: {
    title: 'This device is on the campus network, so you can register your attendance from it.',
    advice: ['Keep this connection when you register: switching to mobile data or a VPN would take you off it.'],
  },
  notConnected: {
    title: eduroamMessage,
    advice: [
      'Join the eduroam wireless network (sign in with your university email and password).',
      'Turn off mobile data, so your phone does not use it instead of the wireless network.',
      'Turn off any VPN, and private relay or a similar privacy service, while you register: they hide that you are on campus.',
      'Then check again.',
    ],
  },
  offline: {
    title: 'You are offline, so we cannot check your connection.',
    advice: ['Connect to the internet, ideally to eduroam, and check again.'],
  },
  failed: {
    title: 'We could not check your connection just now.',
    advice: ['Please try again in a moment.'],
  },
};

/**
 * Asks the server whether this device's address is on the campus network (read-only: it records
 * nothing). The cache-buster keeps any cache between us and the server from answering.
 */
export async function checkCampusNetwork(): Promise<NetworkCheckResult> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'offline';
  try {
    const { connected } = await callApi(networkStatusRoute, { query: { 'cache-buster': String(Date.now()) } });
    return connected ? 'connected' : 'notConnected';
  } catch (error) {
    return isApiError(error) && error.isNetworkError ? 'offline' : 'failed';
  }
}
