import { openResourceRoute } from '../../../shared/contract/resources';
import { callApi } from '../../api/client';

/**
 * Counts one open of a link for popularResources. Fire and forget: the link opens in its new tab
 * whatever happens here, and a failure (e.g. offline) is only logged.
 */
export function countOpen(rowId: number): void {
  callApi(openResourceRoute, { params: { rowId } }).catch((error: unknown) => {
    console.warn('Counting a resource open failed', error);
  });
}
