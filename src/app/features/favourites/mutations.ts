import type { FavouriteResource, FavouriteTrending } from '../../../shared/contract/favourites';
import { enqueueMutation } from '../../sync/outbox';
import {
  addFavouriteResourceMutation,
  addFavouriteTrendingMutation,
  removeFavouriteResourceMutation,
  removeFavouriteTrendingMutation,
} from './favourites.mutations';

/**
 * Favourite writes go through the outbox (GUIDE "offline first") as named mutations
 * (favourites.mutations.ts): applied to the cached list at once, marked pending, replayed in order
 * when the server answers; a refusal drops the change and reloads the list.
 */
export async function addFavouriteResource(favourite: FavouriteResource): Promise<void> {
  await enqueueMutation(addFavouriteResourceMutation, { favourite });
}

export async function removeFavouriteResource(rowId: number): Promise<void> {
  await enqueueMutation(removeFavouriteResourceMutation, { rowId });
}

export async function addFavouriteTrending(favourite: FavouriteTrending): Promise<void> {
  await enqueueMutation(addFavouriteTrendingMutation, { favourite });
}

export async function removeFavouriteTrending(wpPostRowId: number): Promise<void> {
  await enqueueMutation(removeFavouriteTrendingMutation, { rowId: wpPostRowId });
}
