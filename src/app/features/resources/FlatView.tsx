import type { FavouriteResource } from '../../../shared/contract/favourites';
import type { ResourceLink } from '../../../shared/contract/resources';
import type { Favourites } from '../favourites/useFavouriteResources';
import { ResourceLinkItem } from './ResourceLinkItem';

/** Every link once, A to Z. */
export function FlatView({ links, favourites }: { readonly links: readonly ResourceLink[]; readonly favourites: Favourites<FavouriteResource> }) {
  return (
    <ul className="resource-list resource-list--flat card">
      {links.map((link) => (
        <ResourceLinkItem key={link.rowId} link={link} favourites={favourites} />
      ))}
    </ul>
  );
}
