import { enqueueMutation } from '../../sync/outbox';
import { countOpenMutation } from './resources.mutations';

/**
 * Counts one open of a link for popularResources, through the outbox: an open made offline is
 * sent when the server is reachable again. Fire and forget: the link opens in its new tab whatever
 * happens here, and a failure to queue it is only logged.
 */
export function countOpen(rowId: number): void {
  enqueueMutation(countOpenMutation, { rowId }).catch((error: unknown) => {
    console.warn('Counting a resource open failed', error);
  });
}
