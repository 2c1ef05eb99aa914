import { viewAsStartRoute, viewAsStopRoute, type ViewAsStart } from '../../../shared/contract/adminViewAs';
import { callApi } from '../../api/client';
import { isApiError } from '../../api/ApiError';
import { closeUserDatabase } from '../../db/userDatabase';
import { deleteViewAsData } from '../../db/viewAsData';
import { paths } from '../../routing/paths';

/**
 * Starting and ending an administrator's view-as session (issue 17). Each is a full page load,
 * like signing in or out: every module starts again with the new session's user info, so nothing
 * of one identity's state (stores, machines, the open database) carries over to the other.
 */

/** Where the page goes; replaceable in tests. */
let navigate = (url: string): void => window.location.assign(url);
export function setViewAsNavigation(to: (url: string) => void): void {
  navigate = to;
}

/** Starts viewing as a user; the page reloads on the viewed user's home. Rejects with the server's `ApiError`. */
export async function startViewAs(request: ViewAsStart): Promise<void> {
  await callApi(viewAsStartRoute, { body: request });
  navigate(paths.home);
}

/** Deletes the temporary database of the view-as session (and any other left behind). */
async function wipeViewAsData(): Promise<void> {
  closeUserDatabase();
  await deleteViewAsData().catch((error: unknown) => console.warn('Could not delete the view-as data', error));
}

/**
 * Stops viewing: the server puts the administrator's own session back, the temporary database
 * goes, and the page reloads on the administrator's home. A session that already ended (401, 403)
 * needs no stop: the reload shows whoever is signed in now. Other failures reject.
 */
export async function stopViewAs(): Promise<void> {
  try {
    await callApi(viewAsStopRoute);
  } catch (error) {
    if (!(isApiError(error) && error.reason === 'http' && (error.status === 401 || error.status === 403))) throw error;
  }
  await wipeViewAsData();
  navigate(paths.home);
}

/** The view-as session ran out: the server has ended it; drop its data and load the session anew. */
export async function endExpiredViewAs(): Promise<void> {
  await wipeViewAsData();
  navigate(paths.home);
}
