import { signOutEverywhereRoute } from '../../../shared/contract/auth';
import { callApi } from '../../api/client';
import { signOutLocally } from '../session/signOut';

/**
 * Ends every session of the user (issue 32): the server's, then this device's copy of their data;
 * then the page leaves for where the server says. A plain call, not a query: Settings is on a
 * student route, whose first paint never brings the query client.
 */
export async function signOutEverywhere(): Promise<void> {
  const { location } = await callApi(signOutEverywhereRoute);
  await signOutLocally();
  window.location.assign(location);
}
