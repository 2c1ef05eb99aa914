import type { FavouriteResource, FavouriteTrending } from '../../../shared/contract/favourites';
import { sendMutation, type WriteDelivery } from '../../sync/writeDelivery';
import {
  addFavouriteResourceMutation,
  addFavouriteTrendingMutation,
  removeFavouriteResourceMutation,
  removeFavouriteTrendingMutation,
} from './favourites.mutations';

/**
 * Favourite writes go through the outbox (GUIDE "offline first") as named mutations
 * (favourites.mutations.ts): applied to the cached list at once, marked pending, replayed in order
 * when the server answers; a refusal drops the change and reloads the list. Each resolves with
 * the write's delivery (sent, or kept on this device), which words its notice.
 */
export async function addFavouriteResource(favourite: FavouriteResource): Promise<WriteDelivery> {
  return sendMutation(addFavouriteResourceMutation, { favourite });
}

export async function removeFavouriteResource(rowId: number): Promise<WriteDelivery> {
  return sendMutation(removeFavouriteResourceMutation, { rowId });
}

export async function addFavouriteTrending(favourite: FavouriteTrending): Promise<WriteDelivery> {
  return sendMutation(addFavouriteTrendingMutation, { favourite });
}

export async function removeFavouriteTrending(wpPostRowId: number): Promise<WriteDelivery> {
  return sendMutation(removeFavouriteTrendingMutation, { rowId: wpPostRowId });
}
