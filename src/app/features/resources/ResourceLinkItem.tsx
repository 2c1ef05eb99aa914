import type { FavouriteResource } from '../../../shared/contract/favourites';
import { FavouriteToggle } from '../favourites/FavouriteToggle';
import { PendingLabel } from '../favourites/PendingLabel';
import type { Favourites } from '../favourites/useFavouriteResources';
import { ExternalLink } from './ExternalLink';

export interface LinkItemData {
  readonly rowId: number;
  readonly displayName: string;
  readonly url: string;
  readonly description?: string | null;
}

/** One link: its name (opening in a new tab), description, pending mark and favourite toggle. */
export function ResourceLinkItem({ link, favourites }: { readonly link: LinkItemData; readonly favourites: Favourites<FavouriteResource> }) {
  return (
    <li className="resource-link">
      <div className="resource-link__text">
        <ExternalLink className="resource-link__name" href={link.url} rowId={link.rowId}>
          {link.displayName}
        </ExternalLink>
        {link.description && <p className="resource-link__description">{link.description}</p>}
        <PendingLabel change={favourites.pendingOf(link.rowId)} />
      </div>
      <FavouriteToggle name={link.displayName} isFavourite={favourites.isFavourite(link.rowId)} onToggle={() => favourites.toggle(link)} />
    </li>
  );
}
